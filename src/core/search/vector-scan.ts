import type { ChunkIndex } from "../index/chunk-index";
import { dot } from "./vector-math";

/** A note and the cosine similarity of its chunk closest to any probe. */
export interface ScannedNote {
  path: string;
  similarity: number;
}

// Vectors are never mutated in place (setVector swaps in a new array), so a norm keyed by the array stays right.
const norms = new WeakMap<Float32Array, number>();

function normOf(v: Float32Array): number {
  let n = norms.get(v);
  if (n === undefined) {
    let sum = 0;
    for (let i = 0; i < v.length; i++) {
      const x = v[i] ?? 0;
      sum += x * x;
    }
    n = Math.sqrt(sum);
    norms.set(v, n);
  }
  return n;
}

function unit(v: Float32Array): Float32Array {
  const n = normOf(v);
  const out = new Float32Array(v.length);
  if (n > 0) for (let i = 0; i < v.length; i++) out[i] = (v[i] ?? 0) / n;
  return out;
}

/**
 * The `limit` notes whose chunks come closest (by cosine) to any of the probes, best first, skipping `skip`.
 * One exact pass over the stored vectors with cached norms: for "notes like this one" it is faster than a
 * general vector search per probe, and exact.
 */
export function scanNearestNotes(
  index: ChunkIndex,
  probes: readonly Float32Array[],
  skip: ReadonlySet<string>,
  limit: number,
): ScannedNote[] {
  const units = probes.filter((p) => p.length === index.dims && normOf(p) > 0).map(unit);
  if (units.length === 0 || limit <= 0) return [];
  const best: ScannedNote[] = [];
  for (const path of index.notePaths()) {
    if (skip.has(path)) continue;
    let top = -Infinity;
    for (const id of index.chunkIdsOf(path)) {
      const v = index.get(id)?.vector;
      if (!v) continue;
      const n = normOf(v);
      if (n === 0) continue;
      for (const u of units) top = Math.max(top, dot(u, v) / n);
    }
    if (top > -Infinity) best.push({ path, similarity: top });
  }
  best.sort((a, b) => b.similarity - a.similarity || (a.path < b.path ? -1 : 1));
  return best.slice(0, limit);
}
