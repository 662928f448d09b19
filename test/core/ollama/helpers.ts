import { OllamaClient, type OllamaClientOptions } from "../../../src/core/ollama/ollama-client";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";

/** A client for the fake server whose backoff sleeps are recorded and skipped, so no test waits on real time. */
export function testClient(
  fake: FakeOllama,
  opts: Partial<OllamaClientOptions> = {},
): { client: OllamaClient; sleeps: number[] } {
  const sleeps: number[] = [];
  const client = new OllamaClient({
    baseUrl: fake.url,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    ...opts,
  });
  return { client, sleeps };
}

/** Resolves once `predicate` holds, checking on every macrotask; used instead of fixed sleeps. */
export async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `fn` against a fake of its own, closed afterwards. For tests whose client gives up before the server has
 * seen the request (tiny timeouts): the late request then lands on a closed server, not in another test's stats.
 */
export async function withOwnFake<T>(fn: (fake: FakeOllama) => Promise<T>): Promise<T> {
  const own = await startFakeOllama();
  try {
    return await fn(own);
  } finally {
    await own.close();
  }
}
