import type { ChunkIndex } from "../index/chunk-index";
import { cosine, meanDirection } from "../vectors/vector-math";

/** A chunk of the active note and its stored vector. */
export interface SourceVector {
  id: string;
  vector: Float32Array;
}

/** The closest pair between the active note and another note. */
export interface BestPair {
  /** Cosine similarity of the pair. */
  similarity: number;
  /** The other note's chunk. */
  chunkId: string;
  /** The active note's chunk. */
  sourceChunkId: string;
}

/** The stored vectors of a note's chunks, in chunk order; chunks not embedded yet are left out. */
export function sourceVectors(index: ChunkIndex, path: string): SourceVector[] {
  const out: SourceVector[] = [];
  for (const id of index.chunkIdsOf(path)) {
    const vector = index.get(id)?.vector;
    if (vector) out.push({ id, vector });
  }
  return out;
}

/**
 * Vectors to search with: the note's mean direction, which finds notes about the note as a whole, plus the
 * `extra` chunks farthest from it, so a note that matches only one section of a long note is found too. Each
 * probe costs one dot product per stored vector, which is what bounds the cost.
 */
export function probeVectors(sources: readonly SourceVector[], extra: number): Float32Array[] {
  const only = sources[0];
  if (sources.length === 1 && only) return [only.vector];
  const mean = meanDirection(sources.map((s) => s.vector));
  if (!mean) return [];
  const outliers = sources
    .map((s) => ({ s, sim: cosine(s.vector, mean) }))
    .sort((a, b) => a.sim - b.sim || (a.s.id < b.s.id ? -1 : 1))
    .slice(0, Math.max(0, extra))
    .map((o) => o.s.vector);
  return [mean, ...outliers];
}

/** The most similar pair of chunks between the active note and `path`; undefined when `path` has no vectors. */
export function bestPair(index: ChunkIndex, sources: readonly SourceVector[], path: string): BestPair | undefined {
  let best: BestPair | undefined;
  for (const id of index.chunkIdsOf(path)) {
    const vector = index.get(id)?.vector;
    if (!vector) continue;
    for (const s of sources) {
      const similarity = cosine(s.vector, vector);
      if (!best || similarity > best.similarity) best = { similarity, chunkId: id, sourceChunkId: s.id };
    }
  }
  return best;
}
