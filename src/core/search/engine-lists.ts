import type { ListName } from "../types";
import type { RankedList } from "./fusion";
import type { NoteFilter } from "./note-filter";
import { hasFilters } from "./query-filter";
import { readNotesDeep, readNotesDeepSync, type ListFilter } from "./note-depth";
import { rankedOnceVectorHits, textFilteredVectorHits } from "./text-filter-scan";
import type { SearchOptions } from "./search-options";
import { newestFirst } from "./signal-search";
import type { Retrieval, SearchEngineDeps, SearchRequest } from "./search-request";

/**
 * The ranked lists a search fuses: the keyword (BM25) list and a vector list, each read deep enough that a filtered
 * search still fills its notes.
 */

/** The keyword list of `r`, weighted `weight` (the bm25 weight, with a keyword-like query's boost). */
export function bm25List(deps: SearchEngineDeps, options: SearchOptions, r: Retrieval, req: SearchRequest, weight: number): RankedList {
  const q = r.q;
  if (q.isEmpty) return { name: "bm25", weight, ids: filterOnlyIds(deps, r) };
  // A boosted phrase's words count once more, as a repeated query word does.
  const text = [q.text, ...q.boostedPhrases].join(" ");
  // Chunks beyond those a result shows only matter to hybrid fusion within a note; the cap keeps one read enough.
  const chunksPerNote = Math.max(1, options.chunksPerNote);
  const opts = { prefixLast: req.prefixLast ?? false, maxEdits: options.typoTolerance, chunksPerNote, ...(req.scratch === true ? { scratch: true } : {}) };
  // Filtered, the list holds only the notes that pass (see `keepsNote`): it is read as deep as an unfiltered one.
  const keepsNote = r.filter?.pass;
  const read = (limit: number) => deps.index.keywordSearch(text, { ...opts, limit, ...(keepsNote ? { keepsNote } : {}) });
  const hits = readNotesDeepSync(read, r.notes, chunksPerNote);
  return { name: "bm25", weight, ids: hits.map((h) => h.id) };
}

/** One vector list, scanned in slices when the engine has a `pause`; undefined when `signal` aborted meanwhile. */
export async function vectorList(
  deps: SearchEngineDeps,
  options: SearchOptions,
  list: { name: ListName; vector: Float32Array; weight: () => number },
  r: Retrieval,
  signal?: AbortSignal,
): Promise<RankedList | undefined> {
  const similarity = options.similarity;
  const vector = list.vector;
  // `path:` and `tag:` filters mask the scan itself; phrases and exclusions are checked on the hits, best first.
  const allowNote = r.filter?.place;
  const opts = { similarity, ...(allowNote ? { allowNote } : {}) };
  const index = deps.index;
  // A filter that reads note text, or a `path:`/`tag:` one (most often a small share of the vault): see
  // text-filter-scan.ts. Hiding superseded notes alone keeps most of the vault: the first read is then enough.
  const q = r.q;
  const steps = r.filter?.readsText
    ? textFilteredVectorHits(index, vector, similarity, r.notes, r.filter)
    : r.filter && q.paths.length + q.tags.length > 0
      ? rankedOnceVectorHits(index, vector, similarity, r.notes, r.filter)
      : readNotesDeep((limit: number) => index.vectorSearchSteps(vector, { ...opts, limit }), r.notes, undefined, listFilter(r.filter));
  const pause = deps.pause;
  let step = steps.next();
  while (!step.done) {
    if (pause) await pause();
    if (signal?.aborted) return undefined;
    step = steps.next();
  }
  return { name: list.name, weight: list.weight(), ids: step.value.map((h) => h.id) };
}

function listFilter(filter: NoteFilter | undefined): ListFilter | undefined {
  return filter ? { keep: filter.pass } : undefined;
}

/** Only filters were typed: list the matching notes by title, each represented by its first chunk. */
function filterOnlyIds(deps: SearchEngineDeps, r: Retrieval): string[] {
  const pass = r.filter?.pass;
  // Hiding superseded notes alone is no filter the user typed: an empty query lists nothing.
  if (!pass || (!hasFilters(r.q) && r.q.dates.length === 0)) return [];
  const index = deps.index;
  const firsts: { id: string; title: string; path: string }[] = [];
  for (const path of index.notePaths()) {
    const id = index.chunkIdsOf(path)[0];
    const entry = id === undefined ? undefined : index.entry(id);
    if (id !== undefined && entry && pass(path)) firsts.push({ id, title: entry.title.toLowerCase(), path });
  }
  const byTitle = firsts.sort((a, b) => a.title.localeCompare(b.title));
  // `modified:<7d` alone asks for recent notes: the newest come first.
  const idOf = new Map(byTitle.map((f) => [f.path, f.id]));
  return newestFirst(byTitle.map((f) => f.path), r.q, deps.notes).map((p) => idOf.get(p) ?? "");
}
