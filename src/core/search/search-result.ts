import type { AppError } from "../result";
import type { ListName, SearchMode } from "../types";
import type { ParsedQuery } from "./query-parser";
import type { NoticeCode } from "../errors/error-table";
import type { ScoreFactor } from "./score-signals";

/** One matching chunk of a result note. */
export interface ChunkMatch {
  id: string;
  headingPath: readonly string[];
  startLine: number;
  endLine: number;
  text: string;
  /** Fused score of the chunk alone. */
  score: number;
  /** 1-based rank of the chunk in each list that found it. */
  ranks: Partial<Record<ListName, number>>;
}

/** Why a note ranks where it does. */
export interface Explanation {
  /** 1-based rank of the note (its best chunk) in each list that found it. */
  ranks: Partial<Record<ListName, number>>;
  /** Fused score: Σ w / (k + rank), before `signals`. */
  fused: number;
  /** What folder weights and recency multiplied `fused` by to give the note's score; absent when neither is set. */
  signals?: ScoreFactor;
  /** Weights and k the fusion used. */
  weights: Partial<Record<ListName, number>>;
  k: number;
}

/** One note in the results. */
export interface NoteResult {
  path: string;
  title: string;
  tags: readonly string[];
  /** Fused score. */
  score: number;
  /** Fused score as a share of the best possible one, 0–1. */
  relativeScore: number;
  /** The chunk that represents the note. */
  best: ChunkMatch;
  /** Matching chunks, best first (the best one included). */
  chunks: ChunkMatch[];
  explain: Explanation;
  /** Last modification, ms since the epoch; absent when the engine has no record of the note's times. */
  modified?: number;
  /** Frontmatter `created`/`date`, else the file's creation time, ms since the epoch; absent when unknown. */
  created?: number;
  /** True when the note is marked superseded (shown only when a search includes superseded notes). */
  superseded?: boolean;
  /** The successor the note names in `superseded_by`, as written (without link brackets). */
  supersededBy?: string;
  /** Path of the note `supersededBy` resolves to, when the vault has it. */
  successorPath?: string;
  /** Set when a rerank reordered this note (see reranker.ts). */
  rerank?: RerankedNote;
}

/** How the rerank judged one note. */
export interface RerankedNote {
  /** The judge model's P(yes) that the note answers the query, 0–1. */
  relevance: number;
  /** 1-based rank in the fused order, before the rerank. */
  fusedRank: number;
  /** The position-aware blend of fused score and relevance the new order sorts by, 0–1. */
  blended: number;
}

/** Whether a rerank ran on a response, and with what. */
export interface RerankOutcome {
  /** "reranked": the top candidates were reordered; "skipped": the quality gate found fusion sure; "failed": kept fused. */
  status: "reranked" | "skipped" | "failed";
  /** The judge model ("" when none is set). */
  model: string;
  /** Notes sent to the judge (0 unless reranked). */
  candidates: number;
  /** Why it was skipped, when it was. */
  skipped?: "lead" | "title" | "few";
}

/** Something the user should know about how a search ran, e.g. that it fell back to keywords. */
export interface SearchNotice {
  code: NoticeCode;
  message: string;
  error?: AppError;
  /** DID_YOU_MEAN only: the query with misspelt words replaced by words of the vault, ready to search again. */
  suggestion?: string;
}

/** The answer to one search. The engine never throws; what went wrong is in `notices`. */
export interface SearchResponse {
  query: ParsedQuery;
  /** The mode asked for. */
  mode: SearchMode;
  /** The mode that actually ran: "keyword" when the embedder failed. */
  effectiveMode: SearchMode;
  results: NoteResult[];
  notices: SearchNotice[];
  /** Lists that took part, with their weights. */
  lists: Partial<Record<ListName, number>>;
  aborted: boolean;
  /** Set when a rerank was asked for (see reranker.ts). */
  rerank?: RerankOutcome;
}
