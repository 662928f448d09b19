import { dotKernel } from "./dot-kernel";
import { pairDotKernel } from "./pair-dot-kernel";
import { pairDotRows } from "./pair-dot-js";
import { pairDotInt8Rows } from "./pair-dot-int8";
import type { VectorPage, VectorStore } from "./vector-store";

/** Slots scored per call of the kernel (or its JavaScript twin) before the scan looks at the scores. */
const BATCH_SLOTS = 1024;

/**
 * The one scan over a store, shared by search and related notes: max(a · v, b · v) for every slot, through the
 * WebAssembly kernel where it runs and its bit-identical JavaScript twin elsewhere (an int8 page: its codes widened to
 * float32 a batch at a time for the kernel, or pair-dot-int8.ts), handed to `visit` one batch at a time (`dots[k]`
 * belongs to slot `first + k`; free slots get a meaningless score, and a norm of 0). With one probe pass it as both
 * `a` and `b`: the single-probe kernel (dot-kernel.ts) then does half the work for the same scores. A `path:` or
 * `tag:` filter passes `keepNote`, and only its notes' rows are scored. Yields after about every `perStep` slots, so a caller can let keystrokes
 * through; vectors stored or removed between steps may or may not be seen.
 */
export function* scanStore(
  store: VectorStore,
  a: Float32Array,
  b: Float32Array,
  visit: (first: number, count: number, dots: Float64Array) => void,
  perStep = Infinity,
  /**
   * 1 for each note number (see `NoteSlots`) whose vectors are scored; the others' slots get a meaningless score,
   * as free slots do, and a batch with none of them is not visited. Default every note.
   */
  keepNote?: Uint8Array,
): Generator<void, void, void> {
  const kernel = pairDotKernel(store.dims);
  // One probe (a search): its single-probe twin gives the same scores for half the arithmetic.
  const one = a === b ? dotKernel(store.dims) : undefined;
  const dots = new Float64Array(BATCH_SLOTS);
  const dims = store.dims;
  let sinceYield = 0;
  let widened: Float32Array | undefined;
  /** Scores rows `from…from+count` of `page` into `dots[at…]`. */
  const score = (page: VectorPage, from: number, count: number, at: number): void => {
    if (page.codes) {
      const codes = page.codes.subarray(from * dims, (from + count) * dims);
      const scales = page.scales.subarray(from, from + count);
      if (kernel) {
        // Codes widened to float32 are exact, so the kernel's sums are those of the int8 loop; a scale is ≥ 0, so
        // scaling the larger of the two dots gives the larger of the scaled ones.
        widened ??= new Float32Array(BATCH_SLOTS * dims);
        widened.set(codes);
        if (one) one.scoreRows(widened, count, a, dots, at);
        else kernel.scoreRows(widened, count, a, b, dots, at);
        for (let k = 0; k < count; k++) dots[at + k] = dots[at + k]! * scales[k]!;
      } else pairDotInt8Rows(codes, scales, count, a, b, dots, at);
    } else {
      const rows = page.rows.subarray(from * dims, (from + count) * dims);
      if (one) one.scoreRows(rows, count, a, dots, at);
      else if (kernel) kernel.scoreRows(rows, count, a, b, dots, at);
      else pairDotRows(rows, count, a, b, dots, at);
    }
  };
  for (let p = 0; p < store.pages.length; p++) {
    const page = store.pages[p]!;
    for (let from = 0; from < page.count; from += BATCH_SLOTS) {
      if (sinceYield >= perStep) {
        sinceYield = 0;
        yield;
      }
      const count = Math.min(BATCH_SLOTS, page.count - from);
      if (!keepNote) score(page, from, count, 0);
      else if (!scoreKept(store, keepNote, page.first + from, count, (at, n) => score(page, from + at, n, at))) {
        sinceYield += count;
        continue;
      }
      visit(page.first + from, count, dots);
      sinceYield += count;
    }
  }
}

/**
 * Calls `run(at, n)` for each run of consecutive slots from `first` on (of `count`) whose note `keepNote` keeps, `at`
 * counted from `first`; false when there was none.
 */
function scoreKept(store: VectorStore, keepNote: Uint8Array, first: number, count: number, run: (at: number, n: number) => void): boolean {
  const notes = store.notes;
  let any = false;
  for (let k = 0; k < count; ) {
    if (keepNote[notes.noteOfSlot(first + k)] !== 1) {
      k++;
      continue;
    }
    let end = k + 1;
    while (end < count && keepNote[notes.noteOfSlot(first + end)] === 1) end++;
    run(k, end - k);
    any = true;
    k = end;
  }
  return any;
}

/** Euclidean norm as a running sum in order (as the store computes it). */
export function normOf(v: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  return Math.sqrt(sum);
}
