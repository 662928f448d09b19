import { ensureKernelBytes, instantiateKernel } from "./wasm-kernel";
import { DOT_WASM } from "./dot-wasm";

/** Vectors copied into the kernel's memory per call (as pair-dot-kernel.ts). */
const BATCH = 256;

/**
 * Scores stored vectors against one probe with the WebAssembly SIMD kernel (dot-kernel.wat): for each vector,
 * probe · v, bit for bit what the pair-dot kernel (and its JavaScript twin) gives with the probe as both of its
 * probes, for about half the arithmetic. A search scans with one probe (its query); the related view's two probes
 * keep the pair kernel.
 */
export interface DotKernel {
  /** Writes probe · v of the `count` vectors laid back to back in `rows` to `out[at…]`. */
  scoreRows(rows: Float32Array, count: number, probe: Float32Array, out: Float64Array, at: number): void;
}

interface Exports {
  memory: WebAssembly.Memory;
  dot: (vecs: number, count: number, dims: number, probe: number, out: number) => void;
}

// Not "exports": in the unminified CommonJS bundle (the dev build) a top-level `exports` is the module's own object, so
// `??=` never compiled the kernel and every vector scan threw.
let compiled: Exports | null | undefined;

/**
 * The kernel for vectors of `dims` floats, or undefined where it can't run (dimensions not a multiple of 4, no
 * WebAssembly SIMD, a content policy that forbids compiling it); callers then keep to the pair kernel or its
 * JavaScript twin, which give the same scores.
 */
export function dotKernel(dims: number): DotKernel | undefined {
  if (dims <= 0 || dims % 4 !== 0) return undefined;
  compiled ??= instantiate();
  const ex = compiled;
  if (!ex) return undefined;
  const probeAt = 0;
  const out = dims * 4;
  const vecs = out + BATCH * 8;
  const needed = vecs + BATCH * dims * 4;
  ensureKernelBytes(ex.memory, needed);
  return {
    scoreRows(rows, count, probe, scores, at) {
      // Views are taken per call: growing the memory (another dims) detaches older ones.
      const floats = new Float32Array(ex.memory.buffer);
      floats.set(probe, probeAt / 4);
      const results = new Float64Array(ex.memory.buffer, out, BATCH);
      for (let from = 0; from < count; from += BATCH) {
        const n = Math.min(BATCH, count - from);
        floats.set(rows.subarray(from * dims, (from + n) * dims), vecs / 4);
        ex.dot(vecs, n, dims, probeAt, out);
        scores.set(results.subarray(0, n), at + from);
      }
    },
  };
}

function instantiate(): Exports | null {
  const kernel = instantiateKernel(DOT_WASM, "dot");
  return kernel === null ? null : { memory: kernel.memory, dot: kernel.fn as Exports["dot"] };
}
