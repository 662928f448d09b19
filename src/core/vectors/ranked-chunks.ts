import { normOf, scanStore } from "./store-scan";
import { LazyOrder } from "./lazy-order";
import type { NearChunk } from "./nearest-chunks";
import type { VectorStore } from "./vector-store";

/**
 * Every stored vector at or above a cosine floor, scored by one scan and ranked on demand: `take(limit)` gives the
 * best `limit`, best first, ties by the key each vector was stored with (the order of `nearestChunksSteps`). For a
 * list that is read deeper and deeper until enough of its hits pass a filter that looks at note text: the scan is
 * paid once, and each deeper read costs a selection over the scores, not another pass over the vectors.
 */
export interface RankedChunks {
  /** Vectors at or above the floor (the most `take` can give). */
  readonly size: number;
  take(limit: number): NearChunk[];
}

/**
 * Scans `store` once against `query` (yielding after about every `perStep` vectors, see `scanStore`), keeping the
 * vectors of notes `allowNote` accepts (asked once per note at the start; default every note). Ids and tie keys are
 * taken as each batch is scored, since a slot may be reused while the scan waits.
 */
export function* rankChunksSteps(
  store: VectorStore,
  query: Float32Array,
  similarity: number,
  perStep = 4096,
  allowNote?: (path: string) => boolean,
): Generator<void, RankedChunks, void> {
  if (query.length !== store.dims || store.size === 0) return { size: 0, take: () => [] };
  const ids: string[] = [];
  const scores: number[] = [];
  const keys: number[] = [];
  yield* scanAtFloor(store, query, similarity, perStep, allowNote, (slot, sim) => {
    scores.push(sim);
    keys.push(store.key(slot));
    ids.push(store.idAt(slot) ?? "");
  });
  const better = (a: number, b: number): boolean => scores[a]! > scores[b]! || (scores[a] === scores[b] && keys[a]! < keys[b]!);
  const hit = (i: number): NearChunk => ({ id: ids[i]!, score: scores[i]! });
  // A list read deeper and deeper (a rare phrase reads it to its end) is put in order once, past the first read or
  // once a read asks for a good share of it, and only as deep as the reads go (see `LazyOrder`); a small first read
  // picks its best through a heap of its size. The order is the heap's: ties by key.
  let ordered: LazyOrder | undefined;
  let reads = 0;
  const take = (limit: number): NearChunk[] => {
    const n = Math.max(0, limit);
    if (!ordered && (reads++ > 0 || n * SORT_WHOLE_SHARE >= ids.length)) ordered = new LazyOrder(ids.length, better);
    return (ordered ? ordered.first(n) : best(ids.length, n, better)).map(hit);
  };
  return { size: ids.length, take };
}

/** A read of at least 1/this of the list sorts it whole rather than picking its best through a heap. */
const SORT_WHOLE_SHARE = 4;

/** The best `limit` of `n` items by `better`, best first, through a min-heap of size `limit`. */
function best(n: number, limit: number, better: (a: number, b: number) => boolean): number[] {
  const heap: number[] = [];
  const sift = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && better(heap[m]!, heap[l]!)) m = l;
      if (r < heap.length && better(heap[m]!, heap[r]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let x = 0; x < n && limit > 0; x++) {
    if (heap.length < limit) {
      heap.push(x);
      for (let i = heap.length - 1; i > 0 && better(heap[(i - 1) >> 1]!, heap[i]!); i = (i - 1) >> 1) {
        [heap[i], heap[(i - 1) >> 1]] = [heap[(i - 1) >> 1]!, heap[i]!];
      }
    } else if (better(x, heap[0]!)) {
      heap[0] = x;
      sift(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}

/**
 * One pass of the store scan that hands `visit` every slot at or above the cosine floor whose note `allowNote`
 * accepts (asked once per note at the start). The cosine is (q · v) / (|q| · |v|), with |v| computed when the vector
 * was stored; a zero query gives NaN, which no floor lets through, so it finds nothing, as with Orama.
 */
export function* scanAtFloor(
  store: VectorStore,
  query: Float32Array,
  similarity: number,
  perStep: number,
  allowNote: ((path: string) => boolean) | undefined,
  visit: (slot: number, sim: number) => void,
  /** Without `allowNote`: 1 for each note number whose vectors are scored (see `noteMask`). Default every note. */
  keep?: Uint8Array,
): Generator<void, void, void> {
  const queryNorm = normOf(query);
  const allowed = allowNote ? noteMask(store, allowNote) : keep;
  yield* scanStore(
    store,
    query,
    query,
    (first, count, dots) => {
      for (let k = 0; k < count; k++) {
        const slot = first + k;
        const norm = store.norm(slot);
        if (norm === 0 || (allowed && allowed[store.notes.noteOfSlot(slot)] !== 1)) continue;
        const sim = dots[k]! / (queryNorm * norm);
        if (sim >= similarity) visit(slot, sim);
      }
    },
    perStep,
    allowed,
  );
}

/** 1 for each note number of the store whose note `allowNote` accepts, 0 for the others and free numbers. */
export function noteMask(store: VectorStore, allowNote: (path: string) => boolean): Uint8Array {
  const notes = store.notes;
  const mask = new Uint8Array(notes.count);
  for (let note = 0; note < notes.count; note++) {
    const path = notes.pathOf(note);
    if (path !== undefined && allowNote(path)) mask[note] = 1;
  }
  return mask;
}
