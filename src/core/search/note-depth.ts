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

/** What a filtered search keeps of a list. */
export interface ListFilter {
  /** True for the notes (by path) the search keeps. */
  keep: (path: string) => boolean;
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
  const first = Math.min(notes * Math.max(1, chunksPerNote), Number.MAX_SAFE_INTEGER);
  // A deeper read of a ranked list starts with the shallower one: only the hits past it are filtered and counted
  // again. A rare phrase reads a list to its end, and filtering it whole at every depth cost more than the reads.
  const kept = new KeptHits(filter);
  let prev: readonly ScoredId[] = [];
  for (let limit = first; ; limit *= GROWTH) {
    const raw = yield* read(limit);
    kept.extend(raw, startsWith(raw, prev) ? prev.length : 0);
    prev = raw;
    if (raw.length < limit || kept.notes >= notes) return filter ? kept.hits : raw;
  }
}

/** The hits of a list that a filter keeps, and their distinct notes, grown as the list is read deeper. */
class KeptHits {
  hits: ScoredId[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly filter: ListFilter | undefined) {}

  get notes(): number {
    return this.seen.size;
  }

  /** Takes `raw` from its hit `from` on, the earlier ones being those taken last time (`from` 0: all again). */
  extend(raw: readonly ScoredId[], from: number): void {
    if (from === 0) {
      this.hits = [];
      this.seen.clear();
    }
    for (let i = from; i < raw.length; i++) {
      const hit = raw[i]!;
      const note = notePathOfChunkId(hit.id);
      if (this.filter && !this.filter.keep(note)) continue;
      this.hits.push(hit);
      this.seen.add(note);
    }
  }
}

/** True when `list` begins with the hits of `prefix` (same ids and scores, in order). */
function startsWith(list: readonly ScoredId[], prefix: readonly ScoredId[]): boolean {
  if (prefix.length === 0 || list.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    const [a, b] = [list[i]!, prefix[i]!];
    if (a.id !== b.id || a.score !== b.score || a.chunkScore !== b.chunkScore) return false;
  }
  return true;
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
