import type { ChunkIndex } from "../index/chunk-index";
import type { ScoredId } from "../index/index-types";
import type { RankedChunks } from "../vectors/ranked-chunks";
import { readNotesDeep } from "./note-depth";
import type { NoteFilter } from "./note-filter";

/**
 * The vector list of a search whose filter reads note text (a quoted phrase, an exclusion): the hits of the notes
 * that pass, best first, read until they hold `notes` notes, as `readNotesDeep` reads a filtered list.
 *
 * When fewer than `notes` notes of the whole index pass (a rare phrase: the usual case), that read goes to the end of
 * the list, so it is exactly every hit of those notes: then only their vectors are scored and ranked, instead of
 * ranking every vector of the vault and checking note after note down the list. Otherwise the list is ranked once
 * and read deeper until enough notes pass, as before. Both give the same hits in the same order.
 */
export function* textFilteredVectorHits(
  index: ChunkIndex,
  vector: Float32Array,
  similarity: number,
  notes: number,
  filter: NoteFilter,
): Generator<void, ScoredId[], void> {
  // Only the notes that may pass need asking, when the filter knows them (a phrase found in one scan).
  const few = fewPassing(filter.candidates?.() ?? index.notePaths(), filter.pass, notes);
  if (few) {
    const ranked = yield* index.rankVectorsSteps(vector, { similarity, limit: Number.MAX_SAFE_INTEGER, allowNote: (path) => few.has(path) });
    return ranked.take(ranked.size);
  }
  return yield* rankedOnceVectorHits(index, vector, similarity, notes, filter);
}

/**
 * The vector list of a filtered search read as `readNotesDeep` reads it, with the vectors of the notes `filter.place`
 * keeps scanned once and each deeper read only ranking them (`rankVectorsSteps`): the same hits in the same order as
 * a scan per read, which is what a `path:` or `tag:` filter paid before. A folder of a few hundred notes holds too few
 * of the best hits for the first read (two chunks a wanted note) to find enough notes, so the vault was scanned twice.
 */
export function* rankedOnceVectorHits(
  index: ChunkIndex,
  vector: Float32Array,
  similarity: number,
  notes: number,
  filter: NoteFilter,
): Generator<void, ScoredId[], void> {
  const allowNote = filter.place;
  const opts = { similarity, limit: Number.MAX_SAFE_INTEGER, ...(allowNote ? { allowNote } : {}) };
  let ranked: RankedChunks | undefined;
  const scan = function* (limit: number): Generator<void, ScoredId[], void> {
    ranked ??= yield* index.rankVectorsSteps(vector, opts);
    return ranked.take(limit);
  };
  return yield* readNotesDeep(scan, notes, undefined, { keep: filter.pass });
}

/**
 * The notes of `paths` that `pass` keeps, when fewer than `atMost` do; undefined as soon as `atMost` have passed,
 * so a filter most notes pass is asked about a few notes only. `pass` is memoised by the filter, so what it is asked
 * here is not asked again when the list is read the other way.
 */
export function fewPassing(paths: Iterable<string>, pass: (path: string) => boolean, atMost: number): Set<string> | undefined {
  const kept = new Set<string>();
  for (const path of paths) {
    if (!pass(path)) continue;
    kept.add(path);
    if (kept.size >= atMost) return undefined;
  }
  return kept;
}
