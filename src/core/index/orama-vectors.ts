import type { AnyOrama } from "@orama/orama";
import { internalDocumentIDStore } from "@orama/orama/components";

interface VectorNode {
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
  const indexes = (db.data.index as { vectorIndexes?: Record<string, { node: VectorNode }> }).vectorIndexes;
  return indexes?.[prop]?.node;
}

/**
 * The `limit` nearest vectors at or above `similarity`, best first, ties by id. Orama's vector index does the cosine
 * scan; `search({ mode: "vector" })` would then sort every vector that passed the floor and fetch documents, which
 * on an 8,000-chunk index is a third of a query's time. A bounded selection keeps only what is asked for.
 */
export function nearestVectors(
  db: AnyOrama,
  prop: string,
  vector: Float32Array,
  similarity: number,
  limit: number,
): { id: string; score: number }[] {
  const node = vectorNode(db, prop);
  if (!node || limit <= 0) return [];
  const found = node.find(vector, similarity, undefined);
  const top = selectTop(found, limit);
  const ids = db.internalDocumentIDStore.internalIdToId;
  return top.map(([internalId, score]) => ({ id: ids[internalId - 1] ?? "", score })).filter((h) => h.id !== "");
}

type Scored = [number, number];
const better = (a: Scored, b: Scored): boolean => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);

/** Best `k` of `items` in order, through a min-heap of size k. */
function selectTop(items: readonly Scored[], k: number): Scored[] {
  const heap: Scored[] = [];
  const worseAt = (i: number, j: number): boolean => better(heap[j] as Scored, heap[i] as Scored);
  const swap = (i: number, j: number): void => {
    const t = heap[i] as Scored;
    heap[i] = heap[j] as Scored;
    heap[j] = t;
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worseAt(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (better(item, heap[0] as Scored)) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && worseAt(l, m)) m = l;
        if (r < heap.length && worseAt(r, m)) m = r;
        if (m === i) break;
        swap(i, m);
        i = m;
      }
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}
