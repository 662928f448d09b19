import type { Chunk, ChunkedNote } from "../types";

/** A chunk as the index keeps it, with the note fields search results need. */
export interface IndexedChunk {
  chunk: Chunk;
  title: string;
  aliases: readonly string[];
  tags: readonly string[];
  /** Link targets of the chunk's note, as written (see `NoteMeta.links`). */
  links?: readonly string[];
  /** The vector, as a view into the index's vector store: valid while the chunk is indexed (copy it to keep it). */
  vector: Float32Array | undefined;
}

/** An index hit: chunk id and the list's own score (BM25 or cosine similarity). */
export interface ScoredId {
  id: string;
  score: number;
  /** The chunk's own score, when `score` is its note's (keyword search ranks notes as whole documents). */
  chunkScore?: number;
}

/** Options of one keyword search. */
export interface KeywordSearchOptions {
  /** How many chunks to return at most. */
  limit: number;
  /** Treat the last term as a prefix, for search-as-you-type. Default false. */
  prefixLast?: boolean;
  /**
   * Typo tolerance: most edits a correction of a query word may need (0 = off, 1, or 2). Words of 3 letters or fewer
   * are never corrected, and 2 edits apply only to words of 8 letters or more. Default 1.
   */
  maxEdits?: number;
  /**
   * How many chunks of each note are listed at most, its best ones. Notes rank as whole documents and their chunks
   * come together, so without a cap one long note could fill a page of results. Default: all.
   */
  chunksPerNote?: number;
  /**
   * The notes (by path) the caller keeps, e.g. those a search's filters pass: the list is then theirs alone, as deep as
   * `limit` asks. Their chunks keep the scores and order they have in the whole list (statistics are the whole
   * index's), and the word-order and typo checks read the first hits of this list, as they read those of an
   * unfiltered one, so a filter that keeps every note changes nothing. Each note is asked at most once per search,
   * and only when one of its chunks matched. Default: every note.
   */
  keepsNote?: (path: string) => boolean;
  /**
   * Whether the scores of the query's words are kept for the next searches (see keyword/clause-cache.ts): what makes
   * typing a query cheap. A query built from a note's own words (the related view's) is not typed, and asks for
   * dozens of words no later search may ask for again: kept, they pushed out the typed words and, as they aged and
   * were dropped, left the collector full pauses. The results are the same either way. Default true.
   */
  keepClauses?: boolean;
  /**
   * Searches on memos of its own (see keyword/search-memos.ts) instead of those the user's searches keep: a warm-up
   * runs the keystroke path this way, so that it changes neither what later searches find in the memos nor what
   * they cost for any reason but code already compiled. `ChunkIndex.dropScratch` frees them. Default false.
   */
  scratch?: boolean;
}

/** A note as saved, for `ChunkIndex.restoreSteps`: `vectors[i]` belongs to `note.chunks[i]`. */
export interface SavedNote {
  note: ChunkedNote;
  vectors: readonly (Float32Array | undefined)[];
  /**
   * With int8 rows given to `restoreSteps`: `rows[i]` is the row holding `note.chunks[i]`'s vector (counted across
   * the pages given), -1 for none. `vectors[i]` is read only when that row was not taken as int8.
   */
  rows?: readonly number[];
}

/** Options of one vector search. */
export interface VectorSearchOptions {
  /** How many chunks to return at most. */
  limit: number;
  /** Cosine floor. Orama's default of 0.8 drops most real hits, so callers always pass it. */
  similarity: number;
  /**
   * Only chunks of the notes (by path) this accepts are ranked: a search's `path:` and `tag:` filters, applied while
   * the vectors are scanned. Default: every note.
   */
  allowNote?: (path: string) => boolean;
}
