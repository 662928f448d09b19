import { highlightTermsOf } from "../../core/search/excerpt";
import { failedSearch, searchFailedNotice, type SearchRequest } from "../../core/search/search-engine";
import type { NoteResult, SearchResponse } from "../../core/search/search-result";
import type { SearchMode } from "../../core/types";
import { FullSearch, type Timers } from "./full-search";
import type { SearchPort } from "../ports";
import { parseModePrefix, typingLastWord } from "./query-mode";
import { emptyState, rowsKey, type SearchChange, type SearchState, statusLines, type ListChange } from "./search-state";
import { noticeLines } from "./search-status";
import { RerankStage } from "./rerank-stage";

/** What the store searches with. */
export interface SearchStoreOptions {
  /** The engine: keyword results at once, the full search as a promise. Required. */
  search: SearchPort;
  /** What the pause before the full search waits with. Required (the modal passes the window's). */
  timers: Timers;
  /** Quiet time after a keystroke before the full (embedding) search starts, in ms. Default 150. */
  debounceMs?: number;
  /** Notes asked for, read for every query. Default: the engine's own limit. */
  limit?: () => number | undefined;
  /** The Ollama URL an outage line names, read when a response arrives. Default "" (no URL named). */
  ollamaUrl?: () => string;
  /** Whether hybrid and semantic queries are reranked (the setting), read for every query. Default: only after `r:`. */
  rerankEnabled?: () => boolean;
}

/** Called after every change with the new state and what the view must redraw. */
export type SearchListener = (state: SearchState, change: SearchChange) => void;

/**
 * The search modal's one owner of state. Events come in (a keystroke, a toggle, an arrow key, a late answer) and
 * each produces a new immutable SearchState pushed to the listeners: a keystroke gets keyword results at once and
 * starts the full search after a pause; the full answer replaces them keeping the selected note selected; a newer
 * keystroke aborts the older request, so a stale answer never lands.
 */
export class SearchStore {
  private current: SearchState = emptyState("hybrid");
  private readonly listeners = new Set<SearchListener>();
  private readonly full: FullSearch;
  /** Undefined when the port can't rerank. */
  private readonly reranking: RerankStage | undefined;

  constructor(private readonly opts: SearchStoreOptions) {
    this.full = new FullSearch(opts.search, opts.timers, opts.debounceMs ?? 150);
    const rerank = opts.search.rerank?.bind(opts.search);
    this.reranking = rerank ? new RerankStage(rerank) : undefined;
  }

  get state(): SearchState {
    return this.current;
  }

