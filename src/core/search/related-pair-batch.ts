import type { ChunkIndex } from "../index/chunk-index";
import { dot } from "../vectors/vector-math";
import { pairDotKernel, type PairDotKernel } from "../vectors/pair-dot-kernel";
import type { BestPair, SourceVector } from "./related-pairing";
import { storedVectorInto } from "./stored-vector";

/**
 * Source chunks × other chunks below which the plain loop is as quick as packing rows for the kernel. A long note
 * against another long one (two 300-chunk plugin lists) is 90,000 dot products: there the kernel's two-probe pass
 * takes the time down by more than half.
 */
const MIN_PAIRS_FOR_KERNEL = 64;

/** The other note's chunks that can pair: a vector of their own text with a norm. */
export interface PairRows {
  ids: string[];
  /** Row k of `packed`, for each chunk. */
  vectors: Float32Array[];
  norms: number[];
  /** In an int8 index, the vectors back to back, `dims` a row, as the kernel reads them (float32: packed when needed). */
  packed?: Float32Array;
}

/**
 * The same pair `bestPair` in related-pairing.ts finds, bit for bit, computed with the WebAssembly kernel when the
 * pairs are many: the kernel's dot products are the JavaScript `dot`'s own sums (pair-dot-kernel.wat), the larger of
 * two dots divided by a chunk's norm is the larger of the two quotients (division rounds monotonically), and the
 * winner is the first pair in (chunk, source) order with the highest similarity, as in the plain loop. Undefined when
 * the kernel can't run or the pairs are few: the caller then loops.
 */
export function bestPairBatched(rows: PairRows, sources: readonly SourceVector[], dims: number): BestPair | undefined {
  const m = rows.ids.length;
  if (m === 0 || sources.length * m < MIN_PAIRS_FOR_KERNEL) return undefined;
  const kernel = pairDotKernel(dims);
  if (!kernel) return undefined;
  const best = maxDotPerRow(kernel, rows.packed ?? pack(rows.vectors, dims), m, sources);
  let at = -1;
  let similarity = -Infinity;
  for (let c = 0; c < m; c++) {
    const sim = best[c]! / rows.norms[c]!;
    if (at < 0 || sim > similarity) [at, similarity] = [c, sim];
  }
  const vector = rows.vectors[at]!;
  const norm = rows.norms[at]!;
  // The first source whose quotient is the winning one: what the plain loop keeps when two sources tie.
  const source = sources.find((s) => dot(s.unit, vector) / norm === similarity) ?? sources[0]!;
  return { similarity, weighted: similarity, chunkId: rows.ids[at]!, sourceChunkId: source.id };
}

/** For each row, the largest dot product with any source's unit vector: two sources a pass, the rows copied in once. */
function maxDotPerRow(kernel: PairDotKernel, packed: Float32Array, m: number, sources: readonly SourceVector[]): Float64Array {
  const best = new Float64Array(m);
  kernel.maxOverProbes(packed, m, sources.map((s) => s.unit), best);
  return best;
}

/** `vectors` back to back in one array. */
function pack(vectors: readonly Float32Array[], dims: number): Float32Array {
  const packed = new Float32Array(vectors.length * dims);
  vectors.forEach((v, c) => packed.set(v, c * dims));
  return packed;
}

/**
 * The chunks of `path` that can pair (rarity above 0, a vector with a norm), in the note's order. A float32 index
 * lends its stored views; an int8 index's chunks are decoded straight into one packed array, with no copy a chunk.
 */
export function pairRows(index: ChunkIndex, path: string, rarity: (id: string) => number): PairRows {
  const dims = index.dims;
  const all = index.chunkIdsOf(path);
  const packed = index.vectorPrecision === "int8" ? new Float32Array(all.length * dims) : undefined;
  const scratch = packed ?? new Float32Array(dims);
  const codes = new Int8Array(dims);
  const out: PairRows = { ids: [], vectors: [], norms: [], ...(packed ? { packed } : {}) };
  for (const id of all) {
    const at = out.ids.length;
    const row = packed ? scratch.subarray(at * dims, (at + 1) * dims) : scratch;
    const vector = rarity(id) > 0 ? storedVectorInto(index, id, row, codes) : undefined;
    if (!vector) continue;
    const norm = Math.sqrt(dot(vector, vector));
    if (norm === 0) continue;
    // The kernel reads the packed rows: a vector lent rather than decoded there is copied in.
    if (packed && vector !== row) row.set(vector);
    out.ids.push(id);
    out.vectors.push(packed ? row : vector);
    out.norms.push(norm);
  }
  return out;
}
