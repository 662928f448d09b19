import { runAll, type Steps } from "../shared/slices";

/** Terms merged between two yields of `settleSteps`: about a millisecond of Map lookups. */
const MERGE_TERMS_PER_SLICE = 20_000;

/**
 * The sorted vocabulary of one field, for expanding a prefix while the user types ("proj" → project, projection).
 * Terms come and go with every edit, so changes collect in a small pending list and are merged into the sorted
 * array only when a lookup needs it: a linear merge, instead of re-sorting the whole vocabulary per keystroke.
 */
export class TermDictionary {
  private sorted: string[] = [];
  private added: string[] = [];
  private removed = 0;

  /** `has` tells whether a term is still in use; removed terms are dropped lazily, at the next merge. */
  constructor(private readonly has: (term: string) => boolean) {}

  /** Starts from terms already sorted ascending (as saved), replacing everything. */
  reset(sortedTerms: string[]): void {
    this.sorted = sortedTerms;
    this.added = [];
    this.removed = 0;
  }

  /** A term that was not in use now is. */
  add(term: string): void {
    this.added.push(term);
  }

  /** A term is no longer in use. */
  remove(): void {
    this.removed++;
  }

  /** Every term in use, ascending. */
  terms(): readonly string[] {
    this.merge();
    return this.sorted;
  }

  /** Terms in use that start with `prefix`, ascending. */
  withPrefix(prefix: string): string[] {
    const all = this.terms();
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((all[mid] ?? "") < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < all.length; i++) {
      const term = all[i] ?? "";
      if (!term.startsWith(prefix)) break;
      out.push(term);
    }
    return out;
  }

  /**
   * Merges the pending changes in slices (see `MERGE_TERMS_PER_SLICE`), so that a caller that yields in between (a
   * save about to walk the vocabulary) does not pay for a whole vocabulary's merge in one go. Changes made while it
   * yields stay pending for the next merge; a merge made meanwhile by `terms()` makes this one's result moot.
   * `perSlice`: terms merged between two yields; default `MERGE_TERMS_PER_SLICE`.
   */
  *settleSteps(perSlice = MERGE_TERMS_PER_SLICE): Steps<void> {
    if (this.added.length === 0 && this.removed === 0) return;
    const base = this.sorted;
    const addedCount = this.added.length;
    const removedCount = this.removed;
    const merged = yield* this.mergeSteps(base, this.added.slice().sort(), Math.max(1, perSlice));
    if (this.sorted !== base) return;
    this.sorted = merged;
    this.added = this.added.slice(addedCount);
    this.removed = Math.max(0, this.removed - removedCount);
  }

  private merge(): void {
    if (this.added.length === 0 && this.removed === 0) return;
    this.sorted = runAll(this.mergeSteps(this.sorted, this.added.sort(), Infinity));
    this.added = [];
    this.removed = 0;
  }

  /** `sorted` and `added` (both ascending) as one ascending list, without repeats or terms no longer in use. */
  private *mergeSteps(sorted: readonly string[], added: readonly string[], perSlice: number): Steps<string[]> {
    const merged: string[] = [];
    let i = 0;
    let j = 0;
    let work = 0;
    while (i < sorted.length || j < added.length) {
      const a = sorted[i];
      const b = added[j];
      let next: string;
      if (b === undefined || (a !== undefined && a <= b)) {
        next = a ?? "";
        i++;
      } else {
        next = b;
        j++;
      }
      // A term removed and added again sits in both lists; keep it once, and only while it is in use.
      if (merged[merged.length - 1] !== next && this.has(next)) merged.push(next);
      if (++work >= perSlice) {
        work = 0;
        yield;
      }
    }
    return merged;
  }
}
