import type { Explanation, RerankedNote } from "../../core/search/search-result";
import type { ListName } from "../../core/types";

const LISTS: readonly { name: ListName; label: string }[] = [
  { name: "bm25", label: "BM25" },
  { name: "vector", label: "Vector" },
  { name: "hyde", label: "HyDE" },
];

/**
 * One line per result for the "Explain" toggle: the rank in each list that took part ("–" where the note was not
 * found), then the fused score and the k it used, and after a rerank the judge's relevance and the fused rank. Lists
 * that did not run are left out.
 */
export function explainLine(e: Explanation, rerank?: RerankedNote): string {
  const parts: string[] = [];
  for (const { name, label } of LISTS) {
    if (e.weights[name] === undefined) continue;
    const rank = e.ranks[name];
    parts.push(`${label} ${rank === undefined ? "–" : `#${rank}`}`);
  }
  parts.push(`fused ${e.fused.toFixed(4)} (k ${e.k})`);
  if (e.signals?.folder !== undefined) parts.push(`folder ×${e.signals.folder}`);
  if (e.signals?.recency !== undefined) parts.push(`recent ×${e.signals.recency.toFixed(3)}`);
  if (rerank) parts.push(`relevance ${rerank.relevance.toFixed(2)} (fused #${rerank.fusedRank})`);
  return parts.join(" · ");
}
