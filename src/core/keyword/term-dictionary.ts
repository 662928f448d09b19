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

  private merge(): void {
    if (this.added.length === 0 && this.removed === 0) return;
    const added = this.added.sort();
    const merged: string[] = [];
    let i = 0;
    let j = 0;
    while (i < this.sorted.length || j < added.length) {
      const a = this.sorted[i];
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
    }
    this.sorted = merged;
    this.added = [];
    this.removed = 0;
  }
}
