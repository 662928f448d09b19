import type { ScoredId } from "../index/index-types";
import { notePathOfChunkId } from "./group-ranking";

/**
 * How many notes each ranked list is read to: `depthFactor` times the larger of the request's limit and the
 * configured one. Counted in notes, not chunks, so that one note with many matching chunks can't crowd the others
 * out; and the same for every limit up to the configured one, so that the top 5 are the first 5 of the top 20.
 */
export function candidateNotes(limit: number, configuredLimit: number, depthFactor: number): number {
  return Math.max(1, Math.floor(Math.max(limit, configuredLimit) * Math.max(1, depthFactor)));
}

/** First read of a list, in chunks per wanted note; most notes match with a chunk or two. */
const FIRST_CHUNKS_PER_NOTE = 2;
/** How much deeper each further read goes. */
const GROWTH = 4;

/** What a filtered search keeps of a list, and how much of the list it expects to keep. */
export interface ListFilter {
  /** True for the notes (by path) the search keeps. */
  keep: (path: string) => boolean;
  /**
   * The share of the list's notes expected to pass, in (0, 1]; the first read goes that much deeper, so a filter
   * that keeps few notes needs one read, not several. Default 1.
   */
  share?: number;
}

/**
 * Reads a ranked chunk list (`read(limit)` gives its first `limit` hits) deep enough to hold `notes` distinct
 * notes, or all of it. Deterministic for a given `notes`: the same hits whatever the caller will do with them.
 * `chunksPerNote`: the most chunks the list holds of one note, when it is capped (keyword lists): the first read
 * then always suffices. With `filter`, only the hits of notes it keeps are returned and counted, so a filtered list
 * is read until it holds `notes` notes that pass, as deep as that takes, and no deeper.
 */
export function* readNotesDeep<G>(
  read: (limit: number) => Generator<G, ScoredId[], void>,
  notes: number,
  chunksPerNote = FIRST_CHUNKS_PER_NOTE,
  filter?: ListFilter,
): Generator<G, ScoredId[], void> {
  const share = Math.min(1, Math.max(filter?.share ?? 1, 1e-6));
  const first = Math.min(Math.ceil((notes * Math.max(1, chunksPerNote)) / share), Number.MAX_SAFE_INTEGER);
  for (let limit = first; ; limit *= GROWTH) {
    const raw = yield* read(limit);
    const hits = filter ? raw.filter((h) => filter.keep(notePathOfChunkId(h.id))) : raw;
    if (raw.length < limit || distinctNotes(hits) >= notes) return hits;
  }
}

/** `readNotesDeep` for a list read in one go. */
export function readNotesDeepSync(read: (limit: number) => ScoredId[], notes: number, chunksPerNote?: number, filter?: ListFilter): ScoredId[] {
  // eslint-disable-next-line require-yield -- a list read in one go never yields
  const steps = readNotesDeep(function* (limit) {
    return read(limit);
  }, notes, chunksPerNote, filter);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

function distinctNotes(hits: readonly ScoredId[]): number {
  const seen = new Set<string>();
  for (const h of hits) seen.add(notePathOfChunkId(h.id));
  return seen.size;
}
