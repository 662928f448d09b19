import type { ChunkIndex } from "../index/chunk-index";
import { fuseRelated, topScore, type RelatedListName, type RelatedWeights } from "./related-fusion";
import { relatedLists } from "./related-lists";
import { sourceVectors } from "./related-pairing";
import { hasStoredVector } from "./stored-vector";
import { learntRelatedWeights } from "./related-weights";
import { DEFAULT_SEARCH_OPTIONS } from "./search-options";

/** How related notes are found. */
export interface RelatedOptions {
  /** Notes returned at most. */
  limit: number;
  /** RRF constant k for fusing the lists; a value that is not above 0 falls back to the default, 5. */
  rrfK: number;
  /**
   * Weights of the vector list (stored chunk vectors) and the keyword lists (`bm25` weighs both the title-and-heading
   * list and the body list). The weights learnt for the vault multiply these.
   */
  weights: { vector: number; bm25: number };
  /** Notes to leave out, e.g. those the active note already links to. Default none. */
  excludeLinked?: readonly string[];
  /** The active note is excluded from indexing (by folder, pattern, tag or length). Default false. */
  excluded?: boolean;
  /**
   * Only the section holding this 0-based line of the note (the chunks under the same headings as the chunk at the
   * line) is the source, not the whole note. Default: the whole note.
   */
  section?: { line: number };
  /**
   * Weights of the three lists learnt for the vault, multiplying `weights`. Default: those `RelatedWeightsKeeper`
   * learnt in the background for this index at this `rrfK`, and equal weights until it has; never learnt here.
   */
  learnt?: RelatedWeights;
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
  /** The note has no vectors yet: entries come from BM25 over its title, headings and words only. */
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
  /** Fused score Σ w / (k + rank); never higher than the entry before it. */
  score: number;
  /** `score` as a share of the highest possible (first in every list), 0–1: what the view shows. */
  match: number;
  /** Cosine similarity of the closest chunk pair; undefined when either note has no vectors of its own text. */
  similarity: number | undefined;
  /** 1-based rank of the note in each list that found it: `bm25` title and headings, `body` its words. */
  ranks: Partial<Record<RelatedListName, number>>;
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
  /** The section the list is for, when `section` was asked and the line falls in the note. */
  section?: { headingPath: readonly string[]; startLine: number; endLine: number };
}

/** The lists' weights before any are learnt for the vault: equal, a rule tuned to no vault. */
export const DEFAULT_RELATED_WEIGHTS: RelatedWeights = { vector: 1, bm25: 1, body: 1 };

/**
 * Notes related to `path` (or to one of its sections), found from what the index already stores, so it never calls
 * the embedder: its stored chunk vectors against every stored vector (chunks whose text many notes share count for
 * nothing), its title and headings and its most distinctive words as BM25 queries, fused with weighted RRF by
 * the weights learnt from the vault's links in the background (equal ones until then): nothing is learnt here.
 * The note itself and `excludeLinked` are left out. Never throws.
 */
export function findRelatedNotes(index: ChunkIndex, path: string, opts: RelatedOptions): RelatedResult {
  if (opts.excluded) return { path, status: "excluded", entries: [] };
  if (!index.hasNote(path)) return { path, status: "not-indexed", entries: [] };
  const limit = Math.max(1, Math.floor(opts.limit));
  const skip = new Set([path, ...(opts.excludeLinked ?? [])]);
  const k = Number.isFinite(opts.rrfK) && opts.rrfK > 0 ? opts.rrfK : DEFAULT_SEARCH_OPTIONS.rrfK;
  const { ids, section } = sourceChunks(index, path, opts.section);
  const depth = limit * Math.max(1, opts.depthFactor ?? 4);
  const sources = sourceVectors(index, ids);
  const learn = opts.learnt ?? learntRelatedWeights(index, k) ?? DEFAULT_RELATED_WEIGHTS;
  const weights: RelatedWeights = { vector: opts.weights.vector * learn.vector, bm25: opts.weights.bm25 * learn.bm25, body: opts.weights.bm25 * learn.body };
  // A list that weighs nothing is not read: with a vector weight of 0 no vector is scanned.
  const unread = new Set((["vector", "bm25", "body"] as const).filter((name) => !(weights[name] > 0)));
  const lists = relatedLists(index, ids, skip, { depth, extraProbes: opts.extraProbes ?? 1, unread }, sources);
  const top = topScore(weights, k);
  const fused = fuseRelated({ vector: lists.vector, bm25: lists.bm25.paths, body: lists.body.paths }, weights, k, (p) => lists.pairOf(p)?.weighted ?? -1, limit);
  const entries: RelatedEntry[] = [];
  for (const hit of fused) {
    if (entries.length >= limit) break;
    const pair = lists.pairOf(hit.path);
    const chunkId = pair?.chunkId ?? lists.bm25.chunkOf.get(hit.path) ?? lists.body.chunkOf.get(hit.path) ?? index.chunkIdsOf(hit.path)[0];
    const entry = chunkId === undefined ? undefined : index.entry(chunkId);
    if (!entry) continue;
    const { chunk } = entry;
    entries.push({
      path: hit.path,
      title: entry.title,
      tags: entry.tags,
      score: hit.score,
      match: top > 0 ? Math.min(1, hit.score / top) : 0,
      similarity: pair?.similarity,
      ranks: hit.ranks,
      best: { id: chunk.id, headingPath: chunk.headingPath, startLine: chunk.startLine, endLine: chunk.endLine, text: chunk.text },
      ...(pair ? { sourceChunkId: pair.sourceChunkId } : {}),
    });
  }
  const hasVectors = ids.some((id) => hasStoredVector(index, id));
  return { path, status: hasVectors ? "ok" : "no-embeddings", entries, ...(section ? { section } : {}) };
}

/** The note's chunks, or those of the section holding `at.line`: the chunks under the same headings as that line's. */
function sourceChunks(index: ChunkIndex, path: string, at: { line: number } | undefined): { ids: readonly string[]; section?: RelatedResult["section"] } {
  const all = index.chunkIdsOf(path);
  if (!at) return { ids: all };
  const chunks = all.flatMap((id) => index.entry(id)?.chunk ?? []);
  const here = chunks.find((c) => c.startLine <= at.line && at.line <= c.endLine) ?? [...chunks].reverse().find((c) => c.startLine <= at.line);
  if (!here) return { ids: all };
  const key = here.headingPath.join("\u0000");
  const same = chunks.filter((c) => c.headingPath.join("\u0000") === key);
  const section = { headingPath: here.headingPath, startLine: Math.min(...same.map((c) => c.startLine)), endLine: Math.max(...same.map((c) => c.endLine)) };
  return { ids: same.map((c) => c.id), section };
}
