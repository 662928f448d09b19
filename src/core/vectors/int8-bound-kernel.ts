import { ensureKernelBytes, instantiateKernelFns } from "./wasm-kernel";
import { INT8_BOUND_WASM } from "./int8-bound-wasm";

/** Rows copied into the kernel's memory per call. */
const BATCH = 1024;
/** Bytes past the last row that the kernel reads (and drops) as it looks ahead: see int8-bound-kernel.wat. */
export const KERNEL_AHEAD = 4096;
const INT32_MAX = 2_147_483_647;

/**
 * Integer dot products of an int8 store's rows with two probes rounded to int16 (int8-bound-kernel.wat): a quarter of
 * the exact int8 kernel's time, and off by an amount the caller can bound (see int8-prefilter.ts).
 */
export interface Int8BoundKernel {
  /** The largest |probe value| that cannot overflow the kernel's int32 sums at these dims. */
  readonly maxProbe: number;
  /**
   * For each of the `count` rows of `codes` (back to back, `dims` a row), writes `a · c` and `b · c` to `out[2k]` and
   * `out[2k+1]`. `a` and `b` hold `dims` values within ±`maxProbe`.
   */
  scoreRows(codes: Int8Array, count: number, a: Int16Array, b: Int16Array, out: Int32Array): void;
  /** `scoreRows` with one probe: writes `a · c` to `out[k]`, in about half the kernel time of a pair. */
  scoreRowsOne(codes: Int8Array, count: number, a: Int16Array, out: Int32Array): void;
  /**
   * For each of the `count` rows of `codes` and each probe of `probes`, writes `probes[p] · c` to `out[p × count + k]`:
   * every row copied into the kernel once, however many probes (`scoreRows` copies the rows again for each pair).
   */
  scoreRowsByProbes(codes: Int8Array, count: number, probes: readonly Int16Array[], out: Int32Array): void;
}

type Int8Bound = (codes: number, count: number, dims: number, probeA: number, probeB: number, out: number) => void;
type Int8BoundOne = (codes: number, count: number, dims: number, probe: number, out: number) => void;

// Not "exports": in the unminified CommonJS bundle (the dev build) a top-level `exports` is the module's own object, so
// `??=` never compiled the kernel and every vector scan threw.
let compiled: { memory: WebAssembly.Memory; int8Bound: Int8Bound; int8BoundOne: Int8BoundOne } | null | undefined;

/** The kernel for rows of `dims` codes, or undefined where it can't run (dims not a multiple of 16, no WebAssembly SIMD). */
export function int8BoundKernel(dims: number): Int8BoundKernel | undefined {
  if (dims <= 0 || dims % 16 !== 0) return undefined;
  compiled ??= instantiate();
  const ex = compiled;
  if (!ex) return undefined;
  const probeA = 0;
  const probeB = dims * 2;
  const out = dims * 4;
  const codesAt = out + BATCH * 8;
  const needed = codesAt + BATCH * dims + KERNEL_AHEAD;
  ensureKernelBytes(ex.memory, needed);
  return {
    maxProbe: Math.min(32_767, Math.floor(INT32_MAX / (127 * dims))),
    scoreRows(codes, count, a, b, scores) {
      // Views are taken per call: growing the memory (another dims) detaches older ones.
      const buffer = ex.memory.buffer;
      const shorts = new Int16Array(buffer, 0, 2 * dims);
      const bytes = new Int8Array(buffer, codesAt, BATCH * dims);
      const results = new Int32Array(buffer, out, BATCH * 2);
      shorts.set(a, probeA / 2);
      shorts.set(b, probeB / 2);
      for (let from = 0; from < count; from += BATCH) {
        const n = Math.min(BATCH, count - from);
        bytes.set(codes.subarray(from * dims, (from + n) * dims));
        ex.int8Bound(codesAt, n, dims, probeA, probeB, out);
        scores.set(results.subarray(0, 2 * n), 2 * from);
      }
    },
    scoreRowsOne(codes, count, a, scores) {
      const buffer = ex.memory.buffer;
      const shorts = new Int16Array(buffer, 0, dims);
      const bytes = new Int8Array(buffer, codesAt, BATCH * dims);
      const results = new Int32Array(buffer, out, BATCH);
      shorts.set(a, probeA / 2);
      for (let from = 0; from < count; from += BATCH) {
        const n = Math.min(BATCH, count - from);
        bytes.set(codes.subarray(from * dims, (from + n) * dims));
        ex.int8BoundOne(codesAt, n, dims, probeA, out);
        scores.set(results.subarray(0, n), from);
      }
    },
    scoreRowsByProbes(codes, count, probes, scores) {
      const buffer = ex.memory.buffer;
      const shorts = new Int16Array(buffer, 0, 2 * dims);
      const bytes = new Int8Array(buffer, codesAt, BATCH * dims);
      const results = new Int32Array(buffer, out, BATCH * 2);
      for (let from = 0; from < count; from += BATCH) {
        const n = Math.min(BATCH, count - from);
        bytes.set(codes.subarray(from * dims, (from + n) * dims));
        for (let p = 0; p < probes.length; p += 2) {
          const second = p + 1 < probes.length;
          shorts.set(probes[p]!, probeA / 2);
          shorts.set(second ? probes[p + 1]! : probes[p]!, probeB / 2);
          ex.int8Bound(codesAt, n, dims, probeA, probeB, out);
          const a = p * count + from;
          for (let k = 0; k < n; k++) scores[a + k] = results[2 * k]!;
          if (!second) continue;
          const b = (p + 1) * count + from;
          for (let k = 0; k < n; k++) scores[b + k] = results[2 * k + 1]!;
        }
      }
    },
  };
}

function instantiate(): { memory: WebAssembly.Memory; int8Bound: Int8Bound; int8BoundOne: Int8BoundOne } | null {
  const kernel = instantiateKernelFns(INT8_BOUND_WASM, ["int8Bound", "int8Bound1"]);
  return kernel === null ? null : { memory: kernel.memory, int8Bound: kernel.fns[0] as Int8Bound, int8BoundOne: kernel.fns[1] as Int8BoundOne };
}
