import { ARENA_BATCH } from "./int8-arena";
import { int8BoundKernel, type Int8BoundKernel } from "./int8-bound-kernel";
import { runAll, type Steps } from "../shared/slices";
import { kthLargest } from "./top-k";
import type { VectorStore } from "./vector-store";

/** Rows scored per kernel call (as many as the arena's kernel takes at once). */
const BATCH = ARENA_BATCH;
/**
 * Added to every bound: far above the float64 rounding of either pass (about 1e-13 of a cosine at 1,024 dims), so a
 * bound never excludes a note whose exact score would have reached the list.
 */
const SLACK = 1e-9;
/**
 * A row's norm is scale × ‖codes‖ taken in float64 (see `int8NormOf`), off from the exact product by a few ulps:
 * this covers the ratio with room to spare.
 */
const NORM_RATIO = 1 + 1e-6;

/** A unit probe rounded to int16: `q[i] ≈ unit[i] × factor`. */
interface IntProbe {
  q: Int16Array;
  /** The probe's values were multiplied by this before rounding. */
  factor: number;
  /** ‖unit − q / factor‖: how far the rounded probe is from the probe, as a vector. */
  error: number;
}

function quantize(unit: Float32Array, maxProbe: number): IntProbe | undefined {
  let max = 0;
  for (let i = 0; i < unit.length; i++) max = Math.max(max, Math.abs(unit[i]!));
  if (!(max > 0) || !Number.isFinite(max)) return undefined;
  const factor = maxProbe / max;
  const q = new Int16Array(unit.length);
  let sum = 0;
  for (let i = 0; i < unit.length; i++) {
    q[i] = Math.max(-maxProbe, Math.min(maxProbe, Math.round(unit[i]! * factor)));
    sum += (unit[i]! - q[i]! / factor) ** 2;
  }
  return { q, factor, error: Math.sqrt(sum) };
}

/**
 * The notes that can be among the `limit` best of an exact scan of an int8 store with `units` (unit probes, scored two
 * a pass, a note by its best chunk's best probe, `skip` left out), as 1s in an array indexed by note number; undefined
 * when the store is not int8 or the kernel can't run (then every note must be scored exactly).
 *
 * A first pass scores every row with the probes rounded to int16 in exact integer arithmetic (int8-bound-kernel.wat).
 * By Cauchy–Schwarz, a row's cosine with the rounded probe is off from its cosine with the probe by at most
 * ‖probe − rounded probe‖ (about 4e-5 at 384 dims), whatever the row, so no per-row bound is needed. Each note
 * gets a lower and an upper bound of its exact score; a note whose upper bound is below the `limit`-th largest lower
 * bound has at least `limit` notes certainly above it, so the exact pass needs only the others, and finds the same
 * notes with the same scores as a scan of everything.
 */
export function int8Candidates(store: VectorStore, units: readonly Float32Array[], skip: ReadonlySet<string>, limit: number): Uint8Array | undefined {
  return runAll(int8CandidatesSteps(store, units, skip, limit));
}

/**
 * `int8Candidates` yielding after about every `perStep` rows, for a search that lets keystrokes through (see
 * `scanStore`): a vector stored or removed between steps may or may not be seen.
 */
export function* int8CandidatesSteps(
  store: VectorStore,
  units: readonly Float32Array[],
  skip: ReadonlySet<string>,
  limit: number,
  /**
   * How far the exact scores' probe may be from `units` (as a vector, over unit length): a search scores with its
   * query and divides by the query's norm, which differs from its float32 unit vector by rounding. Default 0.
   */
  drift = 0,
  perStep = Infinity,
): Steps<Uint8Array | undefined> {
  const kernel = store.precision === "int8" ? int8BoundKernel(store.dims) : undefined;
  if (!kernel || units.length === 0) return undefined;
  const probes: IntProbe[] = [];
  for (const u of units) {
    const p = quantize(u, kernel.maxProbe);
    if (!p) return undefined;
    probes.push(p);
  }
  const notes = store.notes;
  const lower = new Float64Array(notes.count).fill(-Infinity);
  const upper = new Float64Array(notes.count).fill(-Infinity);
  for (let i = 0; i < probes.length; i += 2) yield* bound(store, kernel, probes[i]!, probes[i + 1] ?? probes[i]!, lower, upper, drift, perStep);
  for (const path of skip) {
    const at = notes.numberOfPath(path);
    if (at !== undefined) lower[at] = upper[at] = -Infinity;
  }
  const floor = kthLargest(lower, limit);
  const keep = new Uint8Array(notes.count);
  for (let n = 0; n < keep.length; n++) if (upper[n]! > -Infinity && upper[n]! >= floor) keep[n] = 1;
  return keep;
}

/** Raises each note's bounds with its rows' bounds against probes `a` and `b`. */
function* bound(
  store: VectorStore,
  kernel: Int8BoundKernel,
  a: IntProbe,
  b: IntProbe,
  lower: Float64Array,
  upper: Float64Array,
  drift: number,
  perStep: number,
): Steps<void> {
  let sinceYield = 0;
  const dims = store.dims;
  const notes = store.notes;
  const arena = store.arena;
  const out = new Int32Array(2 * BATCH);
  const off = (Math.max(a.error, b.error) + drift) * NORM_RATIO + SLACK;
  // An odd last probe comes as a == b: one probe's kernel then does half the work for the same bound.
  const one = a === b;
  for (const page of store.pages) {
    if (!page.codes) continue;
    for (let from = 0; from < page.count; from += BATCH) {
      if (sinceYield >= perStep) {
        sinceYield = 0;
        yield;
      }
      const count = Math.min(BATCH, page.count - from);
      sinceYield += count;
      // Codes that lie in the store's arena are read there; others are copied into the kernel's memory.
      if (arena && page.at !== undefined) arena.score(page.at + from * dims, count, a.q, one ? undefined : b.q, out);
      else {
        const rows = page.codes.subarray(from * dims, (from + count) * dims);
        if (one) kernel.scoreRowsOne(rows, count, a.q, out);
        else kernel.scoreRows(rows, count, a.q, b.q, out);
      }
      for (let k = 0; k < count; k++) {
        const slot = page.first + from + k;
        const norm = store.norm(slot);
        if (norm === 0) continue;
        const dot = one ? out[k]! / a.factor : Math.max(out[2 * k]! / a.factor, out[2 * k + 1]! / b.factor);
        const approx = (dot * page.scales[from + k]!) / norm;
        const note = notes.noteOfSlot(slot);
        if (approx - off > lower[note]!) lower[note] = approx - off;
        if (approx + off > upper[note]!) upper[note] = approx + off;
      }
    }
  }
}
