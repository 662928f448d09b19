import { ensureKernelBytes, instantiateKernel } from "./wasm-kernel";
import { PAIR_DOT_WASM } from "./pair-dot-wasm";

/** Vectors copied into the kernel's memory per call: 256 × 768 floats is 768 KB. */
const BATCH = 256;

/**
 * Scores stored vectors against two probes with the WebAssembly SIMD kernel (pair-dot-kernel.wat): for each vector,
 * max(a · v, b · v), bit for bit what the JavaScript loop in pair-dot-js.ts computes, in less than half its time at
 * 768 dimensions (bench/pair-dot.ts). Vectors live in JavaScript memory, so each batch is copied into the kernel's
 * memory first: one copy per batch for the store's contiguous rows.
 */
export interface PairDotKernel {
  /** Writes max(a · v, b · v) of `vectors[i]` to `out[i]`. Every vector, `a` and `b` have the kernel's `dims`. */
  score(vectors: readonly Float32Array[], a: Float32Array, b: Float32Array, out: Float64Array): void;
  /** The same for `count` vectors laid back to back in `rows`, written to `out[at…]`. */
  scoreRows(rows: Float32Array, count: number, a: Float32Array, b: Float32Array, out: Float64Array, at: number): void;
  /**
   * For each of the `count` rows, the largest dot product with any of `probes` (two a pass), written to `out[0…]`:
   * `scoreRows` for every pair of probes, folded by max, with each batch of rows copied in once rather than once a
   * pair. A long note's hundreds of chunks against another note's few rows were mostly copies of the same rows.
   */
  maxOverProbes(rows: Float32Array, count: number, probes: readonly Float32Array[], out: Float64Array): void;
}

interface Exports {
  memory: WebAssembly.Memory;
  pairDot: (vecs: number, count: number, dims: number, probeA: number, probeB: number, out: number) => void;
}

// Not "exports": in the unminified CommonJS bundle (the dev build) a top-level `exports` is the module's own object, so
// `??=` never compiled the kernel and every vector scan threw.
let compiled: Exports | null | undefined;

/**
 * The kernel for vectors of `dims` floats, or undefined where it can't run: dimensions that are not a multiple of
 * 4, or a runtime without WebAssembly SIMD (or one whose content policy forbids compiling it). Callers then keep to
 * the JavaScript loop, which gives the same scores.
 */
export function pairDotKernel(dims: number): PairDotKernel | undefined {
  if (dims <= 0 || dims % 4 !== 0) return undefined;
  compiled ??= instantiate();
  const ex = compiled;
  if (!ex) return undefined;
  const probeA = 0;
  const probeB = dims * 4;
  const out = 2 * dims * 4;
  const vecs = out + BATCH * 8;
  // Past the rows, the kernel widens the two probes to float64 (8 bytes a value) once a call.
  const needed = vecs + BATCH * dims * 4 + 2 * dims * 8;
  ensureKernelBytes(ex.memory, needed);
  // Views are taken per call: growing the memory (another dims) detaches older ones.
  const setProbes = (a: Float32Array, b: Float32Array): Float32Array => {
    const floats = new Float32Array(ex.memory.buffer);
    floats.set(a, probeA / 4);
    floats.set(b, probeB / 4);
    return floats;
  };
  return {
    score(vectors, a, b, scores) {
      const floats = setProbes(a, b);
      const results = new Float64Array(ex.memory.buffer, out, BATCH);
      for (let from = 0; from < vectors.length; from += BATCH) {
        const count = Math.min(BATCH, vectors.length - from);
        for (let k = 0; k < count; k++) floats.set(vectors[from + k] as Float32Array, vecs / 4 + k * dims);
        ex.pairDot(vecs, count, dims, probeA, probeB, out);
        scores.set(results.subarray(0, count), from);
      }
    },
    scoreRows(rows, count, a, b, scores, at) {
      const floats = setProbes(a, b);
      const results = new Float64Array(ex.memory.buffer, out, BATCH);
      for (let from = 0; from < count; from += BATCH) {
        const n = Math.min(BATCH, count - from);
        floats.set(rows.subarray(from * dims, (from + n) * dims), vecs / 4);
        ex.pairDot(vecs, n, dims, probeA, probeB, out);
        scores.set(results.subarray(0, n), at + from);
      }
    },
    maxOverProbes(rows, count, probes, best) {
      best.fill(-Infinity, 0, count);
      if (probes.length === 0) return;
      const floats = new Float32Array(ex.memory.buffer);
      const results = new Float64Array(ex.memory.buffer, out, BATCH);
      for (let from = 0; from < count; from += BATCH) {
        const n = Math.min(BATCH, count - from);
        floats.set(rows.subarray(from * dims, (from + n) * dims), vecs / 4);
        for (let i = 0; i < probes.length; i += 2) {
          floats.set(probes[i]!, probeA / 4);
          floats.set(probes[i + 1] ?? probes[i]!, probeB / 4);
          ex.pairDot(vecs, n, dims, probeA, probeB, out);
          for (let k = 0; k < n; k++) if (results[k]! > best[from + k]!) best[from + k] = results[k]!;
        }
      }
    },
  };
}

function instantiate(): Exports | null {
  const kernel = instantiateKernel(PAIR_DOT_WASM, "pairDot");
  return kernel === null ? null : { memory: kernel.memory, pairDot: kernel.fn as Exports["pairDot"] };
}
