import type { ChunkIndex } from "../index/chunk-index";
import { vectorEpoch } from "../index/orama-vectors";

/**
 * An index's stored vectors laid out for a full scan: plain arrays in note order instead of a map lookup per chunk
 * id and a norm lookup per vector. It holds references to the index's own vectors, never copies, so it costs a few
 * bytes a chunk rather than a second set of vectors.
 */
export interface VectorTable {
  /** Every stored vector with a non-zero norm, grouped by note. */
  readonly vectors: readonly Float32Array[];
  /** Euclidean norm of each vector, computed once. */
  readonly norms: Float64Array;
  /** Index into `paths` of each vector's note. */
  readonly noteOf: Int32Array;
  /** Notes with at least one vector, in the index's note order. */
  readonly paths: readonly string[];
  /** Position of each note in `paths`. */
  readonly noteIndex: ReadonlyMap<string, number>;
}

interface Cached {
  epoch: number;
  dims: number;
  table: VectorTable;
}

const cache = new WeakMap<ChunkIndex, Cached>();

/**
 * The table for `index`, rebuilt only after a vector was attached or detached since the last call (adding,
 * replacing or removing a note with vectors, or a vector arriving). A note added without vectors needs no
 * rebuild: the scan never finds it.
 */
export function vectorTableOf(index: ChunkIndex): VectorTable {
  const epoch = vectorEpoch();
  const hit = cache.get(index);
  if (hit?.epoch === epoch && hit.dims === index.dims) return hit.table;
  const table = buildTable(index);
  cache.set(index, { epoch, dims: index.dims, table });
  return table;
}

function buildTable(index: ChunkIndex): VectorTable {
  const vectors: Float32Array[] = [];
  const norms: number[] = [];
  const noteOf: number[] = [];
  const paths: string[] = [];
  const noteIndex = new Map<string, number>();
  for (const path of index.notePaths()) {
    const at = paths.length;
    for (const id of index.chunkIdsOf(path)) {
      const v = index.get(id)?.vector;
      if (!v) continue;
      const n = norm(v);
      if (n === 0) continue;
      vectors.push(v);
      norms.push(n);
      noteOf.push(at);
    }
    if (noteOf.length > 0 && noteOf[noteOf.length - 1] === at) {
      paths.push(path);
      noteIndex.set(path, at);
    }
  }
  return { vectors, norms: Float64Array.from(norms), noteOf: Int32Array.from(noteOf), paths, noteIndex };
}

function norm(v: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    const x = v[i] ?? 0;
    sum += x * x;
  }
  return Math.sqrt(sum);
}
