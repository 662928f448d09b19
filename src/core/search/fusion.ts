import type { ListName } from "../types";

/** One ranked list: ids best first. */
export interface RankedList {
  /** Which retrieval list this is; names the rank in the explanation. Should be unique among the fused lists. */
  name: ListName;
  /** The list's weight in the fusion. A weight that is not a finite number above 0 makes the list contribute nothing. */
  weight: number;
  /** Ids, best first. Only the first occurrence of a repeated id counts, and later ids move up to close the gap. */
  ids: readonly string[];
}

/** One fused result with what produced its score. */
export interface FusedHit {
  id: string;
  /** Σ w_i / (k + rank_i) over lists containing id */
  score: number;
  /**
   * 1-based rank of id in each list where it appears (only lists that contribute, i.e. weight above 0). If two lists
   * share a name, the better rank is kept.
   */
  ranks: Partial<Record<ListName, number>>;
}

/**
 * Weighted Reciprocal Rank Fusion. Lists with weight <= 0 or no ids contribute nothing (but a zero weight is honoured,
 * not ignored): they neither add score nor put their ids or ranks in the output. Duplicate ids inside one list: only
 * the first occurrence counts. Output sorted by score desc, ties broken deterministically (best single rank, then id
 * by UTF-16 code unit order). The output does not depend on the order of `lists`, to the last bit of every score.
 *
 * @param k the RRF constant; must be a finite number above 0 (a bad k is a programming error and throws RangeError,
 *   so settings must be validated before they reach here).
 */
export function fuseRrf(lists: readonly RankedList[], k: number): FusedHit[] {
  assertValidK(k);
  const contributing = contributingLists(lists);
  if (contributing.length === 1 && contributing[0]) return fusedAlone(contributing[0], k);
  const hits = new Map<string, FusedHit>();
  const bestRank = new Map<string, number>();
  for (const list of contributing) {
    const seen = new Set<string>();
    let rank = 0;
    for (const id of list.ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      rank += 1;
      const contribution = list.weight / (k + rank);
      const hit = hits.get(id);
      if (hit === undefined) {
        const ranks: Partial<Record<ListName, number>> = {};
        ranks[list.name] = rank;
        hits.set(id, { id, score: contribution, ranks });
        bestRank.set(id, rank);
        continue;
      }
      hit.score += contribution;
      const previous = hit.ranks[list.name];
      if (previous === undefined || rank < previous) hit.ranks[list.name] = rank;
      if (rank < (bestRank.get(id) ?? Infinity)) bestRank.set(id, rank);
    }
  }
  const out = [...hits.values()];
  out.sort(
    (a, b) =>
      b.score - a.score ||
      (bestRank.get(a.id) ?? Infinity) - (bestRank.get(b.id) ?? Infinity) ||
      compareStrings(a.id, b.id),
  );
  return out;
}

/**
 * `fuseRrf` of one list: its distinct ids in their order, which the sort would keep (a later rank never scores more,
 * and equal scores go by best rank). The search modal fuses the keyword list alone on every keystroke, and the maps
 * and sort of the general case were a tenth of a key's garbage.
 */
function fusedAlone(list: RankedList, k: number): FusedHit[] {
  const seen = new Set<string>();
  const out: FusedHit[] = [];
  for (const id of list.ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const rank = out.length + 1;
    const ranks: Partial<Record<ListName, number>> = {};
    ranks[list.name] = rank;
    out.push({ id, score: list.weight / (k + rank), ranks });
  }
  return out;
}

/**
 * Upper bound of a fused score given the weights and k (an item ranked first in every list): used to normalise scores
 * to 0..1 for display and for a min-score threshold. It is exact for such an item and, because it adds the same
 * terms in the same order as `fuseRrf`, no fused score exceeds it even after floating-point rounding. Lists whose
 * weight is not above 0 count for nothing; returns 0 when no list counts.
 *
 * @param k as for `fuseRrf`; throws RangeError when not a finite number above 0.
 */
export function maxFusedScore(lists: readonly Pick<RankedList, "weight">[], k: number): number {
  assertValidK(k);
  const weights = lists
    .map((l) => l.weight)
    .filter(isContributingWeight)
    .sort((a, b) => b - a);
  let max = 0;
  for (const w of weights) max += w / (k + 1);
  return max;
}

function assertValidK(k: number): void {
  if (!(Number.isFinite(k) && k > 0)) throw new RangeError(`RRF k must be a finite number above 0, got ${k}.`);
}

function isContributingWeight(w: number): boolean {
  return Number.isFinite(w) && w > 0;
}

/**
 * Floating-point addition is not associative, so the lists are summed in a canonical order to make the result
 * independent of the caller's order. Heavier lists come first so `maxFusedScore`, which only sees weights, adds the
 * very same terms in the very same order and stays a true bound.
 */
function contributingLists(lists: readonly RankedList[]): RankedList[] {
  return lists
    .filter((l) => isContributingWeight(l.weight) && l.ids.length > 0)
    .sort((a, b) => b.weight - a.weight || compareStrings(a.name, b.name) || compareIdLists(a.ids, b.ids));
}

function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function compareIdLists(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareStrings(a[i] ?? "", b[i] ?? "");
    if (c !== 0) return c;
  }
  return a.length - b.length;
}
