import type { ChunkIndex } from "../index/chunk-index";
import { runAll } from "../shared/slices";
import { int8Candidates } from "./int8-prefilter";
import { scanStore } from "./store-scan";
import { kthLargest } from "./top-k";

export { kthLargest } from "./top-k";

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
  /** Score every stored vector exactly, without the int8 prefilter (int8-prefilter.ts): for tests. Default false. */
  exact = false,
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
  // In an int8 store a cheap bounded pass first rules out the notes that can't make the list; only the others are
  // scored exactly, and come out as a full exact scan would give them.
  const keep = exact ? undefined : int8Candidates(store, units, skip, limit);
  for (let i = 0; i < units.length; i += 2) {
    const a = units[i]!;
    const b = units[i + 1] ?? a;
    runAll(
      scanStore(
        store,
        a,
        b,
        (first, count, dots) => {
          for (let k = 0; k < count; k++) {
            const norm = store.norm(first + k);
            if (norm === 0) continue;
            const note = notes.noteOfSlot(first + k);
            if (keep && keep[note] !== 1) continue;
            const sim = dots[k]! / norm;
            if (sim > best[note]!) best[note] = sim;
          }
        },
        Infinity,
        keep,
      ),
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
