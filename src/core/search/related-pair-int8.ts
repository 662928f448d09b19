import type { ChunkIndex } from "../index/chunk-index";
import { int8BoundKernel, type Int8BoundKernel } from "../vectors/int8-bound-kernel";
import { dequantizeInt8 } from "../vectors/vector-precision";
import { dot } from "../vectors/vector-math";
import type { BestPair, SourceVector } from "./related-pairing";

/** Source chunks × other chunks below which decoding every row and looping costs no more than this pass. */
const MIN_PAIRS = 64;
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
  const dots = integerDots(kernel, src, rows, dims);
  let lower = -Infinity;
  for (let i = 0; i < s; i++) {
    for (let c = 0; c < m; c++) {
      const approx = dots[i * m + c]! * src.factor[i]! * rows.factor[c]!;
      if (approx - SLACK > lower) lower = approx - SLACK;
    }
  }
  // The plain loop over the pairs that can win, in its order: the first highest similarity is its pair.
  const v = new Float32Array(dims);
  let best: BestPair | undefined;
  for (let c = 0; c < m; c++) {
    let norm = -1;
    for (let i = 0; i < s; i++) {
      if (dots[i * m + c]! * src.factor[i]! * rows.factor[c]! + SLACK < lower) continue;
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

/** `dots[i × m + c]`: source row i's codes · note row c's codes, from the kernel, two probes a call over the larger side. */
function integerDots(kernel: Int8BoundKernel, src: CodeRows, rows: CodeRows & { scale: Float32Array }, dims: number): Int32Array {
  const s = src.ids.length;
  const m = rows.ids.length;
  const dots = new Int32Array(s * m);
  // The larger side is read as rows, so the kernel is called the fewest times and copies the fewest bytes.
  const [probes, read, probesAreSources] = s <= m ? [src, rows, true] : [rows, src, false];
  const p = probes.ids.length;
  const n = read.ids.length;
  const wide = (probes.wide ??= []);
  const out = new Int32Array(2 * n);
  for (let j = 0; j < p; j += 2) {
    const a = (wide[j] ??= Int16Array.from(probes.codes.subarray(j * dims, (j + 1) * dims)));
    const b = j + 1 < p ? (wide[j + 1] ??= Int16Array.from(probes.codes.subarray((j + 1) * dims, (j + 2) * dims))) : a;
    kernel.scoreRows(read.codes, n, a, b, out);
    const second = j + 1 < p;
    if (probesAreSources) {
      for (let k = 0; k < n; k++) dots[j * m + k] = out[2 * k]!;
      if (second) for (let k = 0; k < n; k++) dots[(j + 1) * m + k] = out[2 * k + 1]!;
    } else {
      for (let k = 0; k < n; k++) dots[k * m + j] = out[2 * k]!;
      if (second) for (let k = 0; k < n; k++) dots[k * m + j + 1] = out[2 * k + 1]!;
    }
  }
  return dots;
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
  const codes = new Int8Array(all.length * dims);
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
