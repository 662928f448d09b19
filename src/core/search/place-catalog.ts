import type { ChunkIndex, IndexedChunk } from "../index/chunk-index";
import type { ParsedQuery } from "./query-parser";
import { compilePlaceTest, foldPath, normaliseTag } from "./query-filter";

/**
 * Every note's path and tags as `path:` and `tag:` filters compare them (folded once per index revision, not per
 * search), so a filtered search finds the notes it keeps in one pass over plain arrays. Before, each search asked
 * each of the vault's notes through a memo: a map lookup of its chunks, its first chunk, the path folded again, the
 * tags normalised again, and two more map operations; at 10,000 notes that was most of a `path:` query's vector
 * side (the scan asks about every note before it starts).
 */
interface PlaceCatalog {
  revision: number;
  paths: string[];
  folded: string[];
  tags: (readonly string[])[];
}

const CATALOGS = new WeakMap<ChunkIndex, PlaceCatalog>();

/**
 * Each note's folded path and normalised tags, kept per note for the next revision's catalog: after an edit only the
 * notes that changed are folded again (the catalog is made again after every edit, see filter-warmth.ts). Keyed by
 * the note's first chunk entry, which the index replaces whenever the note's text (so its tags) changes, with the
 * path it was folded for.
 */
const PER_NOTE = new WeakMap<IndexedChunk, { path: string; folded: string; tags: readonly string[] }>();

/** Makes the catalog of `index`'s revision now, ahead of the first filtered search (see filter-warmup.ts). */
export function warmPlaceCatalog(index: ChunkIndex): void {
  catalogOf(index);
}

function catalogOf(index: ChunkIndex): PlaceCatalog {
  const known = CATALOGS.get(index);
  if (known && known.revision === index.revision) return known;
  const made: PlaceCatalog = { revision: index.revision, paths: [], folded: [], tags: [] };
  for (const path of index.notePaths()) {
    const id = index.chunkIdsOf(path)[0];
    const first = id === undefined ? undefined : index.entry(id);
    // A note without a chunk passes no filter, as before.
    if (!first) continue;
    let known = PER_NOTE.get(first);
    if (known?.path !== path) {
      known = { path, folded: foldPath(path), tags: first.tags.map(normaliseTag) };
      PER_NOTE.set(first, known);
    }
    made.paths.push(path);
    made.folded.push(known.folded);
    made.tags.push(known.tags);
  }
  CATALOGS.set(index, made);
  return made;
}

/**
 * The paths of the notes of `index` that the `path:` and `tag:` filters of `q` keep (its phrases, exclusions and
 * dates are not looked at); undefined when `q` has neither filter.
 */
export function notesInPlace(index: ChunkIndex, q: ParsedQuery): Set<string> | undefined {
  const test = compilePlaceTest(q);
  if (!test) return undefined;
  const catalog = catalogOf(index);
  const kept = new Set<string>();
  for (let i = 0; i < catalog.paths.length; i++) {
    if (test(catalog.folded[i]!, catalog.tags[i]!)) kept.add(catalog.paths[i]!);
  }
  return kept;
}
