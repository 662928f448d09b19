import { dequantizeInt8 } from "../../vectors/vector-precision";
import type { SyncedIndex } from "./synced-index";

/**
 * Offers every vector `old` knows to `fresh`, the empty index of a rebuild, so that unchanged text is not embedded
 * again. An int8 index's rows are copied as int8 codes and made float32 one at a time, when the rebuild takes one:
 * a float32 copy of each, made at once on the main thread, would hold about 455 MB for the whole rebuild of a
 * 50,000-note vault of unique text (148,468 rows × 768 × 4 bytes). The old index itself is not kept. Returns how
 * many vectors were offered.
 */
export function seedRebuild(fresh: SyncedIndex, old: SyncedIndex): number {
  const store = old.index.vectorStore?.precision === "int8" ? old.index.vectorStore : undefined;
  let offered = 0;
  // A float32 index's stored vectors are views of its pages: seeding them copies nothing.
  for (const [hash, v] of store ? old.pool.heldVectors() : old.pool.allVectors()) {
    fresh.pool.seed(hash, v);
    offered++;
  }
  if (!store) return offered;
  const dims = old.index.dims;
  const found: { hash: string; slot: number }[] = [];
  for (const [hash, ids] of old.pool.indexedTexts()) {
    const slot = ids.map((id) => store.slotOfId(id)).find((s) => s !== undefined);
    if (slot !== undefined) found.push({ hash, slot });
  }
  const codes = new Int8Array(found.length * dims);
  const scales = new Float32Array(found.length);
  const hashes = found.map(({ hash, slot }, i) => {
    const scale = store.int8At(slot, codes.subarray(i * dims, (i + 1) * dims));
    if (scale === undefined) return "";
    scales[i] = scale;
    return hash;
  });
  return offered + fresh.pool.seedRows(hashes, int8RowReader(codes, scales, dims));
}

// A function of its own, so that the reader's closure holds the copied rows and not the old store (a closure
// created next to the ones that read `store` would share their context and keep it alive).
function int8RowReader(codes: Int8Array, scales: Float32Array, dims: number): (i: number) => Float32Array {
  return (i) => dequantizeInt8(codes.subarray(i * dims, (i + 1) * dims), scales[i] ?? 0);
}
