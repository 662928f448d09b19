import type { ChunkIndex } from "../index/chunk-index";
import { runAll, type Steps } from "../shared/slices";
import { contentHash } from "../shared/hash";
import { fuseRelated, type RelatedWeights } from "./related-fusion";
import { relatedLists, type RelatedLists } from "./related-lists";
import { sourceVectors } from "./related-pairing";

/** What the related lists' weights were learnt from, kept for the report and the settings tab. */
export interface RelatedCalibration {
  /** Multiply the configured weights by these. */
  weights: RelatedWeights;
  /** Notes with links the weights were measured on. */
  samples: number;
  /** Mean nDCG@10 of their links with these weights, and with equal weights. */
  ndcg: number;
  equalNdcg: number;
  /** Notes in the index when measured. */
  notes: number;
  /** RRF constant the weights were measured with: they hold for that one. */
  k: number;
}

/** Calibration settings. */
export interface RelatedCalibrationOptions {
  /** Notes with at least two links sampled. Default 32. */
  samples: number;
  /** Fewer samples than this and the weights stay equal. Default 8. */
  minSamples: number;
  /** RRF constant of the fusion. */
  k: number;
}

/** Weights tried for each list. */
const GRID = [0, 0.5, 1, 2] as const;
const EQUAL: RelatedWeights = { vector: 1, bm25: 1, body: 1 };

/**
 * The weights of the related lists that best find, for notes of this vault that have links, the notes they link
 * to: the vault's own links are the only judgement of relatedness it holds, and no embedding is needed. Each
 * sampled note's lists are read once with the words of its link targets left out of its body query (they would
 * give the answer away); then every weight combination of a small grid is scored on nDCG@10, and the best is
 * kept, ties going to the one nearest equal weights. Deterministic: notes are sampled by a hash of their path.
 */
export function calibrateRelated(index: ChunkIndex, opts: RelatedCalibrationOptions): RelatedCalibration {
  return runAll(calibrateRelatedSteps(index, opts));
}

/** `calibrateRelated` in steps, one sampled note each (about one related list's work), for a caller that yields. */
export function* calibrateRelatedSteps(index: ChunkIndex, opts: RelatedCalibrationOptions): Steps<RelatedCalibration> {
  const paths = [...index.notePaths()];
  const notes = paths.length;
  const resolve = resolver(paths);
  const sampled: { lists: RelatedLists; links: Set<string> }[] = [];
  const order = paths.map((path) => ({ path, hash: contentHash(path) })).sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  for (const { path } of order) {
    if (sampled.length >= opts.samples) break;
    const ids = index.chunkIdsOf(path);
    const written = index.entry(ids[0] ?? "")?.links ?? [];
    const links = new Set(written.flatMap((w) => resolve(w) ?? []).filter((p) => p !== path));
    if (links.size < 2) continue;
    const leaveOut = new Set(written.flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w !== ""));
    const sources = sourceVectors(index, ids);
    sampled.push({ lists: relatedLists(index, ids, new Set([path]), { depth: 20, extraProbes: 1, leaveOut }, sources), links });
    yield;
  }
  // nDCG@10 rather than recall@10 alone: in a small vault every weighting puts the links somewhere in the top 10.
  const recallOf = (w: RelatedWeights) => {
    let sum = 0;
    for (const { lists, links } of sampled) {
      const fused = fuseRelated({ vector: lists.vector, bm25: lists.bm25.paths, body: lists.body.paths }, w, opts.k, (p) => lists.pairOf(p)?.weighted ?? -1, 10);
      let dcg = 0;
      let ideal = 0;
      fused.slice(0, 10).forEach((h, i) => (dcg += links.has(h.path) ? 1 / Math.log2(i + 2) : 0));
      for (let i = 0; i < Math.min(10, links.size); i++) ideal += 1 / Math.log2(i + 2);
      sum += dcg / ideal;
    }
    return sampled.length > 0 ? sum / sampled.length : 0;
  };
  const equalRecall = recallOf(EQUAL);
  let best = { weights: EQUAL, recall: equalRecall };
  if (sampled.length >= opts.minSamples) {
    for (const vector of GRID) {
      for (const bm25 of GRID) {
        for (const body of GRID) {
          if (vector + bm25 + body === 0) continue;
          const weights = { vector, bm25, body };
          const recall = recallOf(weights);
          if (recall > best.recall + 1e-9 || (Math.abs(recall - best.recall) <= 1e-9 && distance(weights) < distance(best.weights))) best = { weights, recall };
        }
      }
    }
  }
  return { weights: best.weights, samples: sampled.length, ndcg: best.recall, equalNdcg: equalRecall, notes, k: opts.k };
}

function distance(w: RelatedWeights): number {
  return Math.abs(w.vector - 1) + Math.abs(w.bm25 - 1) + Math.abs(w.body - 1);
}

/** Link target as written → note path, by path or by file name as Obsidian resolves it (case-insensitive). */
function resolver(paths: readonly string[]): (written: string) => string | undefined {
  const byName = new Map<string, string>();
  for (const p of [...paths].sort()) {
    const base = (p.split("/").pop() ?? p).replace(/\.md$/i, "").toLowerCase();
    if (!byName.has(base)) byName.set(base, p);
  }
  for (const p of paths) byName.set(p.replace(/\.md$/i, "").toLowerCase(), p);
  return (written) => byName.get(written.trim().replace(/\.md$/i, "").toLowerCase());
}
