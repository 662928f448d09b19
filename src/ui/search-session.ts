import type { SearchResponse } from "../core/search/search-result";
import type { SearchMode } from "../core/types";
import type { SearchPort } from "./ports";
import { parseModePrefix, typingLastWord } from "./query-mode";

/** Timers the session schedules with; the modal passes the window's, tests pass fakes. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** What the list shows for the current input. */
export interface SessionState {
  /** Mode and query key of the input this answers. */
  key: string;
  mode: SearchMode;
  /** The query without a mode prefix. */
  query: string;
  /** "keyword": typed-as-you-go results, the full search still to come; "final": the full answer. */
  phase: "keyword" | "final";
  response: SearchResponse;
  /** Whether the last word was being typed (it is matched as a prefix and highlighted as one). */
  prefixLast: boolean;
}

export interface SearchSessionOptions {
  /** Quiet time before the full (embedding) search starts, in ms. Default 150. */
  debounceMs?: number;
  /** Notes asked for. Default: the engine's own limit. */
  limit?: () => number | undefined;
  /** Called when a full answer replaces the keyword results of the current input. */
  onFinal: (state: SessionState) => void;
}

/**
 * Search-as-you-type: each input gets keyword results at once, and, after a short pause, the full search; a new
 * input cancels the pending one and aborts its request, so a stale answer never replaces a newer list.
 */
export class SearchSession {
  private current: SessionState | undefined;
  private timer: number | undefined;
  private controller: AbortController | undefined;

  constructor(
    private readonly port: SearchPort,
    private readonly timers: Timers,
    private readonly opts: SearchSessionOptions,
  ) {}

  /** The state for this input: the current one if nothing changed, else fresh keyword results. */
  input(raw: string, toggleMode: SearchMode): SessionState | undefined {
    const { mode, query } = parseModePrefix(raw, toggleMode);
    const prefixLast = typingLastWord(query);
    const key = `${mode}\u0000${query.trim()}\u0000${prefixLast ? 1 : 0}`;
    if (this.current?.key === key) return this.current;
    this.cancel();
    if (query.trim() === "") {
      this.current = undefined;
      return undefined;
    }
    const limit = this.opts.limit?.();
    const response = this.port.searchKeyword({ query, prefixLast, ...(limit === undefined ? {} : { limit }) });
    const phase = mode === "keyword" ? "final" : "keyword";
    const state: SessionState = { key, mode, query, phase, response: { ...response, mode }, prefixLast };
    this.current = state;
    if (phase === "keyword") this.schedule(state, limit);
    return state;
  }

  /** Whether a full search is waiting or running for the current input. */
  get pending(): boolean {
    return this.current?.phase === "keyword";
  }

  /** Stops the pending search and aborts its request. */
  cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
  }

  private schedule(state: SessionState, limit: number | undefined): void {
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      const controller = new AbortController();
      this.controller = controller;
      void this.port
        .search({
          query: state.query,
          mode: state.mode,
          prefixLast: state.prefixLast,
          signal: controller.signal,
          ...(limit === undefined ? {} : { limit }),
        })
        .then(
          (response) => this.settle(state, controller, response),
          // The engine promises never to reject; if it does anyway, keep the keyword list rather than wait forever.
          () => this.settle(state, controller, { ...state.response, effectiveMode: "keyword" }),
        );
    }, this.opts.debounceMs ?? 150);
  }

  private settle(state: SessionState, controller: AbortController, response: SearchResponse): void {
    if (controller.signal.aborted || response.aborted || this.current !== state) return;
    this.controller = undefined;
    const final: SessionState = { ...state, phase: "final", response };
    this.current = final;
    this.opts.onFinal(final);
  }
}
