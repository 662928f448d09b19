import { ensureKernelBytes, instantiateKernel } from "./wasm-kernel";
import { INT8_DOT_WASM } from "./int8-dot-wasm";

/** Rows copied into the kernel's memory per call: 1,024 rows of 768 codes are 768 KB. */
const BATCH = 1024;

/**
 * Scores an int8 store's rows against one or two float32 probes with the WebAssembly SIMD kernel
 * (int8-dot-kernel.wat), reading the codes as stored: max(a · c, b · c) × scale a row, or (a · c) × scale with one
 * probe, bit for bit what pair-dot-int8.ts gives and what the float32 kernels give over the codes widened to float32.
 * Widening them in JavaScript first took as long as the kernel's own arithmetic, and copied four times the bytes.
 */
export interface Int8DotKernel {
  /**
   * Writes the score of each of the `count` rows of `codes` (back to back, `dims` a row; row k stands for
   * `codes[k·dims…] × scales[k]`) to `out[at…]`: against `a` and `b` both, or `a` alone when `b` is `a`.
   */
  scoreRows(codes: Int8Array, scales: Float32Array, count: number, a: Float32Array, b: Float32Array, out: Float64Array, at: number): void;
}

type Int8Dot = (codes: number, scales: number, count: number, dims: number, probeA: number, probeB: number, wide: number, out: number, pair: number) => void;

// Not "exports": in the unminified CommonJS bundle (the dev build) a top-level `exports` is the module's own object, so
// `??=` never compiled the kernel and every vector scan threw.
let compiled: { memory: WebAssembly.Memory; int8Dot: Int8Dot } | null | undefined;

/**
 * The kernel for rows of `dims` codes, or undefined where it can't run (dimensions not a multiple of 4, no
 * WebAssembly SIMD, a content policy that forbids compiling it); callers then keep to pair-dot-int8.ts, which gives
 * the same scores.
 */
export function int8DotKernel(dims: number): Int8DotKernel | undefined {
  if (dims <= 0 || dims % 4 !== 0) return undefined;
  compiled ??= instantiate();
  const ex = compiled;
  if (!ex) return undefined;
  // Layout: the two float32 probes, their float64 widening, the scores, the scales, then the codes (2 bytes of slack
  // past the last row: the kernel reads a row's last codes 4 bytes at a time from 2 bytes on).
  const probeA = 0;
  const probeB = dims * 4;
  const wide = 2 * dims * 4;
  const out = wide + 2 * dims * 8;
  const scalesAt = out + BATCH * 8;
  const codesAt = scalesAt + BATCH * 4;
  const needed = codesAt + BATCH * dims + 16;
  ensureKernelBytes(ex.memory, needed);
  return {
    scoreRows(codes, scales, count, a, b, scores, at) {
      // Views are taken per call: growing the memory (another dims) detaches older ones.
      const buffer = ex.memory.buffer;
      const floats = new Float32Array(buffer);
      const bytes = new Int8Array(buffer);
      const scaleView = new Float32Array(buffer, scalesAt, BATCH);
      const results = new Float64Array(buffer, out, BATCH);
      floats.set(a, probeA / 4);
      const pair = a === b ? 0 : 1;
      if (pair) floats.set(b, probeB / 4);
      for (let from = 0; from < count; from += BATCH) {
        const n = Math.min(BATCH, count - from);
        bytes.set(codes.subarray(from * dims, (from + n) * dims), codesAt);
        scaleView.set(scales.subarray(from, from + n));
        ex.int8Dot(codesAt, scalesAt, n, dims, probeA, probeB, wide, out, pair);
        scores.set(results.subarray(0, n), at + from);
      }
    },
  };
}

function instantiate(): { memory: WebAssembly.Memory; int8Dot: Int8Dot } | null {
  const kernel = instantiateKernel(INT8_DOT_WASM, "int8Dot");
  return kernel === null ? null : { memory: kernel.memory, int8Dot: kernel.fn as Int8Dot };
}
