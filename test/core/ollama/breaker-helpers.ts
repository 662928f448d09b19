import { OllamaHealth, type OllamaBreaker } from "../../../src/core/ollama/ollama-breaker";

/**
 * Probe waits that the test ends by hand: the breaker's probe runs only when the test calls `release`, so nothing
 * depends on how long anything takes.
 */
export function manualProbes(): { health: OllamaHealth; waiting: () => number; waits: number[]; release: () => void } {
  const pending: (() => void)[] = [];
  const waits: number[] = [];
  const health = new OllamaHealth({
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        waits.push(ms);
        pending.push(resolve);
        signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
      }),
  });
  return {
    health,
    waits,
    waiting: () => pending.length,
    release: () => pending.shift()?.(),
  };
}

/** A fetch that records the path of every request the client sends, so a test can tell that none was sent. */
export function recordingFetch(): { fetch: typeof fetch; paths: string[] } {
  const paths: string[] = [];
  return {
    paths,
    fetch: (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      paths.push(new URL(url).pathname);
      return globalThis.fetch(input, init);
    },
  };
}

/**
 * Lets probes run one at a time until the breaker closes: a probe that a loaded machine answers too late for its
 * time limit only means one more round, never a test that waits forever.
 */
export async function releaseUntilClosed(probes: ReturnType<typeof manualProbes>, breaker: OllamaBreaker): Promise<void> {
  while (breaker.openError) {
    while (probes.waiting() === 0 && breaker.openError) await new Promise((resolve) => setImmediate(resolve));
    probes.release();
  }
}
