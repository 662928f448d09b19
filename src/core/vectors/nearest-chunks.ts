import { int8CandidatesSteps } from "./int8-prefilter";
import { scanAtFloor } from "./ranked-chunks";
import { normOf } from "./store-scan";
import type { VectorStore } from "./vector-store";

const NO_PATHS: ReadonlySet<string> = new Set();

/** A chunk id and its cosine similarity to the query. */
export interface NearChunk {
  id: string;
  score: number;
}

/**
 * The `limit` stored vectors nearest to `query` by cosine, at or above `similarity`, best first, ties by the key
 * each vector was stored with. One pass of the store scan, keeping only the best `limit` as it goes (the search
 * runs between keystrokes); yields after about every `perStep` vectors (see `scanStore`). The cosine is
 * (q · v) / (|q| · |v|), with |v| computed once when the vector was stored.
 *
 * `allowNote`: only vectors of notes it accepts are ranked, so a filtered search keeps `limit` hits of the notes it
 * wants instead of ranking every vector and dropping most. It is asked once per note, when the scan starts; a note
 * whose vectors arrive during a stepped scan may or may not be seen, as any vector stored meanwhile.
 */
export function* nearestChunksSteps(
  store: VectorStore,
  query: Float32Array,
  similarity: number,
  limit: number,
  perStep = 4096,
  allowNote?: (path: string) => boolean,
): Generator<void, NearChunk[], void> {
  if (limit <= 0 || query.length !== store.dims || store.size === 0) return [];
  const top = new TopSlots(limit, store);
  // In an int8 store a bounded integer pass first rules out the notes none of whose vectors can be among the best
  // `limit` (at least `limit` vectors of other notes are certainly nearer), and only the others are scored exactly:
  // the same hits and scores as scoring every vector, for a fraction of the float arithmetic (int8-prefilter.ts).
  // A filtered search ranks among the notes it keeps, which that bound does not know about, so it scores them all.
  const keep = allowNote ? undefined : yield* candidates(store, query, limit, perStep);
  yield* scanAtFloor(store, query, similarity, perStep, allowNote, (slot, sim) => top.offer(slot, sim), keep);
  return top.sorted().map(([, score, id]) => ({ id, score }));
}

/** `int8Candidates` for one query, allowing for the rounding of its float32 unit vector; undefined for a zero query. */
function* candidates(store: VectorStore, query: Float32Array, limit: number, perStep: number): Generator<void, Uint8Array | undefined, void> {
  const n = normOf(query);
  if (!(n > 0) || !Number.isFinite(n)) return undefined;
  const unit = query.map((x) => x / n);
  let drift = 0;
  for (let i = 0; i < unit.length; i++) drift += (query[i]! / n - unit[i]!) ** 2;
  return yield* int8CandidatesSteps(store, [unit], NO_PATHS, limit, 2 * Math.sqrt(drift), perStep);
}

/** A hit as the heap keeps it: its id and tie key are taken when it is offered, since a slot may be reused later. */
type Scored = [key: number, score: number, id: string];

/** The best `k` (slot, score) pairs offered so far, in a min-heap of size k; nothing is allocated for the rest. */
class TopSlots {
  private readonly heap: Scored[] = [];

  constructor(
    private readonly k: number,
    private readonly store: VectorStore,
  ) {}

  offer(slot: number, score: number): void {
    const heap = this.heap;
    const key = this.store.key(slot);
    if (heap.length < this.k) {
      heap.push([key, score, this.store.idAt(slot) ?? ""]);
      for (let i = heap.length - 1; i > 0 && this.worse(i, (i - 1) >> 1); i = (i - 1) >> 1) this.swap(i, (i - 1) >> 1);
      return;
    }
    const root = heap[0]!;
    if (!(score > root[1] || (score === root[1] && key < root[0]))) return;
    heap[0] = [key, score, this.store.idAt(slot) ?? ""];
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && this.worse(l, m)) m = l;
      if (r < heap.length && this.worse(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }

  sorted(): Scored[] {
    return [...this.heap].sort((a, b) => (this.better(a, b) ? -1 : 1));
  }

  private better(a: Scored, b: Scored): boolean {
    return a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
  }

  private worse(i: number, j: number): boolean {
    return this.better(this.heap[j]!, this.heap[i]!);
  }

  private swap(i: number, j: number): void {
    const t = this.heap[i]!;
    this.heap[i] = this.heap[j]!;
    this.heap[j] = t;
  }
}
