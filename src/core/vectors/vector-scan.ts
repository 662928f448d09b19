import type { ChunkIndex } from "../index/chunk-index";
import { runAll } from "../shared/slices";
import { scanStore } from "./store-scan";

/** A note and the cosine similarity of its chunk closest to any probe. */
export interface ScannedNote {
  path: string;
  similarity: number;
}

function normOf(v: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    const x = v[i] ?? 0;
    sum += x * x;
  }
  return Math.sqrt(sum);
}

function unit(v: Float32Array, n: number): Float32Array {
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (v[i] ?? 0) / n;
  return out;
}

/**
 * The `limit` notes whose chunks come closest (by cosine) to any of the probes, best first (ties by path),
 * skipping `skip`. Exact passes of the store scan (see store-scan.ts), two probes per pass, so the related view's
 * default of two probes reads each stored vector once. A note's score is its best chunk's best probe: dividing the
 * larger dot product by the norm gives exactly the larger of the two quotients (rounding is monotonic), so the
 * division is done once per vector.
 */
export function scanNearestNotes(
  index: ChunkIndex,
  probes: readonly Float32Array[],
  skip: ReadonlySet<string>,
  limit: number,
): ScannedNote[] {
  const units: Float32Array[] = [];
  for (const p of probes) {
    const n = p.length === index.dims ? normOf(p) : 0;
    if (n > 0) units.push(unit(p, n));
  }
  const store = index.vectorStore;
  if (units.length === 0 || limit <= 0 || !store) return [];
  const notes = store.notes;
  const best = new Float64Array(notes.count).fill(-Infinity);
  for (let i = 0; i < units.length; i += 2) {
    const a = units[i]!;
    const b = units[i + 1] ?? a;
    runAll(
      scanStore(store, a, b, (first, count, dots) => {
        for (let k = 0; k < count; k++) {
          const norm = store.norm(first + k);
          if (norm === 0) continue;
          const sim = dots[k]! / norm;
          const note = notes.noteOfSlot(first + k);
          if (sim > best[note]!) best[note] = sim;
        }
      }),
    );
  }
  for (const path of skip) {
    const at = notes.numberOfPath(path);
    if (at !== undefined) best[at] = -Infinity;
  }
  return topNotes((k) => notes.pathOf(k) ?? "", best, limit);
}

/** The `limit` best scored notes by (score desc, path asc), without sorting all of them. */
function topNotes(pathOf: (note: number) => string, best: Float64Array, limit: number): ScannedNote[] {
  const floor = kthLargest(best, limit);
  const picked: ScannedNote[] = [];
  for (let k = 0; k < best.length; k++) {
    const sim = best[k]!;
    if (sim >= floor && sim > -Infinity) picked.push({ path: pathOf(k), similarity: sim });
  }
  picked.sort((x, y) => y.similarity - x.similarity || (x.path < y.path ? -1 : 1));
  return picked.slice(0, limit);
}

/**
 * The `k`-th largest of `values` counting repeats (-Infinity when fewer than `k` are above it): a min-heap of the `k`
 * largest, instead of sorting all 10,000 notes' scores for every list.
 */
export function kthLargest(values: Float64Array, k: number): number {
  if (k <= 0) return Infinity;
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!(x > -Infinity)) continue;
    if (size < k) {
      let at = size++;
      while (at > 0) {
        const up = (at - 1) >> 1;
        if (heap[up]! <= x) break;
        heap[at] = heap[up]!;
        at = up;
      }
      heap[at] = x;
    } else if (x > heap[0]!) {
      let at = 0;
      for (;;) {
        const l = 2 * at + 1;
        if (l >= k) break;
        const r = l + 1;
        const c = r < k && heap[r]! < heap[l]! ? r : l;
        if (heap[c]! >= x) break;
        heap[at] = heap[c]!;
        at = c;
      }
      heap[at] = x;
    }
  }
  return size < k ? -Infinity : heap[0]!;
}
