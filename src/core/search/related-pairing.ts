import type { ChunkIndex } from "../index/chunk-index";
import { cosine, dot, meanDirection } from "../vectors/vector-math";
import { bestPairBatched, pairRows } from "./related-pair-batch";
import { bestPairInt8 } from "./related-pair-int8";
import { storedVectorInto } from "./stored-vector";

/** A chunk of the active note, its stored vector and how much its text counts (see `chunkRarity`). */
export interface SourceVector {
  id: string;
  vector: Float32Array;
  /** `vector` scaled to unit length, so a pair costs one dot product and the other chunk's norm. */
  unit: Float32Array;
  rarity: number;
}

/** The closest pair between the active note and another note. */
export interface BestPair {
  /** Cosine similarity of the pair. */
  similarity: number;
  /** The similarity weighed by both chunks' rarity: what ranks the pair. */
  weighted: number;
  /** The other note's chunk. */
  chunkId: string;
  /** The active note's chunk. */
  sourceChunkId: string;
}

/**
 * Notes that may share a chunk text before it stops counting at all: a handful of notes can share a real passage (a
 * quote, a copied paragraph); more than that is a template part, a footer or a bare heading. Default 5.
 */
export const SHARED_TEXT_NOTES = 5;

/**
 * How much a chunk counts in pairing, from the number of notes holding its text, the way IDF weighs a word, as a
 * step: 1 up to `SHARED_TEXT_NOTES` notes, 0 past them, so such a chunk can never make two notes related. A graded
 * weight below the step (ln(notes / share) / ln(notes)) cost recall@10 on kepano (0.293 against 0.381), where a
 * heading shared by two or three notes ("Meetings") is what ties a note to its category.
 */
export function chunkRarity(index: ChunkIndex, id: string): number {
  return index.textShare.notesSharing(id) > SHARED_TEXT_NOTES ? 0 : 1;
}

/**
 * The stored vectors of `ids` (a note's chunks, or a section's), in order; unembedded and shared-text chunks left out.
 * An int8 index's chunks are decoded into one array, and their unit vectors into another: a 1,370-chunk note made
 * two arrays and a callback per value a chunk.
 */
export function sourceVectors(index: ChunkIndex, ids: readonly string[]): SourceVector[] {
  const out: SourceVector[] = [];
  const dims = index.dims;
  const kept = ids.filter((id) => chunkRarity(index, id) > 0);
  const decoded = new Float32Array(kept.length * dims);
  const units = new Float32Array(kept.length * dims);
  const codes = new Int8Array(dims);
  for (const id of kept) {
    const at = out.length;
    const vector = storedVectorInto(index, id, decoded.subarray(at * dims, (at + 1) * dims), codes);
    const n = vector ? Math.sqrt(dot(vector, vector)) : 0;
    if (!vector || !(n > 0)) continue;
    const unit = units.subarray(at * dims, (at + 1) * dims);
    for (let i = 0; i < unit.length; i++) unit[i] = vector[i]! / n;
    out.push({ id, vector, unit, rarity: 1 });
  }
  return out;
}

/** The sources' mean direction (`meanDirection`), worked out once for the probes and the vector list's ties. */
const means = new WeakMap<readonly SourceVector[], Float32Array | undefined>();
export function sourceMean(sources: readonly SourceVector[]): Float32Array | undefined {
  if (!means.has(sources)) means.set(sources, meanDirection(sources.map((s) => s.vector)));
  return means.get(sources);
}

/**
 * Vectors to search with: the note's mean direction, which finds notes about the note as a whole, plus the
 * `extra` chunks farthest from it, so a note that matches only one section of a long note is found too. Each
 * probe costs one dot product per stored vector, which is what bounds the cost.
 */
export function probeVectors(sources: readonly SourceVector[], extra: number): Float32Array[] {
  const only = sources[0];
  if (sources.length === 1 && only) return [only.vector];
  const mean = sourceMean(sources);
  if (!mean) return [];
  const outliers = sources
    .map((s) => ({ s, sim: cosine(s.vector, mean) }))
    .sort((a, b) => a.sim - b.sim || (a.s.id < b.s.id ? -1 : 1))
    .slice(0, Math.max(0, extra))
    .map((o) => o.s.vector);
  return [mean, ...outliers];
}

/**
 * The pair of chunks between the active note and `path` with the highest rarity-weighed similarity; undefined when
 * `path` has no vectors on chunks of its own text. Chunks shared by too many notes never pair.
 */
export function bestPair(index: ChunkIndex, sources: readonly SourceVector[], path: string): BestPair | undefined {
  const rarityOf = (id: string) => chunkRarity(index, id);
  // Rarity is a step (0 or 1), so a pair's weighed similarity is its similarity and the kernels can rank the pairs.
  const plain = sources.every((s) => s.rarity === 1);
  const int8 = plain ? bestPairInt8(index, sources, path, rarityOf) : undefined;
  if (int8) return int8.pair;
  const rows = pairRows(index, path, rarityOf);
  if (plain) {
    const batched = bestPairBatched(rows, sources, index.dims);
    if (batched || rows.ids.length === 0) return batched;
  }
  // The rows are the chunks that can pair (a vector with a norm, rarity above 0), read once for both ways.
  let best: BestPair | undefined;
  for (let c = 0; c < rows.ids.length; c++) {
    const id = rows.ids[c]!;
    const vector = rows.vectors[c]!;
    const norm = rows.norms[c]!;
    const rarity = chunkRarity(index, id);
    for (const s of sources) {
      const similarity = dot(s.unit, vector) / norm;
      const weighted = similarity * rarity * s.rarity;
      if (!best || weighted > best.weighted) best = { similarity, weighted, chunkId: id, sourceChunkId: s.id };
    }
  }
  return best;
}
