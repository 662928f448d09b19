import type { AnyOrama } from "@orama/orama";
import { internalDocumentIDStore } from "@orama/orama/components";

interface VectorNode {
  /** Orama's store: internal id → [magnitude, vector]. Not in its type declarations, so checked before use. */
  vectors?: unknown;
  add(internalId: number, value: Float32Array): void;
  remove(internalId: number): void;
  find(vector: Float32Array, similarity: number, where: Set<number> | undefined): [number, number][];
}

// Bumped on every vector attached or detached, in any index: every vector that search can see goes through here,
// so a copy derived from an index's vectors (see vector-table.ts) is current while the count has not moved.
let epoch = 0;

/** A number that changes whenever a vector is attached to or detached from any index. */
export function vectorEpoch(): number {
  return epoch;
}

/**
 * Orama only takes vectors inside documents, as plain number arrays: it keeps that array in its document store and
 * copies it again into its vector index, so a 768-d vector costs about 10 KB instead of 3 KB. At 30,000 chunks that
 * is hundreds of megabytes. Documents are therefore inserted without their vector, and the vector is put into the
 * property's VectorIndex directly, where Orama keeps a Float32Array by reference. Vector search still runs through
 * Orama's own `search({ mode: "vector" })`.
 */
export function attachVector(db: AnyOrama, prop: string, id: string, vector: Float32Array): void {
  epoch++;
  const node = vectorNode(db, prop);
  node?.add(internalDocumentIDStore.getInternalDocumentId(db.internalDocumentIDStore, id), vector);
}

/** The counterpart of attachVector: Orama's `remove()` cannot see a vector that is not in the document. */
export function detachVector(db: AnyOrama, prop: string, id: string): void {
  epoch++;
  const internalId = db.internalDocumentIDStore.idToInternalId.get(id);
  if (internalId !== undefined) vectorNode(db, prop)?.remove(internalId);
}

function vectorNode(db: AnyOrama, prop: string): VectorNode | undefined {
  const indexes = (db.data.index as unknown as { vectorIndexes?: Record<string, { node: VectorNode }> }).vectorIndexes;
  return indexes?.[prop]?.node;
}

/**
 * The `limit` nearest vectors at or above `similarity`, best first, ties by id. `search({ mode: "vector" })` would
 * sort every vector that passed the floor and fetch documents, and Orama's own scan looks each id up again and
 * keeps a pair for every vector over the floor: the search runs between keystrokes, so the scan here reads Orama's
 * store once and keeps only the best `limit` as it goes. Its arithmetic is Orama's (one running sum in index
 * order, divided by the product of the magnitudes), so the scores are the ones Orama computes.
 */
export function nearestVectors(
  db: AnyOrama,
  prop: string,
  vector: Float32Array,
  similarity: number,
  limit: number,
): { id: string; score: number }[] {
  const steps = nearestVectorsSteps(db, prop, vector, similarity, limit, Infinity);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `nearestVectors` in steps of `perStep` vectors, so that a caller can let keystrokes through between them: at
 * 35,000 chunks of 768 dimensions one scan takes tens of milliseconds. Vectors attached or detached between steps
 * may or may not be seen, as with a Map being iterated.
 */
export function* nearestVectorsSteps(
  db: AnyOrama,
  prop: string,
  vector: Float32Array,
  similarity: number,
  limit: number,
  perStep = 4096,
): Generator<void, { id: string; score: number }[], void> {
  const node = vectorNode(db, prop);
  if (!node || limit <= 0) return [];
  const store = node.vectors;
  const top =
    store instanceof Map
      ? yield* scanStore(store as Map<number, [number, Float32Array]>, vector, similarity, limit, perStep)
      : selectTop(node.find(vector, similarity, undefined), limit);
  const ids = db.internalDocumentIDStore.internalIdToId;
  return top.map(([internalId, score]) => ({ id: ids[internalId - 1] ?? "", score })).filter((h) => h.id !== "");
}

function* scanStore(
  store: Map<number, [number, Float32Array]>,
  target: Float32Array,
  floor: number,
  limit: number,
  perStep: number,
): Generator<void, Scored[], void> {
  const length = target.length;
  let targetMagnitude = 0;
  for (let i = 0; i < length; i++) targetMagnitude += target[i]! * target[i]!;
  targetMagnitude = Math.sqrt(targetMagnitude);
  const top = new TopK(limit);
  let seen = 0;
  for (const [id, [magnitude, v]] of store) {
    if (++seen % perStep === 0) yield;
    let dot = 0;
    for (let i = 0; i < length; i++) dot += target[i]! * v[i]!;
    const sim = dot / (targetMagnitude * magnitude);
    if (sim >= floor) top.offer(id, sim);
  }
  return top.sorted();
}

type Scored = [number, number];
const better = (a: Scored, b: Scored): boolean => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);

/** Best `k` of `items` in order. */
function selectTop(items: readonly Scored[], k: number): Scored[] {
  const top = new TopK(k);
  for (const [id, score] of items) top.offer(id, score);
  return top.sorted();
}

/** The best `k` (id, score) pairs offered so far, in a min-heap of size k; nothing is allocated for the rest. */
class TopK {
  private readonly heap: Scored[] = [];

  constructor(private readonly k: number) {}

  offer(id: number, score: number): void {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push([id, score]);
      for (let i = heap.length - 1; i > 0 && this.worse(i, (i - 1) >> 1); i = (i - 1) >> 1) this.swap(i, (i - 1) >> 1);
      return;
    }
    const root = heap[0] as Scored;
    if (!(score > root[1] || (score === root[1] && id < root[0]))) return;
    heap[0] = [id, score];
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
    return [...this.heap].sort((a, b) => (better(a, b) ? -1 : 1));
  }

  private worse(i: number, j: number): boolean {
    return better(this.heap[j] as Scored, this.heap[i] as Scored);
  }

  private swap(i: number, j: number): void {
    const t = this.heap[i] as Scored;
    this.heap[i] = this.heap[j] as Scored;
    this.heap[j] = t;
  }
}
