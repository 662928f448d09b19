import type { AppError } from "../result";
import { normalizeOllamaUrl } from "./ollama-url";

/**
 * Asks the server whether it answers again; resolves true when it did. Given by the request whose timeout opened
 * the breaker, so it can ask about that request's model.
 */
export type BreakerProbe = (signal: AbortSignal) => Promise<boolean>;

export interface OllamaBreakerOptions {
  /** Wait before the first probe after the breaker opens, in ms; it doubles after each probe that fails. Default 1000. */
  firstProbeMs?: number;
  /**
   * Longest wait between two probes, in ms. It bounds how long semantic search stays off after the server is back,
   * so it is kept short: a probe is one /api/version call. Default 10000.
   */
  maxProbeMs?: number;
  /** Waits between probes; injectable so tests decide when a probe runs. Default: an unref'd setTimeout. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * One Ollama server's circuit breaker. A request that times out means the server accepts connections but does not
 * answer (a down server fails fast on its own): waiting out the timeout again on every search would cost the user
 * the full timeout each time. So after one timeout the breaker opens: requests fail at once with its error (the
 * search falls back to keywords and says why), and requests still in flight are cut short through `signal`, while a
 * background probe with backoff asks the server until it answers. Then the breaker closes and listeners (the index,
 * waiting to embed) are told.
 */
export class OllamaBreaker {
  private error: AppError | undefined;
  private probe: BreakerProbe | undefined;
  private trip$ = new AbortController();
  private probing: AbortController | undefined;
  private readonly listeners = new Map<(open: boolean) => void, () => boolean>();
  private readonly firstMs: number;
  private readonly maxMs: number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private disposed = false;
  /** Probes sent since the breaker last opened. */
  probes = 0;

  constructor(opts: OllamaBreakerOptions = {}) {
    this.firstMs = Math.max(1, opts.firstProbeMs ?? 1000);
    this.maxMs = Math.max(this.firstMs, opts.maxProbeMs ?? 10_000);
    this.sleep = opts.sleep ?? unrefSleep;
  }

  /** The error requests fail with while the breaker is open; undefined while it is closed. */
  get openError(): AppError | undefined {
    return this.error;
  }

  /** Aborts when the breaker opens, so requests in flight on the stuck server end with it; renewed on close. */
  get signal(): AbortSignal {
    return this.trip$.signal;
  }

  /**
   * A request timed out: open with `error` (what requests answer meanwhile) and start probing with `probe`. While
   * open, a later timeout only updates the probe (the latest request knows the latest model).
   */
  trip(error: AppError, probe: BreakerProbe): void {
    if (this.disposed) return;
    this.probe = probe;
    if (this.error) return;
    this.error = error;
    this.probes = 0;
    this.trip$.abort(error);
    this.emit(true);
    void this.probeUntilAnswered();
  }

  /**
   * Calls `listener` with true when the breaker opens and false when it closes; returns the unsubscribe. `alive`
   * says whether the listener still matters: one that answers false is dropped at the next subscription, so sessions
   * that came and went (a reader reloading the index) leave nothing behind. Default: always alive.
   */
  onChange(listener: (open: boolean) => void, alive: () => boolean = () => true): () => void {
    for (const [other, isAlive] of [...this.listeners]) if (!isAlive()) this.listeners.delete(other);
    this.listeners.set(listener, alive);
    return () => this.listeners.delete(listener);
  }

  /** Listeners subscribed now (for tests of what sessions leave behind). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Stops probing for good (the host is going away); the breaker stays as it is. */
  dispose(): void {
    this.disposed = true;
    this.probing?.abort();
    this.listeners.clear();
  }

  private async probeUntilAnswered(): Promise<void> {
    const probing = (this.probing = new AbortController());
    for (let wait = this.firstMs; ; wait = Math.min(this.maxMs, wait * 2)) {
      try {
        await this.sleep(wait, probing.signal);
      } catch {
        return;
      }
      if (probing.signal.aborted) return;
      this.probes++;
      const answered = await (this.probe?.(probing.signal) ?? Promise.resolve(true)).catch(() => false);
      if (probing.signal.aborted) return;
      if (answered) break;
    }
    this.error = undefined;
    this.probing = undefined;
    this.trip$ = new AbortController();
    this.emit(false);
  }

  private emit(open: boolean): void {
    for (const [listener, alive] of [...this.listeners]) {
      if (!alive()) {
        this.listeners.delete(listener);
        continue;
      }
      try {
        listener(open);
      } catch {
        // A listener's failure is its own; the others still hear.
      }
    }
  }
}

/** One breaker per Ollama server, shared by every client of a process (searches, indexing, sessions reloaded). */
export class OllamaHealth {
  private readonly breakers = new Map<string, OllamaBreaker>();

  constructor(private readonly opts: OllamaBreakerOptions = {}) {}

  /** The breaker of the server at `baseUrl` (normalised), created on first use. */
  breakerFor(baseUrl: string): OllamaBreaker {
    const key = normalizeOllamaUrl(baseUrl) ?? baseUrl;
    let b = this.breakers.get(key);
    if (!b) {
      b = new OllamaBreaker(this.opts);
      this.breakers.set(key, b);
    }
    return b;
  }

  /** Stops every probe (the plugin unloads, the server exits). */
  dispose(): void {
    for (const b of this.breakers.values()) b.dispose();
  }
}

/** A timer that never keeps a Node process alive on its own: a one-shot CLI run exits without waiting for a probe. */
function unrefSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Error("aborted"));
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error("aborted"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    (timer as { unref?: () => void }).unref?.();
  });
}
