/** The lists fused into related notes. */
export type RelatedListName =
  /** Stored chunk vectors: the best rarity-weighed chunk pair. */
  | "vector"
  /** BM25 over the note's title and headings. */
  | "bm25"
  /** BM25 "more like this" over the note's distinctive body words. */
  | "body";

/** Weights of the related lists in the fusion. */
export type RelatedWeights = Record<RelatedListName, number>;

/** One fused note. */
export interface RelatedHit {
  path: string;
  /** Σ w / (k + rank) over the lists that found it. */
  score: number;
  /** 1-based rank in each list that found it. */
  ranks: Partial<Record<RelatedListName, number>>;
}

/**
 * Weighted RRF of the related lists, best first. Equal scores go by `tieBreak` (higher first: the closest chunk
 * pair's weighed similarity), then by the best single rank; the path decides only when nothing else differs.
 * Lists with a weight that is not above 0 add nothing. Past the first `limit` hits (default all), equal scores go
 * by rank and path alone, so the tie-break is asked only for notes that can be shown.
 */
export function fuseRelated(
  lists: Partial<Record<RelatedListName, readonly string[]>>,
  weights: RelatedWeights,
  k: number,
  tieBreak: (path: string) => number,
  limit = Infinity,
): RelatedHit[] {
  const hits = new Map<string, RelatedHit>();
  for (const name of ["vector", "bm25", "body"] as const) {
    const w = weights[name];
    const ids = lists[name];
    if (!ids || !(w > 0)) continue;
    ids.forEach((path, i) => {
      let hit = hits.get(path);
      if (!hit) hits.set(path, (hit = { path, score: 0, ranks: {} }));
      if (hit.ranks[name] !== undefined) return;
      hit.ranks[name] = i + 1;
      hit.score += w / (k + i + 1);
    });
  }
  const bestRank = new Map<RelatedHit, number>();
  for (const h of hits.values()) bestRank.set(h, Math.min(...Object.values(h.ranks)));
  const byRankAndPath = (a: RelatedHit, b: RelatedHit) => (bestRank.get(a) ?? 0) - (bestRank.get(b) ?? 0) || (a.path < b.path ? -1 : 1);
  const sorted = [...hits.values()].sort((a, b) => b.score - a.score || byRankAndPath(a, b));
  // Only runs of equal scores that reach into the first `limit` need the tie-break, which may cost a chunk pair.
  const until = Math.min(sorted.length, limit);
  for (let i = 0; i < until; ) {
    let j = i + 1;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    if (j - i > 1) {
      const tie = new Map(sorted.slice(i, j).map((h) => [h, tieBreak(h.path)]));
      const run = sorted.slice(i, j).sort((a, b) => (tie.get(b) ?? -Infinity) - (tie.get(a) ?? -Infinity) || byRankAndPath(a, b));
      sorted.splice(i, j - i, ...run);
    }
    i = j;
  }
  return sorted;
}

/** The highest score a note can get: first in every list. The view shows a score as a share of it. */
export function topScore(weights: RelatedWeights, k: number): number {
  return Object.values(weights).reduce((sum, w) => sum + (w > 0 ? w / (k + 1) : 0), 0);
}
