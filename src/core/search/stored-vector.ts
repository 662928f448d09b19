import type { ChunkIndex } from "../index/chunk-index";
import { dequantizeInt8 } from "../vectors/vector-precision";

/**
 * Writes chunk `id`'s stored vector into `out` (`index.dims` long) and says whether it has one: the values
 * `index.get(id).vector` gives, bit for bit (in an int8 index the same dequantized floats), without the copy and the
 * entry object `get` makes on every call. `codes` is scratch space of `index.dims` bytes.
 */
export function readStoredVector(index: ChunkIndex, id: string, out: Float32Array, codes: Int8Array): boolean {
  const entry = index.entry(id);
  if (!entry) return false;
  if (entry.vector) {
    out.set(entry.vector);
    return true;
  }
  const store = index.vectorStore;
  const slot = store?.precision === "int8" ? store.slotOfId(id) : undefined;
  const scale = slot === undefined ? undefined : store?.int8At(slot, codes);
  if (scale === undefined) return false;
  dequantizeInt8(codes, scale, out as Float32Array<ArrayBuffer>);
  return true;
}

/**
 * Chunk `id`'s stored vector with `get`'s values: in a float32 index the stored view itself (no copy), in an int8
 * index decoded into `out`; undefined when it has none.
 */
export function storedVectorInto(index: ChunkIndex, id: string, out: Float32Array, codes: Int8Array): Float32Array | undefined {
  const stored = index.entry(id)?.vector;
  if (stored) return stored;
  return readStoredVector(index, id, out, codes) ? out : undefined;
}

/** Chunk `id`'s stored vector as `index.get(id).vector` gives it (in an int8 index a new array); undefined when it has none. */
export function storedVector(index: ChunkIndex, id: string): Float32Array | undefined {
  const entry = index.entry(id);
  if (!entry) return undefined;
  if (entry.vector) return entry.vector;
  const out = new Float32Array(index.dims);
  return readStoredVector(index, id, out, new Int8Array(index.dims)) ? out : undefined;
}

/** Whether chunk `id` has a stored vector, without decoding it. */
export function hasStoredVector(index: ChunkIndex, id: string): boolean {
  const entry = index.entry(id);
  if (!entry) return false;
  if (entry.vector) return true;
  const store = index.vectorStore;
  return store?.precision === "int8" && store.slotOfId(id) !== undefined;
}
