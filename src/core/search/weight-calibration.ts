import type { ChunkIndex, IndexedChunk, ScoredId } from "../index/chunk-index";
import { embeddingInput } from "../index/embedding-input";
import type { Embedder } from "../ollama/embedder";
import { contentHash } from "../shared/hash";
import { notePathOfChunkId } from "./group-ranking";
import { cosine } from "../vectors/vector-math";
import type { ListWeights } from "./search-options";
import { hasStoredVector } from "./stored-vector";
import { runSliced } from "../shared/slices";

/** Calibration settings. */
export interface CalibrationOptions {
  /** Pseudo-queries drawn from the index. Default 48. */
  samples: number;
  /** Sharpening exponent γ in `scale = (MRR_vector / MRR_bm25)^γ`. Default 2 (tuned on SciFact train). */
  gamma: number;
  /** The scale stays within [minScale, maxScale]. Defaults 0.05 and 1.5. */
  minScale: number;
  maxScale: number;
}

export const DEFAULT_CALIBRATION: CalibrationOptions = { samples: 48, gamma: 2, minScale: 0.05, maxScale: 1.5 };

/** What calibration found, kept for the settings tab and the benchmark report. */
export interface Calibration {
  /** Multiply the configured vector and HyDE weights by this. */
  scale: number;
  bm25Mrr: number;
  vectorMrr: number;
  samples: number;
  detail: string;
}

/** A held-out sentence of a sampled chunk, and the chunk's text without it. */
export interface Probe {
  path: string;
  sentence: string;
  entry: IndexedChunk;
  rest: string;
}

/**
 * How much to trust the vector list on this index, measured on the index itself, never on labelled queries.
 *
 * Inverse-cloze probes: take a sentence out of a sampled chunk, search with it, and see where each list ranks the
 * note the sentence came from when the chunk no longer contains it (the keyword side scores the chunk without the
 * sentence against the index's own statistics; the vector side embeds the chunk without the sentence). The ratio
 * of the two lists' mean reciprocal ranks sets the vector weight: a weak embedding model on this kind of text gets
 * a small weight and hybrid stays close to BM25; a model as good as BM25 gets about BM25's weight.
 */
export async function calibrateVectorScale(
  index: ChunkIndex,
  embedder: Embedder,
  opts: CalibrationOptions = DEFAULT_CALIBRATION,
  signal?: AbortSignal,
  /** Awaited between slices of each probe's vector scan, so the UI gets a turn. Default: none (one go). */
  pause?: () => Promise<void>,
): Promise<Calibration | undefined> {
  const probes = drawProbes(index, opts.samples);
  if (probes.length < 8) return undefined;
  const rrB: number[] = [];
  const rrV: number[] = [];
  for (const p of probes) {
    if (signal?.aborted) return undefined;
    const [q, ctx] = await Promise.all([
      embedder.embedQuery(p.sentence, signal),
      embedder.embedDocuments([embeddingInput({ ...p.entry.chunk, text: p.rest })], signal),
    ]);
    const ctxVec = ctx.ok ? ctx.value[0] : undefined;
    if (!q.ok || !ctxVec) return undefined;
    rrB.push(1 / keywordRank(index, p));
    rrV.push(1 / (await vectorRank(index, p, q.value, ctxVec, pause)));
  }
  const bm25Mrr = mean(rrB);
  const vectorMrr = mean(rrV);
  const ratio = bm25Mrr > 0 ? vectorMrr / bm25Mrr : 1;
  const scale = Math.min(opts.maxScale, Math.max(opts.minScale, ratio ** opts.gamma));
  const detail = `${probes.length} held-out-sentence probes: MRR bm25 ${bm25Mrr.toFixed(3)}, vector ${vectorMrr.toFixed(3)}, scale ${scale.toFixed(3)}`;
  return { scale, bm25Mrr, vectorMrr, samples: probes.length, detail };
}

/** The configured weights with the vector and HyDE lists scaled by a calibration. */
export function scaledWeights(base: ListWeights, c: Calibration | undefined): ListWeights {
  return c ? { bm25: base.bm25, vector: base.vector * c.scale, hyde: base.hyde * c.scale } : base;
}

function keywordRank(index: ChunkIndex, p: Probe): number {
  const target = index.keywordScoreOf(p.sentence, {
    text: p.rest,
    title: p.entry.title,
    headings: p.entry.chunk.headingPath.slice(1).join(" "),
    aliases: p.entry.aliases.join(" "),
  });
  return rankAmongOthers(index.keywordSearch(p.sentence, { limit: 200 }), p.path, target);
}

/** A full scan of the stored vectors, in slices when there is a `pause`: at 10,000 notes, one scan is a few frames. */
async function vectorRank(index: ChunkIndex, p: Probe, q: Float32Array, ctx: Float32Array, pause: (() => Promise<void>) | undefined): Promise<number> {
  const hits = await runSliced(index.vectorSearchSteps(q, { limit: 200, similarity: -1 }, pause ? 4096 : Infinity), pause);
  return rankAmongOthers(hits, p.path, cosine(q, ctx));
}

/**
 * 1 + number of other notes whose best chunk outscores the held-out target. Keyword hits are compared by their own
 * chunk score, as the target is a chunk: its note's score with one sentence held out is not something we can score.
 */
function rankAmongOthers(hits: readonly ScoredId[], path: string, target: number): number {
  const better = new Set<string>();
  for (const h of hits) {
    const note = notePathOfChunkId(h.id);
    if (note !== path && (h.chunkScore ?? h.score) > target) better.add(note);
  }
  return better.size + 1;
}

/**
 * Deterministic sample: notes ordered by a hash of their path, one probe sentence from each (from the note's first
 * chunk with a vector). Each path is hashed once, not at every comparison of the sort, and the chunks are read as
 * stored: an int8 index would decode a copy of every vector only to see that there is one. At 10,000 notes this
 * runs in one go on the UI thread, between two embedding calls.
 */
export function drawProbes(index: ChunkIndex, n: number): Probe[] {
  const hashes = new Map<string, string>();
  for (const path of index.notePaths()) hashes.set(path, contentHash(path));
  const paths = [...hashes.keys()].sort((a, b) => (hashes.get(a)! < hashes.get(b)! ? -1 : 1));
  const out: Probe[] = [];
  for (const path of paths) {
    if (out.length >= n) break;
    const id = index.chunkIdsOf(path).find((c) => hasStoredVector(index, c));
    const entry = id === undefined ? undefined : index.entry(id);
    if (!entry) continue;
    const sentences = splitSentences(entry.chunk.text);
    if (sentences.length < 3) continue;
    const pick = sentences[Math.floor(sentences.length / 2)] ?? "";
    if (pick.split(/\s+/).length < 5) continue;
    out.push({ path, sentence: pick, entry, rest: sentences.filter((s) => s !== pick).join(" ") });
  }
  return out;
}

function splitSentences(text: string): string[] {
  return (text.match(/[^.!?。！？\n]+[.!?。！？]*/gu) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
}


const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
