import { INT8_BOUND_WASM } from "./int8-bound-wasm";
import { KERNEL_AHEAD } from "./int8-bound-kernel";
import { ensureKernelBytes } from "./wasm-kernel";
import { int8NormOf } from "./vector-math";

/** Rows the kernel scores per call: the size of its output area. */
export const ARENA_BATCH = 1024;

type Int8Bound = (codes: number, count: number, dims: number, probeA: number, probeB: number, out: number) => void;
type Int8BoundOne = (codes: number, count: number, dims: number, probe: number, out: number) => void;
type Int8SquareSums = (codes: number, count: number, dims: number, out: number) => void;

let compiled: WebAssembly.Module | null | undefined;

/**
 * An int8 store's codes, kept in a WebAssembly memory of the store's own where the bound kernel
 * (int8-bound-kernel.wat) reads them in place. Copying every row into the kernel's memory for each search cost about
 * as much as the kernel's arithmetic (a 50,000-note search read 114 MB twice); here the codes are written once, when
 * a page is added, and a stored vector is written where the kernel reads it.
 *
 * Memory grows by whole pages and never shrinks; the store's pages are only ever added, so this is the same bytes
 * the pages held as JavaScript arrays. It is freed with the store. Growing detaches every view of the old buffer:
 * `bytes` gives views of the current one, and a holder of a view re-takes it after anything that may allocate.
 */
export class Int8Arena {
  /** The largest |probe value| that cannot overflow the kernel's int32 sums at these dims. */
  readonly maxProbe: number;
  private used: number;
  private readonly probeB: number;
  private readonly out: number;

  private constructor(
    readonly dims: number,
    private readonly memory: WebAssembly.Memory,
    private readonly pair: Int8Bound,
    private readonly one: Int8BoundOne,
    private readonly squareSums: Int8SquareSums,
  ) {
    this.maxProbe = Math.min(32_767, Math.floor(2_147_483_647 / (127 * dims)));
    this.probeB = dims * 2;
    this.out = dims * 4;
    // Pages start on a 16-byte boundary (dims is a multiple of 16, so every row does too).
    this.used = this.out + ARENA_BATCH * 8;
    ensureKernelBytes(memory, this.used);
  }

  /** An arena for rows of `dims` codes, or undefined where the kernel can't run (dims not a multiple of 16, no SIMD). */
  static create(dims: number): Int8Arena | undefined {
    if (dims <= 0 || dims % 16 !== 0) return undefined;
    compiled ??= compile();
    if (!compiled) return undefined;
    try {
      const ex = new WebAssembly.Instance(compiled).exports;
      const { memory, int8Bound, int8Bound1, int8SquareSums } = ex;
      if (!(memory instanceof WebAssembly.Memory) || typeof int8Bound !== "function" || typeof int8Bound1 !== "function" || typeof int8SquareSums !== "function") return undefined;
      return new Int8Arena(dims, memory, int8Bound as Int8Bound, int8Bound1 as Int8BoundOne, int8SquareSums as Int8SquareSums);
    } catch {
      return undefined;
    }
  }

  /** Bytes of memory in use (codes and the kernel's working area). */
  get byteLength(): number {
    return this.memory.buffer.byteLength;
  }

  /**
   * Room for `bytes` zeroed bytes, returned as their offset; undefined when the memory can't grow that far (the
   * caller then keeps the page as a JavaScript array). Detaches the views taken before it when it grows.
   */
  alloc(bytes: number): number | undefined {
    const at = this.used;
    try {
      ensureKernelBytes(this.memory, at + bytes + KERNEL_AHEAD);
    } catch {
      return undefined;
    }
    this.used = at + Math.ceil(bytes / 16) * 16;
    return at;
  }

  /** Grows the memory now for `bytes` more bytes of pages (allocated later), when it can. */
  reserve(bytes: number): void {
    try {
      if (bytes > 0) ensureKernelBytes(this.memory, this.used + bytes + KERNEL_AHEAD);
    } catch {
      // `alloc` grows what it needs, or falls back, when the time comes.
    }
  }

  /** A view of `length` bytes from `at`, valid until the next `alloc` or `reserve`. */
  bytes(at: number, length: number): Int8Array {
    return new Int8Array(this.memory.buffer, at, length);
  }

  /**
   * For each of the `count` rows from offset `at`, writes `a · c` to `out[k]` (`b` undefined), or `a · c` and
   * `b · c` to `out[2k]` and `out[2k+1]`. At most `ARENA_BATCH` rows a call; probes within ±`maxProbe`.
   */
  score(at: number, count: number, a: Int16Array, b: Int16Array | undefined, out: Int32Array): void {
    const buffer = this.memory.buffer;
    // The probes are written on every call: two searches taking turns between steps share this memory.
    const shorts = new Int16Array(buffer, 0, 2 * this.dims);
    shorts.set(a);
    if (b) shorts.set(b, this.dims);
    if (b) this.pair(at, count, this.dims, 0, this.probeB, this.out);
    else this.one(at, count, this.dims, 0, this.out);
    out.set(new Int32Array(buffer, this.out, (b ? 2 : 1) * count));
  }

  /**
   * The norms of the `scales.length` rows from offset `at`, row k scaled by `scales[k]`, into `out[0…]`: the values
   * vector-math.ts's `normOfCodesAt` gives, bit for bit (the kernel sums the squares of the codes, exactly).
   */
  norms(at: number, scales: Float32Array, out: Float64Array): void {
    for (let k = 0; k < scales.length; k += ARENA_BATCH) {
      const count = Math.min(ARENA_BATCH, scales.length - k);
      this.squareSums(at + k * this.dims, count, this.dims, this.out);
      const sums = new Int32Array(this.memory.buffer, this.out, count);
      for (let r = 0; r < count; r++) out[k + r] = int8NormOf(sums[r]!, scales[k + r]!);
    }
  }
}

function compile(): WebAssembly.Module | null {
  try {
    if (typeof WebAssembly !== "object") return null;
    const bytes = Uint8Array.from(atob(INT8_BOUND_WASM), (c) => c.charCodeAt(0));
    return WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    return null;
  }
}
