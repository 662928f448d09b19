import type { ListName } from "../types";
import type { FolderWeight } from "./score-signals";

/** Relative weight of each ranked list in the fusion. */
export type ListWeights = Record<ListName, number>;

/** How the engine ranks. Every field is a user setting (see the settings tab). */
export interface SearchOptions {
  /**
   * The RRF constant k in `Σ w / (k + rank)`. Small k lets the top ranks of each list dominate; large k flattens
   * the lists so agreement between them counts most. Default 5: on SciFact train it was best at every vector weight
   * from 0.1 to 1 (see docs/BENCHMARKS.md); the textbook 60 lets a weak list's middling ranks outvote a strong
   * list's top hits.
   */
  rrfK: number;
  /**
   * Weights of the BM25, vector and HyDE lists. Default { bm25: 1, vector: 1, hyde: 0.5 }. With `autoWeights` on,
   * the vector and HyDE weights are scaled per index by calibration (see weight-calibration.ts).
   */
  weights: ListWeights;
  /**
   * Multiplies the BM25 weight for keyword-like queries (two words or fewer, or a quoted phrase): someone who types
   * `pg_basebackup` or a note's name wants that exact note first, even when the embedder likes another one. Default 2.
   */
  keywordQueryBoost: number;
  /** Calibrate the vector list's weight against BM25 from pseudo-queries drawn from the index. Default true. */
  autoWeights: boolean;
  /** Notes returned. Default 20. */
  limit: number;
  /**
   * Notes taken from each list before fusion, as a multiple of the larger of a request's limit and `limit` (counted
   * in notes, not chunks, so a note with many matching chunks can't crowd out the others). Default 4.
   */
  depthFactor: number;
  /** Drop results whose fused score is below this share (0–1) of the best possible score. Default 0. */
  minScore: number;
  /** Cosine floor of the vector lists. Orama's own default, 0.8, drops most real hits. Default 0. */
  similarity: number;
  /** Write a hypothetical answer with an LLM and search with it too (HyDE). Default false. */
  hyde: boolean;
  /** Use HyDE even for keyword-like queries (two words or fewer, or a quoted phrase). Default false. */
  hydeForKeywordQueries: boolean;
  /** Matching chunks listed under each note. Default 3. */
  chunksPerNote: number;
  /**
   * Typo tolerance of keyword search: most edits a misspelt word may be from a word of the vault (0 off, 1 or 2).
   * Words of 3 letters or fewer are never corrected, 2 edits apply only to words of 8 letters or more, and a word the
   * vault already has (in more than two chunks) is taken as meant. Corrections rank below exact matches. Default 1,
   * as Omnisearch's fuzziness 0.2 allows one edit in words of 5–9 letters; 2 edits on every long word mostly adds
   * unrelated words.
   */
  typoTolerance: number;
  /**
   * Folders whose notes rank higher or lower: each note's fused score is multiplied by the weight of the longest
   * listed folder that holds it (matched on whole folder names, ignoring case), e.g. `Archive` 0.5, `Projects` 1.2.
   * Weights from 0 to 10. Default [] (no folder counts more than another).
   */
  folderWeights: FolderWeight[];
  /**
   * Recency boost: days after which a note's boost halves; 0 turns it off. A note modified just now scores up to 10%
   * more (`RECENCY_MAX_BOOST`), so recency reorders near ties and never buries a clear leader. Default 0 (off).
   */
  recencyHalfLifeDays: number;
  /**
   * `status` values (frontmatter, compared ignoring case) that mark a note superseded, like a `superseded_by`
   * property does: such notes are left out of results unless a search includes superseded notes. Default
   * ["superseded", "archived"].
   */
  supersededStatuses: string[];
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  rrfK: 5,
  weights: { bm25: 1, vector: 1, hyde: 0.5 },
  keywordQueryBoost: 2,
  autoWeights: true,
  limit: 20,
  depthFactor: 4,
  minScore: 0,
  similarity: 0,
  hyde: false,
  hydeForKeywordQueries: false,
  chunksPerNote: 3,
  typoTolerance: 1,
  folderWeights: [],
  recencyHalfLifeDays: 0,
  supersededStatuses: ["superseded", "archived"],
};
