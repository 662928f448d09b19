import type { ClauseScores } from "./clause-cache";
import { kthLargest } from "./hit-table";

/** Relative slack on both bounds, so that a sum rounded otherwise than the table's own never drops a note. */
const SLACK = 1e-9;

/** One clause's scores as a search counts them. */
export interface CountedClause {
  scores: ClauseScores;
  /** How many times the clause counts (the word's repeats in the query). */
  count: number;
}

/**
 * The notes whose hits can be among the `depth` best of a search (1 in the returned array, by note ordinal), or
 * undefined when all can. A hit's score is its note's total: the note's score plus `passageWeight` times its best
 * chunk's, a chunk's being the sum over clauses of what each adds to it. That best chunk is at least the largest one
 * clause adds to any chunk of the note, and at most those largest added up over the clauses, so each note's total is
 * known within bounds from the clauses' scores alone, without adding up a single chunk. At least `depth` notes total
 * at least the `depth`-th largest lower bound, each with a hit; a note whose upper bound is below it has no hit among
 * the `depth` best, whatever is read (capped per note or not, at any depth up to `depth`). A common word's tens of
 * thousands of chunks then need not be added up and ranked on every key, only those of the notes that can rank.
 * `noteScores`: each note's score by ordinal; `noteOf`: a chunk's note ordinal (−1 for none, never dropped).
 */
export function notesReaching(
  clauses: readonly CountedClause[],
  noteScores: Float64Array,
  noteOf: (internalId: number) => number,
  passageWeight: number,
  depth: number,
): Uint8Array | undefined {
  const size = noteScores.length;
  const sum = new Float64Array(size);
  const most = new Float64Array(size);
  const met = new Int32Array(size);
  let count = 0;
  for (const clause of clauses) {
    const { ids, best } = notesOfClause(clause.scores, noteOf, size);
    for (let k = 0; k < ids.length; k++) {
      const n = ids[k] ?? 0;
      const added = (best[k] ?? 0) * clause.count;
      if (sum[n] === 0) met[count++] = n;
      sum[n] = (sum[n] ?? 0) + added;
      if (added > (most[n] ?? 0)) most[n] = added;
    }
  }
  if (count <= depth) return undefined;
  const lower = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const n = met[i] ?? 0;
    lower[i] = ((noteScores[n] ?? 0) + passageWeight * (most[n] ?? 0)) * (1 - SLACK);
  }
  const floor = kthLargest(lower, depth);
  const reaching = new Uint8Array(size);
  for (let i = 0; i < count; i++) {
    const n = met[i] ?? 0;
    if (((noteScores[n] ?? 0) + passageWeight * (sum[n] ?? 0)) * (1 + SLACK) >= floor) reaching[n] = 1;
  }
  return reaching;
}

/** A clause's chunks' notes, and the most it adds to a chunk of each note it touches (see `notesOfClause`). */
export interface ClauseNotes {
  /** The note ordinal of each of the clause's chunks, in the order of `ClauseScores.chunkIds` (−1 for none). */
  noteOfChunk: Int32Array;
  /** The notes the clause touches, and the most it adds to one of their chunks (before its count). */
  ids: Int32Array;
  best: Float64Array;
}

/**
 * Kept per clause scores: the clauses of the words typed before the last are scored once and read on every key, and
 * finding their chunks' notes was then most of what bounding the notes cost. Note ordinals only change with the index,
 * whose every change makes new clause scores.
 */
const held = new WeakMap<ClauseScores, ClauseNotes>();

/** `ClauseNotes` of a clause's scores, over note ordinals below `size`. */
export function notesOfClause(scores: ClauseScores, noteOf: (internalId: number) => number, size: number): ClauseNotes {
  const found = held.get(scores);
  if (found && found.noteOfChunk.length === scores.chunkIds.length) return found;
  const { chunkIds, chunkScores } = scores;
  const noteOfChunk = new Int32Array(chunkIds.length);
  const most = new Float64Array(size);
  const touched = new Int32Array(Math.min(size, chunkIds.length));
  let count = 0;
  for (let k = 0; k < chunkIds.length; k++) {
    const n = noteOf(chunkIds[k] ?? 0);
    const inRange = n >= 0 && n < size;
    noteOfChunk[k] = inRange ? n : -1;
    if (!inRange) continue;
    const s = chunkScores[k] ?? 0;
    if (most[n] === 0) touched[count++] = n;
    if (s > (most[n] ?? 0)) most[n] = s;
  }
  const ids = touched.slice(0, count);
  const best = new Float64Array(count);
  for (let i = 0; i < count; i++) best[i] = most[ids[i] ?? 0] ?? 0;
  const made = { noteOfChunk, ids, best };
  held.set(scores, made);
  return made;
}
