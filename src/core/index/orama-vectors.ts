import type { AnyOrama } from "@orama/orama";
import { internalDocumentIDStore } from "@orama/orama/components";

interface VectorNode {
  add(internalId: number, value: Float32Array): void;
  remove(internalId: number): void;
}

/**
 * Orama only takes vectors inside documents, as plain number arrays: it keeps that array in its document store and
 * copies it again into its vector index, so a 768-d vector costs about 10 KB instead of 3 KB. At 30,000 chunks that
 * is hundreds of megabytes. Documents are therefore inserted without their vector, and the vector is put into the
 * property's VectorIndex directly, where Orama keeps a Float32Array by reference. Vector search still runs through
 * Orama's own `search({ mode: "vector" })`.
 */
export function attachVector(db: AnyOrama, prop: string, id: string, vector: Float32Array): void {
  const node = vectorNode(db, prop);
  node?.add(internalDocumentIDStore.getInternalDocumentId(db.internalDocumentIDStore, id), vector);
}

/** The counterpart of attachVector: Orama's `remove()` cannot see a vector that is not in the document. */
export function detachVector(db: AnyOrama, prop: string, id: string): void {
  const internalId = db.internalDocumentIDStore.idToInternalId.get(id);
  if (internalId !== undefined) vectorNode(db, prop)?.remove(internalId);
}

function vectorNode(db: AnyOrama, prop: string): VectorNode | undefined {
  const indexes = (db.data.index as { vectorIndexes?: Record<string, { node: VectorNode }> }).vectorIndexes;
  return indexes?.[prop]?.node;
}
