import type { NoteResult } from "./search-result";

/** Why the rerank was skipped: the top note leads by far, its title is the query, or there is nothing to reorder. */
export type GateSkip = "lead" | "title" | "few";

/**
 * The top note's fused score over the second's at which fusion is taken as sure. In RRF (k 5) the second note then
 * sits well down at least one list while the first leads both, or a quoted or one-word query's keyword list alone
 * decides (it counts double); bench:rerank reports how often this skips.
 */
export const GATE_LEAD_RATIO = 1.5;

/** Lower case, one space, no punctuation at the ends, as a title and a typed query are compared. */
function normalized(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\.md$/, "")
    .replace(/[\s_]+/g, " ")
    .replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, "");
}

/**
 * Whether fusion is already sure of its answer, so the rerank would only cost time: fewer than two results; the top
 * result's title (or file name) is exactly the query's text; or the top fused score is at least GATE_LEAD_RATIO
 * times the second's. Undefined means: rerank.
 */
export function rerankGate(results: readonly NoteResult[], queryText: string): GateSkip | undefined {
  const [first, second] = results;
  if (!first || !second) return "few";
  const query = normalized(queryText);
  const file = first.path.slice(first.path.lastIndexOf("/") + 1);
  if (query !== "" && (normalized(first.title) === query || normalized(file) === query)) return "title";
  if (second.score <= 0 || first.score >= GATE_LEAD_RATIO * second.score) return "lead";
  return undefined;
}
