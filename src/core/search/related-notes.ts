import type { ChunkIndex } from "../index/chunk-index";
import type { ListName } from "../types";
import { fuseRrf, type RankedList } from "./fusion";
import { collapseRanking, notePathOfChunkId } from "./group-ranking";
import { bestPair, probeVectors, sourceVectors, type BestPair, type SourceVector } from "./related-pairing";
import { DEFAULT_SEARCH_OPTIONS } from "./search-options";
import { scanNearestNotes } from "../vectors/vector-scan";
import { readNotesDeepSync } from "./note-depth";

/** How related notes are found. */
export interface RelatedOptions {
  /** Notes returned at most. */
  limit: number;
  /** RRF constant k for fusing the vector and BM25 lists; a value that is not above 0 falls back to the default, 20. */
  rrfK: number;
  /** Weights of the vector list (stored chunk vectors) and the BM25 list (title and headings). */
  weights: { vector: number; bm25: number };
  /** Notes to leave out, e.g. those the active note already links to. Default none. */
  excludeLinked?: readonly string[];
  /** The active note is excluded from indexing (by folder, pattern, tag or length). Default false. */
  excluded?: boolean;
  /**
   * Chunks searched with besides the note's mean vector (the ones farthest from it). Each one adds a full pass over
   * the stored vectors. Default 1.
   */
  extraProbes?: number;
  /** Candidates taken from each list, as a multiple of `limit`. Default 4. */
  depthFactor?: number;
}

/** Why the list is what it is. Anything but "ok" is worth saying in the view. */
export type RelatedStatus =
  /** Neighbours by stored vectors, fused with BM25. */
  | "ok"
  /** The note is not in the index (yet). No entries. */
  | "not-indexed"
  /** The note has no vectors yet: entries come from BM25 over its title and headings only. */
  | "no-embeddings"
  /** The note is excluded from indexing. No entries. */
  | "excluded";

/** The chunk of a related note that matched best. */
export interface RelatedChunk {
  id: string;
  headingPath: readonly string[];
  startLine: number;
  endLine: number;
  text: string;
}

/** One related note. */
export interface RelatedEntry {
  path: string;
  title: string;
  tags: readonly string[];
  /** Fused score Σ w / (k + rank). */
  score: number;
  /** Cosine similarity of the closest chunk pair; undefined when either note has no vectors. */
  similarity: number | undefined;
  /** 1-based rank of the note in each list that found it. */
  ranks: Partial<Record<ListName, number>>;
  /** The note's chunk closest to the active note (else its best keyword chunk, else its first). */
  best: RelatedChunk;
  /** The active note's chunk in the closest pair, when there is one. */
  sourceChunkId?: string;
}

export interface RelatedResult {
  /** The active note. */
  path: string;
  status: RelatedStatus;
  /** Best first. */
  entries: RelatedEntry[];
}

/**
 * Notes related to `path`, found from what the index already stores, so it never calls the embedder: the note's
 * stored chunk vectors (their mean, plus its most distinct chunks) are compared with every stored vector in one
 * exact pass, candidates are ranked by their closest chunk pair, its title and headings search BM25, and the two
 * note lists are fused with weighted RRF. The note itself and `excludeLinked` are left out. Never throws.
 */
export function findRelatedNotes(index: ChunkIndex, path: string, opts: RelatedOptions): RelatedResult {
  if (opts.excluded) return { path, status: "excluded", entries: [] };
  if (!index.hasNote(path)) return { path, status: "not-indexed", entries: [] };
  const limit = Math.max(1, Math.floor(opts.limit));
  const skip = new Set([path, ...(opts.excludeLinked ?? [])]);
  const depth = limit * Math.max(1, opts.depthFactor ?? 4) + index.chunkIdsOf(path).length;
  const sources = sourceVectors(index, path);
  const pairs = new Map<string, BestPair | undefined>();
  const pairOf = (p: string) => {
    if (!pairs.has(p)) pairs.set(p, sources.length > 0 ? bestPair(index, sources, p) : undefined);
    return pairs.get(p);
  };
  const keywordIds = keywordChunkIds(index, path, depth);
  const lists: RankedList[] = [
    { name: "vector", weight: opts.weights.vector, ids: vectorNoteIds(index, sources, skip, depth, opts.extraProbes ?? 1, pairOf) },
    { name: "bm25", weight: opts.weights.bm25, ids: collapseRanking(keywordIds, notePathOfChunkId).filter((p) => !skip.has(p)) },
  ];
  const k = Number.isFinite(opts.rrfK) && opts.rrfK > 0 ? opts.rrfK : DEFAULT_SEARCH_OPTIONS.rrfK;
  const entries: RelatedEntry[] = [];
  for (const hit of fuseRrf(lists, k)) {
    if (entries.length >= limit) break;
    const pair = pairOf(hit.id);
    const chunkId = pair?.chunkId ?? keywordIds.find((id) => notePathOfChunkId(id) === hit.id) ?? index.chunkIdsOf(hit.id)[0];
    const entry = chunkId === undefined ? undefined : index.get(chunkId);
    if (!entry) continue;
    const { chunk } = entry;
    entries.push({
      path: hit.id,
      title: entry.title,
      tags: entry.tags,
      score: hit.score,
      similarity: pair?.similarity,
      ranks: hit.ranks,
      best: { id: chunk.id, headingPath: chunk.headingPath, startLine: chunk.startLine, endLine: chunk.endLine, text: chunk.text },
      ...(pair ? { sourceChunkId: pair.sourceChunkId } : {}),
    });
  }
  return { path, status: sources.length > 0 ? "ok" : "no-embeddings", entries };
}

/** Candidate notes from one scan with the probes, ranked by their closest chunk pair with the active note. */
function vectorNoteIds(
  index: ChunkIndex,
  sources: readonly SourceVector[],
  skip: ReadonlySet<string>,
  depth: number,
  extraProbes: number,
  pairOf: (path: string) => BestPair | undefined,
): string[] {
  const scored: { path: string; sim: number }[] = [];
  for (const candidate of scanNearestNotes(index, probeVectors(sources, extraProbes), skip, depth)) {
    const pair = pairOf(candidate.path);
    if (pair) scored.push({ path: candidate.path, sim: pair.similarity });
  }
  scored.sort((a, b) => b.sim - a.sim || (a.path < b.path ? -1 : 1));
  return scored.map((s) => s.path);
}

/** BM25 over the note's title and headings: what the note says it is about, in its own words. */
function keywordChunkIds(index: ChunkIndex, path: string, depth: number): string[] {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const id of index.chunkIdsOf(path)) {
    const entry = index.get(id);
    if (!entry) continue;
    for (const part of [entry.title, ...entry.chunk.headingPath.slice(1)]) {
      if (seen.has(part)) continue;
      seen.add(part);
      words.push(...part.split(/\s+/));
    }
  }
  // Long heading lists would make a slow, unfocused query; the first headings say most about the note.
  const query = words.slice(0, 48).join(" ");
  // Read in notes, not chunks, so that one note with many matching chunks can't crowd the others out.
  // One chunk a note: the list is collapsed to notes, and a note's best chunk is the one that represents it.
  return readNotesDeepSync((limit) => index.keywordSearch(query, { limit, chunksPerNote: 1 }), depth, 1).map((h) => h.id);
}
