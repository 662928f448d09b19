import type { ChunkIndex } from "../index/chunk-index";
import { int8BoundKernel, type Int8BoundKernel } from "../vectors/int8-bound-kernel";
import { dequantizeInt8 } from "../vectors/vector-precision";
import { dot } from "../vectors/vector-math";
import type { BestPair, SourceVector } from "./related-pairing";

/**
 * Source chunks × other chunks below which the loop is used: one pair decodes one row either way. From two pairs on
 * this pass is the cheaper one: the related view pairs a 3-chunk note with a hundred others of 2 to 5 chunks on
 * every switch, and the loop decoded every one of their rows to floats (4,500 pairings: about 200 ms CPU by the loop,
 * 110 by this pass, load 9 on 2 cores).
 */
const MIN_PAIRS = 2;
/**
 * How far a pair's similarity from the integer dot product of the codes may lie from the float one `bestPair`
 * computes: both read the same codes, and the float one rounds each decoded value and each quotient to float32
 * (about 2e-7 of the similarity in all). 1e-5 leaves fifty times that, and still rules out nearly every pair.
 */
const SLACK = 1e-5;

/** Chunks as an int8 store keeps them: their codes back to back, and per row scale ÷ norm of the decoded vector. */
interface CodeRows {
  ids: string[];
  codes: Int8Array;
  /** Multiplies a row's integer dot product with another row's into cosine units. */
  factor: Float64Array;
  /** Each row's codes widened to int16, as the kernel takes probes: made when first needed. */
  wide?: Int16Array[];
}

/**
 * Arrays reused from one note's pairing to the next (a related list pairs 40 or more notes, in one synchronous call):
 * a long note against long ones made megabytes of them per note, and the collector ran for a quarter of the time.
 * Up to `KEEP` values are kept between calls; a larger pairing gets arrays of its own.
 */
const KEEP = 1 << 21;
let heldDots = new Int32Array(0);
let heldCodes = new Int8Array(0);
const size = (n: number): number => Math.max(1024, 2 ** Math.ceil(Math.log2(n)));
function scratchDots(n: number): Int32Array {
  if (n > KEEP) return new Int32Array(n);
  if (heldDots.length < n) heldDots = new Int32Array(size(n));
  return heldDots.subarray(0, n);
}
function scratchCodes(n: number): Int8Array {
  if (n > KEEP) return new Int8Array(n);
  if (heldCodes.length < n) heldCodes = new Int8Array(size(n));
  return heldCodes.subarray(0, n);
}

/** The sources' codes, read once for all the notes paired with them (a related list pairs 40 or more). */
const sourceRowsOf = new WeakMap<readonly SourceVector[], CodeRows | null>();

/**
 * The pair `bestPair` (related-pairing.ts) finds, bit for bit, in an int8 index, without its cost: the dot product
 * of every source chunk's codes with every chunk's codes is an exact integer (int8-bound-kernel.wat, with one side's
 * codes as the int16 "probes"), which scaled gives each pair's similarity to within `SLACK`. Only pairs within
 * 2 × `SLACK` of the best one can be the best or tie with it; those alone are decoded and scored in float as the
 * plain loop does, in its (chunk, source) order, so the same pair wins. A 1,370-chunk note against notes of hundreds
 * of chunks spent seconds decoding and multiplying in float64. `{ pair }` when this pass ran (`pair` undefined: the
 * note has no chunk that can pair); undefined when it can't (a float32 index, a vector outside the int8 pages, dims
 * the kernel can't take, or too few pairs to be worth it): the caller then computes the pair its own way.
 */
