/**
 * Share of a candidate's final score that stays its fused score, by fused rank (1-based); the rest is the judge's
 * P(yes). As qmd does: the top ranks keep most of their fused score, because a note found first by both keywords
 * and meaning (or an exact name typed) is right far more often than a small judge model is sure; lower down the
 * fused order says little and the judge may move notes more. With these shares a note at rank 1 judged irrelevant
 * (P(yes) 0) keeps 0.75: above any note at ranks 4–10 with under 58 % of its fused score, and any note below rank 10
 * with under 37.5 %, even one the judge is sure of.
 */
export const FUSED_SHARE_TOP3 = 0.75;
export const FUSED_SHARE_TOP10 = 0.6;
export const FUSED_SHARE_REST = 0.4;

/** The fused share for a 1-based fused rank (see FUSED_SHARE_TOP3). */
export function fusedShare(rank: number): number {
  if (rank <= 3) return FUSED_SHARE_TOP3;
  if (rank <= 10) return FUSED_SHARE_TOP10;
  return FUSED_SHARE_REST;
}

/** The blended order of the candidates: their indices in the fused list, best first, and each one's blended score. */
export interface Blend {
  /** Indices into the candidates, in the new order. */
  order: number[];
  /** Blended score of each candidate, by its fused index: share × fused / best fused + (1 − share) × P(yes). */
  scores: number[];
}

/**
 * Blends fused scores (best first, as fusion ordered them) with the judge's P(yes) of each. Fused scores are taken
 * relative to the best one, so both parts run from 0 to 1. Ties keep the fused order.
 */
export function blendByPosition(fused: readonly number[], relevance: readonly number[]): Blend {
  const best = fused.reduce((m, s) => Math.max(m, s), 0);
  const scores = fused.map((s, i) => {
    const share = fusedShare(i + 1);
    const p = relevance[i] ?? 0;
    return share * (best > 0 ? s / best : 0) + (1 - share) * p;
  });
  const order = fused.map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
  return { order, scores };
}
