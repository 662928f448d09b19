import type { ChunkIndex } from "../index/chunk-index";
import { dot } from "../vectors/vector-math";
import { pairDotKernel, type PairDotKernel } from "../vectors/pair-dot-kernel";
import type { BestPair, SourceVector } from "./related-pairing";
import { readStoredVector } from "./stored-vector";

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
  /** The vectors back to back, `dims` a row, as the kernel reads them. */
  packed: Float32Array;
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
  const best = maxDotPerRow(kernel, rows.packed, m, sources);
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

/** For each row, the largest dot product with any source's unit vector: two sources a pass. */
function maxDotPerRow(kernel: PairDotKernel, packed: Float32Array, m: number, sources: readonly SourceVector[]): Float64Array {
  const best = new Float64Array(m).fill(-Infinity);
  const dots = new Float64Array(m);
  for (let i = 0; i < sources.length; i += 2) {
    const a = sources[i]!.unit;
    const b = (sources[i + 1] ?? sources[i]!).unit;
    kernel.scoreRows(packed, m, a, b, dots, 0);
    for (let c = 0; c < m; c++) if (dots[c]! > best[c]!) best[c] = dots[c]!;
  }
  return best;
}

/**
 * The chunks of `path` that can pair (rarity above 0, a vector with a norm), in the note's order, their vectors read
 * straight into one packed array: in an int8 index each is dequantized there once, with no copy per chunk.
 */
export function pairRows(index: ChunkIndex, path: string, rarity: (id: string) => number): PairRows {
  const dims = index.dims;
  const all = index.chunkIdsOf(path);
  const packed = new Float32Array(all.length * dims);
  const codes = new Int8Array(dims);
  const out: PairRows = { ids: [], vectors: [], norms: [], packed };
  for (const id of all) {
    const row = packed.subarray(out.ids.length * dims, (out.ids.length + 1) * dims);
    if (rarity(id) <= 0 || !readStoredVector(index, id, row, codes)) continue;
    const norm = Math.sqrt(dot(row, row));
    if (norm === 0) continue;
    out.ids.push(id);
    out.vectors.push(row);
    out.norms.push(norm);
  }
  return out;
}