  /** The selected result, if any. */
  get selectedResult(): NoteResult | undefined {
    return this.current.results[this.current.selected];
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: SearchListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The search box changed (a keystroke, a paste). */
  input(raw: string): void {
    this.query(raw, this.current.toggleMode, "new");
  }

  /** The mode toggle was clicked: it overrides a typed prefix, so the prefix goes. */
  setMode(mode: SearchMode): void {
    const typed = parseModePrefix(this.current.input, mode);
    this.query(typed.prefixed ? typed.query : this.current.input, mode, "replace");
  }

  /** The "Show superseded" toggle: the same query runs again with superseded notes included or left out. */
  setIncludeSuperseded(on: boolean): void {
    if (on === this.current.includeSuperseded) return;
    this.current = { ...this.current, includeSuperseded: on };
    this.query(this.current.input, this.current.toggleMode, "replace", true);
  }

  setExplain(on: boolean): void {
    if (on === this.current.explain) return;
    const list: ListChange = this.current.results.length > 0 ? "replace" : "none";
    this.commit({ ...this.current, explain: on }, { list, reveal: false });
  }

  /** Moves the selection by `delta` rows, wrapping at both ends, and brings it into view. */
  move(delta: number): void {
    const count = this.current.results.length;
    if (count === 0) return;
    const selected = (((this.current.selected + delta) % count) + count) % count;
    this.commit({ ...this.current, selected }, { list: "none", reveal: true });
  }

  /** Selects a row without scrolling (the pointer is over it). */
  select(index: number): void {
    if (index === this.current.selected || index < 0 || index >= this.current.results.length) return;
    this.commit({ ...this.current, selected: index }, { list: "none", reveal: false });
  }

  /** Runs a suggested query ("did you mean") in place of the typed one, keeping a typed mode prefix. */
  runSuggestion(suggestion: string): void {
    const { input, toggleMode } = this.current;
    const prefix = input.slice(0, input.length - parseModePrefix(input, toggleMode).query.length);
    this.input(`${prefix}${suggestion} `);
  }

  /** The modal closed: the request waiting or running is dropped. */
  close(): void {
    this.full.cancel();
    this.reranking?.cancel();
  }

  private query(raw: string, toggleMode: SearchMode, how: "new" | "replace", force = false): void {
    const prev = this.current;
    const typed = parseModePrefix(raw, toggleMode);
    const { mode, query } = typed;
    const rerank = typed.rerank === true || (mode !== "keyword" && this.opts.rerankEnabled?.() === true);
    const prefixLast = typingLastWord(query);
    const same = mode === prev.mode && query.trim() === prev.query.trim() && prefixLast === prev.prefixLast && rerank === prev.rerank;
    if (!force && same && prev.phase !== "empty") {
      // Same search (spaces inside the box changed, or a toggle confirmed the typed mode): only the box changes.
      if (raw !== prev.input || toggleMode !== prev.toggleMode) this.commit({ ...prev, input: raw, toggleMode }, { list: "none", reveal: false });
      return;
    }
    this.full.cancel();
    this.reranking?.cancel();
    if (query.trim() === "") {
      const empty = { ...emptyState(toggleMode, prev.explain, prev.outage, prev.includeSuperseded), input: raw, mode };
      this.commit(empty, { list: prev.phase === "empty" && raw === prev.input ? "none" : "new", reveal: false });
      return;
    }
    const limit = this.opts.limit?.();
    const sized = { ...(limit === undefined ? {} : { limit }), ...(prev.includeSuperseded ? { includeSuperseded: true } : {}) };
    const keyword: SearchResponse = { ...this.keywordAnswer({ query, prefixLast, ...sized }, mode), mode };
    const phase = mode === "keyword" ? "final" : "keyword";
    const selected = how === "new" ? 0 : keptSelection(pathsOf(prev.results), prev.selected, pathsOf(keyword.results));
    const next = this.answered({ ...prev, input: raw, toggleMode, mode, query, prefixLast, rerank, selected }, phase, keyword);
    this.commit(next, { list: how, reveal: false });
    if (phase === "keyword") {
      this.full.start({ query, mode, prefixLast, ...sized }, (response, cause) => {
        // A full search that failed keeps the keyword results, and says why nothing more came.
        const notices = cause === undefined ? keyword.notices : [...keyword.notices, searchFailedNotice(cause)];
        this.late(next, response ?? { ...keyword, effectiveMode: "keyword", notices });
      });
    }
  }

  /**
   * The keyword answer of a keystroke. The engine never throws, but the modal must survive a port that does: the
   * failure becomes a status line, and the next keystroke searches again.
   */
  private keywordAnswer(req: SearchRequest, mode: SearchMode): SearchResponse {
    try {
      return this.opts.search.searchKeyword(req);
    } catch (cause) {
      return failedSearch(req, mode, cause);
    }
  }

  /**
   * The full answer for `asked`: ignored if the query changed since; otherwise it replaces the keyword results.
   * When the query is reranked, the rerank starts from it (not while Ollama is out: it would only fail again).
   */
  private late(asked: SearchState, response: SearchResponse): void {
    const prev = this.current;
    if (!sameQuery(prev, asked) || prev.phase !== "keyword") return;
    const outage = noticeLines(response, this.url()).find((l) => l.outage);
    const stage = this.reranking;
    const rerank = prev.rerank && stage !== undefined && outage === undefined && response.results.length > 1;
    const next = this.swap({ ...prev, outage }, rerank ? "reranking" : "final", response);
    if (rerank) stage.start(response, (reranked) => this.reranked(next, reranked));
  }

  /** The reranked answer for `asked`: it replaces the fused one unless the query changed since. */
  private reranked(asked: SearchState, response: SearchResponse): void {
    const prev = this.current;
    if (!sameQuery(prev, asked) || prev.phase !== "reranking") return;
    this.swap(prev, "final", response);
  }

  /** `prev`'s rows replaced in place by `response`'s, the selected note kept selected (see keptSelection). */
  private swap(prev: SearchState, phase: SearchState["phase"], response: SearchResponse): SearchState {
    const same = rowsKey(prev.results, prev.explain) === rowsKey(response.results, prev.explain);
    const selected = keptSelection(pathsOf(prev.results), prev.selected, pathsOf(response.results));
    const next = this.answered({ ...prev, selected }, phase, response);
    this.commit(next, { list: same ? "none" : "replace", reveal: false });
    return next;
  }

  /** `base` showing `response` in `phase`, with its highlight and status lines worked out. */
  private answered(base: SearchState, phase: SearchState["phase"], response: SearchResponse): SearchState {
    const highlight = highlightTermsOf(response.query, base.prefixLast);
    const status = statusLines(phase, base.outage, noticeLines(response, this.url()));
    return { ...base, phase, response, results: response.results, highlight, status };
  }

  private url(): string {
    return this.opts.ollamaUrl?.() ?? "";
  }

  private commit(next: SearchState, change: SearchChange): void {
    this.current = next;
    for (const listener of this.listeners) listener(next, change);
  }
}

function sameQuery(a: SearchState, b: SearchState): boolean {
  return (
    a.query === b.query &&
    a.mode === b.mode &&
    a.prefixLast === b.prefixLast &&
    a.rerank === b.rerank &&
    a.includeSuperseded === b.includeSuperseded
  );
}

function pathsOf(results: readonly NoteResult[]): string[] {
  return results.map((r) => r.path);
}

/**
 * Where the selection goes when a result list is replaced: it follows the selected note if the new list still
 * has it, and otherwise stays at the same position (clamped to the new list), so the row under the cursor or the
 * keyboard focus does not jump when better results arrive.
 */
export function keptSelection(oldKeys: readonly string[], oldIndex: number, newKeys: readonly string[]): number {
  if (newKeys.length === 0) return 0;
  const selected = oldKeys[oldIndex];
  const found = selected === undefined ? -1 : newKeys.indexOf(selected);
  if (found >= 0) return found;
  return Math.min(Math.max(0, oldIndex), newKeys.length - 1);
}
