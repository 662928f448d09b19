import type { ChunkIndex } from "../index/chunk-index";
import { pairDotKernel } from "./pair-dot-kernel";
import { dot } from "./vector-math";
import { vectorTableOf, type VectorTable } from "./vector-table";

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
 * skipping `skip`. One exact pass over the stored vectors (see vector-table.ts); with two probes, as the related
 * view uses by default, both are scored in the same pass, so each stored vector is read once.
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
  if (units.length === 0 || limit <= 0) return [];
  const table = vectorTableOf(index);
  const best = new Float64Array(table.paths.length).fill(-Infinity);
  const [first, second] = units;
  if (units.length === 2 && first && second) scorePair(table, first, second, best);
  else scoreEach(table, units, best);
  for (const path of skip) {
    const at = table.noteIndex.get(path);
    if (at !== undefined) best[at] = -Infinity;
  }
  return topNotes(table.paths, best, limit);
}

// A note's score is its best chunk's best probe. Dividing the larger dot product by the norm gives exactly the
// larger of the two quotients (rounding is monotonic), so the division is done once per vector.

function scoreEach(table: VectorTable, units: readonly Float32Array[], best: Float64Array): void {
  const { vectors, norms, noteOf } = table;
  for (let j = 0; j < vectors.length; j++) {
    const v = vectors[j]!;
    let top = -Infinity;
    for (const u of units) top = Math.max(top, dot(u, v));
    const sim = top / norms[j]!;
    const k = noteOf[j]!;
    if (sim > best[k]!) best[k] = sim;
  }
}

/**
 * `scoreEach` for two probes in one pass; the sums run in the same order as `dot`, so the scores are identical. The
 * WebAssembly kernel computes the same sums where it can run (see pair-dot-kernel.ts).
 */
function scorePair(table: VectorTable, a: Float32Array, b: Float32Array, best: Float64Array): void {
  const kernel = pairDotKernel(a.length);
  if (!kernel) {
    scorePairJs(table, a, b, best);
    return;
  }
  const { vectors, norms, noteOf } = table;
  const dots = new Float64Array(vectors.length);
  kernel.score(vectors, a, b, dots);
  for (let j = 0; j < vectors.length; j++) {
    const sim = dots[j]! / norms[j]!;
    const k = noteOf[j]!;
    if (sim > best[k]!) best[k] = sim;
  }
}

function scorePairJs(table: VectorTable, a: Float32Array, b: Float32Array, best: Float64Array): void {
  const { vectors, norms, noteOf } = table;
  const n = a.length;
  for (let j = 0; j < vectors.length; j++) {
    const v = vectors[j]!;
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
    let i = 0;
    for (; i + 3 < n; i += 4) {
      const x0 = v[i]!;
      const x1 = v[i + 1]!;
      const x2 = v[i + 2]!;
      const x3 = v[i + 3]!;
      a0 += a[i]! * x0;
      a1 += a[i + 1]! * x1;
      a2 += a[i + 2]! * x2;
      a3 += a[i + 3]! * x3;
      b0 += b[i]! * x0;
      b1 += b[i + 1]! * x1;
      b2 += b[i + 2]! * x2;
      b3 += b[i + 3]! * x3;
    }
    for (; i < n; i++) {
      a0 += a[i]! * v[i]!;
      b0 += b[i]! * v[i]!;
    }
    const sim = Math.max(a0 + a1 + a2 + a3, b0 + b1 + b2 + b3) / norms[j]!;
    const k = noteOf[j]!;
    if (sim > best[k]!) best[k] = sim;
  }
}

/** The `limit` best scored notes by (score desc, path asc), without sorting all of them. */
function topNotes(paths: readonly string[], best: Float64Array, limit: number): ScannedNote[] {
  const sorted = best.slice().sort();
  const floor = sorted.length > limit ? (sorted[sorted.length - limit] ?? -Infinity) : -Infinity;
  const picked: ScannedNote[] = [];
  for (let k = 0; k < best.length; k++) {
    const sim = best[k]!;
    if (sim >= floor && sim > -Infinity) picked.push({ path: paths[k] ?? "", similarity: sim });
  }
  picked.sort((x, y) => y.similarity - x.similarity || (x.path < y.path ? -1 : 1));
  return picked.slice(0, limit);
}
