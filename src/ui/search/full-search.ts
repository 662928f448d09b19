import type { SearchRequest } from "../../core/search/search-engine";
import type { SearchResponse } from "../../core/search/search-result";
import type { SearchPort } from "../ports";

/** Timers the full search waits with; the modal passes the window's, tests pass fakes. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** The window's timers. */
export const windowTimers: Timers = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/**
 * The slow half of search-as-you-type: the full (embedding) search starts after a quiet pause, and starting
 * another or cancelling aborts the one waiting or running. It holds no results: an answer goes to the callback
 * of the request that asked for it, and only while that request is still the latest one.
 */
export class FullSearch {
  private timer: number | undefined;
  private controller: AbortController | undefined;

  constructor(
    private readonly port: SearchPort,
    private readonly timers: Timers,
    /** Quiet time before the request is sent, in ms. */
    private readonly debounceMs: number,
  ) {}

  /**
   * Sends `req` after the pause, replacing any earlier request. `onAnswer` gets the response, or `undefined` and the
   * cause if the port broke its promise never to reject (or threw); it is not called for a request that was aborted
   * or replaced.
   */
  start(req: Omit<SearchRequest, "signal">, onAnswer: (response: SearchResponse | undefined, cause?: unknown) => void): void {
    this.cancel();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      const controller = new AbortController();
      this.controller = controller;
      const settle = (response: SearchResponse | undefined, cause?: unknown): void => {
        if (this.controller !== controller || controller.signal.aborted || response?.aborted === true) return;
        this.controller = undefined;
        onAnswer(response, cause);
      };
      let asked: Promise<SearchResponse>;
      try {
        asked = this.port.search({ ...req, signal: controller.signal });
      } catch (cause) {
        // A port that throws at once is treated as one that rejects: the timer callback must not throw.
        asked = Promise.reject(cause instanceof Error ? cause : new Error(String(cause)));
      }
      void asked.then(settle, (cause: unknown) => settle(undefined, cause));
    }, this.debounceMs);
  }

  /** Drops the waiting request and aborts the running one. */
  cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
  }
}