export function bestPairInt8(
  index: ChunkIndex,
  sources: readonly SourceVector[],
  path: string,
  rarity: (id: string) => number,
): { pair: BestPair | undefined } | undefined {
  const store = index.vectorStore;
  const dims = index.dims;
  if (store?.precision !== "int8" || sources.length === 0) return undefined;
  const kernel = int8BoundKernel(dims);
  if (!kernel) return undefined;
  let src = sourceRowsOf.get(sources);
  if (src === undefined) {
    src = sourceRows(index, sources) ?? null;
    sourceRowsOf.set(sources, src);
  }
  if (!src || src.ids.length * index.chunkIdsOf(path).length < MIN_PAIRS) return undefined;
  const rows = noteRows(index, path, rarity);
  if (!rows) return undefined;
  const s = src.ids.length;
  const m = rows.ids.length;
  if (m === 0) return { pair: undefined };
  const { dots, bySource } = integerDots(kernel, src, rows, dims);
  // Source i's step and note row c's step through `dots`.
  const [si, sc] = bySource ? [m, 1] : [1, s];
  let lower = -Infinity;
  for (let c = 0; c < m; c++) {
    for (let i = 0; i < s; i++) {
      const approx = dots[i * si + c * sc]! * src.factor[i]! * rows.factor[c]!;
      if (approx - SLACK > lower) lower = approx - SLACK;
    }
  }
  // The plain loop over the pairs that can win, in its order: the first highest similarity is its pair.
  const v = new Float32Array(dims);
  let best: BestPair | undefined;
  for (let c = 0; c < m; c++) {
    let norm = -1;
    for (let i = 0; i < s; i++) {
      if (dots[i * si + c * sc]! * src.factor[i]! * rows.factor[c]! + SLACK < lower) continue;
      if (norm < 0) {
        dequantizeInt8(rows.codes.subarray(c * dims, (c + 1) * dims), rows.scale[c]!, v);
        norm = Math.sqrt(dot(v, v));
      }
      if (norm === 0) break;
      const similarity = dot(sources[i]!.unit, v) / norm;
      if (!best || similarity > best.weighted) best = { similarity, weighted: similarity, chunkId: rows.ids[c]!, sourceChunkId: sources[i]!.id };
    }
  }
  return { pair: best };
}

/**
 * Every source row's codes · every note row's codes, from the kernel, the larger side read as rows once: at
 * `i × m + c` (source i, note row c) when `bySource`, else at `c × s + i`.
 */
function integerDots(kernel: Int8BoundKernel, src: CodeRows, rows: CodeRows, dims: number): { dots: Int32Array; bySource: boolean } {
  const s = src.ids.length;
  const m = rows.ids.length;
  const dots = scratchDots(s * m);
  const widen = (from: CodeRows): Int16Array[] => (from.wide ??= Array.from({ length: from.ids.length }, (_, j) => Int16Array.from(from.codes.subarray(j * dims, (j + 1) * dims))));
  const bySource = s <= m;
  if (bySource) kernel.scoreRowsByProbes(rows.codes, m, widen(src), dots);
  else kernel.scoreRowsByProbes(src.codes, s, widen(rows), dots);
  return { dots, bySource };
}

/** The sources' codes in order, or undefined when one of them is not in an int8 page. */
function sourceRows(index: ChunkIndex, sources: readonly SourceVector[]): CodeRows | undefined {
  const store = index.vectorStore!;
  const dims = index.dims;
  const codes = new Int8Array(sources.length * dims);
  const factor = new Float64Array(sources.length);
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i]!;
    const slot = index.entry(s.id)?.vector ? undefined : store.slotOfId(s.id);
    const scale = slot === undefined ? undefined : store.int8At(slot, codes.subarray(i * dims, (i + 1) * dims));
    if (scale === undefined) return undefined;
    // `unit` is the decoded vector over this norm, as sourceVectors computed it.
    factor[i] = scale / Math.sqrt(dot(s.vector, s.vector));
  }
  return { ids: sources.map((x) => x.id), codes, factor };
}

/**
 * The chunks of `path` that can pair (rarity above 0, a vector of a non-zero norm), in the note's order, as codes;
 * undefined when one of them is not in an int8 page.
 */
function noteRows(index: ChunkIndex, path: string, rarity: (id: string) => number): (CodeRows & { scale: Float32Array }) | undefined {
  const store = index.vectorStore!;
  const dims = index.dims;
  const all = index.chunkIdsOf(path);
  const codes = scratchCodes(all.length * dims);
  const factor = new Float64Array(all.length);
  const scale = new Float32Array(all.length);
  const ids: string[] = [];
  for (const id of all) {
    if (!(rarity(id) > 0)) continue;
    if (index.entry(id)?.vector) return undefined;
    const slot = store.slotOfId(id);
    if (slot === undefined) continue;
    const at = ids.length;
    const sc = store.int8At(slot, codes.subarray(at * dims, (at + 1) * dims));
    const norm = store.norm(slot);
    if (sc === undefined) return undefined;
    if (!(norm > 0)) continue;
    ids.push(id);
    factor[at] = sc / norm;
    scale[at] = sc;
  }
  return { ids, codes: codes.subarray(0, ids.length * dims), factor: factor.subarray(0, ids.length), scale: scale.subarray(0, ids.length) };
}
