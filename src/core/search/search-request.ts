import type { ChunkIndex } from "../index/chunk-index";
import type { Embedder } from "../ollama/embedder";
import type { HydeGenerator } from "../ollama/hyde";
import type { SearchMode } from "../types";
import { messageText } from "../errors/messages";
import type { NoteFilter } from "./note-filter";
import type { NoteSignalSource, SignalMask } from "./note-signals";
import { parseQuery, type ParsedQuery } from "./query-parser";
import type { SearchNotice, SearchResponse } from "./search-result";

/** One search. */
export interface SearchRequest {
  /** What the user typed, with the query syntax (`"phrase"`, `-word`, `path:`, `tag:`, `modified:`, `created:`). */
  query: string;
  /** Default "hybrid". */
  mode?: SearchMode;
  /** Notes to return. Default: the options' limit. */
  limit?: number;
  /** Aborts the embedding and HyDE calls; the response then has `aborted: true`. */
  signal?: AbortSignal;
  /** Treat the last word as a prefix, for search as you type. Default false. */
  prefixLast?: boolean;
  /** A query vector computed elsewhere (benchmarks, tests); the embedder is then not called. */
  queryVector?: Float32Array;
  /** A HyDE passage vector computed elsewhere; HyDE generation is then not called. */
  hydeVector?: Float32Array;
  /** Include notes marked superseded (`superseded_by`, or a status of `supersededStatuses`). Default false. */
  includeSuperseded?: boolean;
  /**
   * The keyword list searches on memos apart from the user's searches' (see `KeywordSearchOptions.scratch`): for a
   * warm-up of the keystroke path. Default false.
   */
  scratch?: boolean;
  /** The time ages in date filters (`modified:<30d`) and the recency boost count from, ms. Default: the clock. */
  now?: number;
}

/** What the engine searches with. The embedder and HyDE are optional: without them search is keyword-only. */
export interface SearchEngineDeps {
  index: ChunkIndex;
  embedder?: Embedder;
  hyde?: HydeGenerator;
  /**
   * Awaited between slices of a vector scan (a few thousand vectors each), so that typing goes on while a large
   * index is scanned; typically a promise that settles on the next macrotask. Default none: the scan runs in one go.
   */
  pause?: () => Promise<void>;
  /**
   * The record of notes the index was built from (the synced index's notes): their dates and frontmatter status,
   * for date filters, superseded notes and recency. Default none: those filter nothing and boost nothing.
   */
  notes?: NoteSignalSource;
}

/** One search's parsed query, its compiled note filter (if it has filters) and how deep each list is read. */
export interface Retrieval {
  q: ParsedQuery;
  filter: NoteFilter | undefined;
  /** Distinct notes each list is read to (see `candidateNotes`); with filters, notes that pass them. */
  notes: number;
  /** The date and superseded mask, when the search has one. */
  mask: SignalMask | undefined;
  /** The time ages count from, ms since the epoch. */
  now: number;
}

/** The notice for a search that failed on an unexpected error `cause`. */
export function searchFailedNotice(cause: unknown): SearchNotice {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return { code: "SEARCH_FAILED", message: messageText("searchFailed", { reason }) };
}

/** The answer to a search that failed on an unexpected error: no results, and a notice that says so. */
export function failedSearch(req: SearchRequest, mode: SearchMode, cause: unknown): SearchResponse {
  return { query: parseQuery(req.query), mode, effectiveMode: mode, results: [], notices: [searchFailedNotice(cause)], lists: {}, aborted: false };
}
