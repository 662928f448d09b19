import type { HighlightTerms } from "../../core/search/excerpt";
import type { NoteResult, SearchResponse } from "../../core/search/search-result";
import type { SearchMode } from "../../core/types";
import { explainLine } from "./explain-format";
import type { StatusLine } from "./search-status";

/** Everything the search modal shows, at one moment. Owned by SearchStore; the view only reads it. */
export interface SearchState {
  /** What the search box holds. */
  readonly input: string;
  /** The mode toggle's setting. */
  readonly toggleMode: SearchMode;
  /** The mode the query runs in: a typed `k:`/`s:`/`h:` prefix overrides the toggle. */
  readonly mode: SearchMode;
  /** The query without its mode prefix. */
  readonly query: string;
  /** Whether the last word is still being typed (it is matched and highlighted as a prefix). */
  readonly prefixLast: boolean;
  /** Whether the full answer is reranked: the `r:` prefix, or the setting for hybrid and semantic queries. */
  readonly rerank: boolean;
  /**
   * "empty": nothing typed; "keyword": keyword results while the full search runs; "reranking": the full answer
   * while the rerank runs; "final": the last answer.
   */
  readonly phase: "empty" | "keyword" | "reranking" | "final";
  /** The answer the rows come from; undefined while nothing is typed. */
  readonly response: SearchResponse | undefined;
  readonly results: readonly NoteResult[];
  /** What the rows highlight, worked out once per answer rather than once per row. */
  readonly highlight: HighlightTerms;
  /** Index of the selected row (0 when the list is empty). */
  readonly selected: number;
  /** Whether rows show their ranks and fused score. */
  readonly explain: boolean;
  /** Whether notes marked superseded are searched too (the "Show superseded" toggle). Default false. */
  readonly includeSuperseded: boolean;
  /** The lines above the results: progress, fallbacks, other notices, a suggested query. Empty hides the area. */
  readonly status: readonly StatusLine[];
  /** The last full search found Ollama unreachable; said again while the next one runs, instead of flickering. */
  readonly outage: StatusLine | undefined;
}

/** How the result list must be redrawn after a change. */
export type ListChange =
  /** The rows are as they were (selection and status may still have changed). */
  | "none"
  /** A new query's list: drawn from the top, its first rows at once and the rest after the paint. */
  | "new"
  /** The same query's list replaced in place (late results, a toggle): every row at once, scroll position kept. */
  | "replace";

/** What changed, so the view redraws only that. */
export interface SearchChange {
  list: ListChange;
  /** The selection moved by keyboard: bring it into view (a mouse move must not scroll under the pointer). */
  reveal: boolean;
}

/** The state before anything is typed. */
export function emptyState(toggleMode: SearchMode, explain = false, outage?: StatusLine, includeSuperseded = false): SearchState {
  return {
    input: "",
    toggleMode,
    mode: toggleMode,
    query: "",
    prefixLast: false,
    rerank: false,
    phase: "empty",
    response: undefined,
    results: [],
    highlight: { terms: [] },
    selected: 0,
    explain,
    includeSuperseded,
    status: [],
    outage,
  };
}

/** What a list of rows shows, as one string: the note, its best chunk and, when shown, the explanation. */
export function rowsKey(results: readonly NoteResult[], explain: boolean): string {
  return results
    .map((r) => `${r.path}\u0000${r.best.id}\u0000${r.successorPath ?? r.supersededBy ?? ""}\u0000${explain ? explainLine(r.explain, r.rerank) : ""}`)
    .join("\u0001");
}

/**
 * The status lines for a state: progress (or the known outage) while the full search runs, "Reranking…" while the
 * rerank runs, then the notices.
 */
export function statusLines(phase: SearchState["phase"], outage: StatusLine | undefined, notices: readonly StatusLine[]): StatusLine[] {
  if (phase === "reranking") return [{ text: "Reranking…", pending: true }, ...notices];
  if (phase !== "keyword") return [...notices];
  return [outage ?? { text: "Searching by meaning…", pending: true }, ...notices];
}
