/** trec_eval-style metrics with linear graded gains, as BEIR reports them. */
export function ndcgAt(ranked: readonly string[], rel: ReadonlyMap<string, number>, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    dcg += (rel.get(id) ?? 0) / Math.log2(i + 2);
  });
  const ideal = [...rel.values()].sort((a, b) => b - a).slice(0, k);
  let idcg = 0;
  ideal.forEach((g, i) => {
    idcg += g / Math.log2(i + 2);
  });
  return idcg > 0 ? dcg / idcg : 0;
}

export function recallAt(ranked: readonly string[], rel: ReadonlyMap<string, number>, k: number): number {
  if (rel.size === 0) return 0;
  let hit = 0;
  for (const id of ranked.slice(0, k)) if (rel.has(id)) hit++;
  return hit / rel.size;
}

export function mrrAt(ranked: readonly string[], rel: ReadonlyMap<string, number>, k: number): number {
  const i = ranked.slice(0, k).findIndex((id) => rel.has(id));
  return i < 0 ? 0 : 1 / (i + 1);
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

export const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
