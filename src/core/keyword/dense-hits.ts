import type { ClauseScores } from "./clause-cache";
import { HitTable, kthLargest } from "./hit-table";
import type { NoteTable } from "./note-table";

/** One clause's scores with its count (the word's repeats in the query). */
export interface CountedClause {
  scores: ClauseScores;
  count: number;
}

/**
 * Entries over all clauses per chunk id, from which the clauses are added up in an array as long as the chunk count
 * and read back in one sweep (see `denseHits`): below it, a sweep over every chunk id costs more than it saves.
 */
const DENSE_FROM = 1 / 8;

/** Whether `denseHits` is the cheaper way to add up `clauses` over `size` chunk ids. */
export function worthDense(clauses: readonly CountedClause[], size: number): boolean {
  let entries = 0;
  for (const c of clauses) entries += c.scores.chunkIds.length;
  return entries >= size * DENSE_FROM;
}

/**
 * Working arrays kept from search to search (zero between calls), grown as needed. `listed`: the chunk ids whose sum
 * left zero, in the order they did.
 */
const scratch = { listed: new Int32Array(0), sums: new Float64Array(0), best: new Float64Array(0), touched: new Int32Array(0), ids: new Int32Array(0), chunk: new Float64Array(0) };

/**
 * The hit table `scoreHits` builds from these clauses' scores, made for queries of common words: a dozen clauses of
 * a hundred thousand chunks each were added up in a sparse accumulator, drained, and the table's notes then scored
 * hit by hit; here the sums go into one array by chunk id and every step after is a sweep over it in id order.
 * Each chunk's sum is what the accumulator gave (its clauses' scores times their counts, added in clause order),
 * each note's total is `noteScores[n]` plus `passageWeight` times its best chunk, as `HitTable.scoreNotes` sets it.
 *
 * With `depth`, the table holds only the hits that any read up to that depth can list (capped per note or not; see
 * `HitTable.candidates`): those of notes whose total reaches the `depth`-th best note total, which is exact here,
 * not a bound, and hits of no note. Without it, every hit. Hits are in the order their chunks were first met in the
 * clauses, which no read depends on (ties are broken by chunk id).
 */
export function denseHits(
  clauses: readonly CountedClause[],
  size: number,
  table: NoteTable,
  noteScores: Float64Array,
  passageWeight: number,
  external: readonly string[],
  depth?: number,
): HitTable {
  if (scratch.sums.length < size) scratch.sums = new Float64Array(size);
  if (scratch.best.length < noteScores.length) scratch.best = new Float64Array(noteScores.length);
  if (scratch.touched.length < noteScores.length) scratch.touched = new Int32Array(noteScores.length);
  let entries = 0;
  for (const c of clauses) entries += c.scores.chunkIds.length;
  if (scratch.listed.length < entries) scratch.listed = new Int32Array(entries);
  const { sums, best, touched, listed } = scratch;
  // The sweeps below go over the chunks met, not every chunk id: most ids of the index match none of the clauses,
  // and a test for zero at each of them cost more than the adding up (a third of the call at 35,000 chunks). An id
  // whose sum comes back to zero is listed again when it leaves zero again; the first sweep that finds it zeroes it.
  let metChunks = 0;
  for (const { scores, count } of clauses) {
    const { chunkIds, chunkScores } = scores;
    for (let k = 0; k < chunkIds.length; k++) {
      const id = chunkIds[k]!;
      const was = sums[id]!;
      if (was === 0) listed[metChunks++] = id;
      sums[id] = was + chunkScores[k]! * count;
    }
  }
  // Each note's best chunk, then (in the same slot) its total.
  let hits = 0;
  let met = 0;
  for (let x = 0; x < metChunks; x++) {
    const id = listed[x]!;
    const s = sums[id]!;
    if (s === 0) continue;
    hits++;
    const n = table.noteOf(id);
    if (n < 0) continue;
    if (best[n] === 0) touched[met++] = n;
    if (s > best[n]!) best[n] = s;
  }
  const totals = new Float64Array(met);
  for (let k = 0; k < met; k++) {
    const n = touched[k]!;
    const total = noteScores[n]! + passageWeight * best[n]!;
    totals[k] = total;
    best[n] = total;
  }
  const floor = depth !== undefined && depth > 0 && met > depth ? kthLargest(totals, depth) : -Infinity;
  let keptNotes = totals;
  if (floor > -Infinity) {
    let n = 0;
    for (let k = 0; k < met; k++) if (totals[k]! >= floor) n++;
    keptNotes = new Float64Array(n);
    n = 0;
    for (let k = 0; k < met; k++) if (totals[k]! >= floor) keptNotes[n++] = totals[k]!;
  }
  // Filled up to `hits` in one sweep, then cut to the hits kept: most are left out when the floor is set.
  if (scratch.ids.length < hits) scratch.ids = new Int32Array(hits);
  if (scratch.chunk.length < hits) scratch.chunk = new Float64Array(hits);
  const { ids, chunk } = scratch;
  let at = 0;
  for (let x = 0; x < metChunks; x++) {
    const id = listed[x]!;
    const s = sums[id]!;
    if (s === 0) continue;
    sums[id] = 0;
    const n = table.noteOf(id);
    if (n >= 0 && best[n]! < floor) continue;
    ids[at] = id;
    chunk[at++] = s;
  }
  const score = new Float64Array(at);
  const noteOfHit = new Int32Array(at);
  for (let i = 0; i < at; i++) {
    const n = table.noteOf(ids[i]!);
    noteOfHit[i] = n;
    score[i] = n < 0 ? chunk[i]! : best[n]!;
  }
  for (let k = 0; k < met; k++) best[touched[k]!] = 0;
  return HitTable.withNotes(ids.slice(0, at), score, chunk.slice(0, at), external, noteOfHit, keptNotes);
}
