import { runAll, type Steps } from "../shared/slices";
import { fuzzyTerms, fuzzyWalks, type FuzzyMatch, type FuzzyWalk } from "./fuzzy-terms";

/**
 * Terms merged per slice by `ofSteps`: at a few hundred thousand terms the whole merge took 13–50 ms on a first
 * corrected word; a slice is about a millisecond.
 */
export const UNION_TERMS_PER_SLICE = 20_000;

/**
 * The searched fields' vocabularies merged into one sorted array, kept while none of them changes, so that a word's
 * typo corrections walk the vocabulary once rather than once a field. A walk's matches in one field are exactly its
 * matches in the union that the field holds: a term's distance to the word does not depend on the other terms, and
 * the walk only skips prefixes no term can match through. Each field's walk repeated most of the text field's (the
 * title and heading words mostly occur in the text too), and a related list's title query corrects every rare word of
 * a note's title and headings: in bench:ui's full run those walks were the largest part of the slowest view updates.
 */
export class VocabularyUnion {
  private held: { parts: readonly (readonly string[])[]; union: readonly string[] } | undefined;

  /** The union of `parts` (each sorted ascending, as `TermDictionary.terms()` gives), made again when one changes. */
  of(parts: readonly (readonly string[])[]): readonly string[] {
    return runAll(this.ofSteps(parts, Infinity));
  }

  /**
   * `of(parts)` in slices of `perSlice` merged terms, kept as `of` keeps it: a warm-up (see keyword-warmup.ts) makes it
   * between requests, so that the first corrected word does not. A union held for other parts is replaced only at
   * the end, so a search meanwhile reads a complete one (or makes its own).
   */
  *ofSteps(parts: readonly (readonly string[])[], perSlice = UNION_TERMS_PER_SLICE): Steps<readonly string[]> {
    const held = this.held;
    if (held && held.parts.length === parts.length && held.parts.every((p, i) => p === parts[i])) return held.union;
    const union = yield* mergeSortedSteps(parts, perSlice);
    this.held = { parts, union };
    return union;
  }
}

/** The distinct strings of sorted arrays, ascending (by UTF-16 code units, as `Array.prototype.sort` orders). */
export function mergeSorted(parts: readonly (readonly string[])[]): string[] {
  return runAll(mergeSortedSteps(parts, Infinity)) as string[];
}

function* mergeSortedSteps(parts: readonly (readonly string[])[], perSlice: number): Steps<readonly string[]> {
  let out: readonly string[] = [];
  for (const part of parts) out = yield* mergeTwo(out, part, perSlice);
  return out;
}

function* mergeTwo(a: readonly string[], b: readonly string[], perSlice: number): Steps<readonly string[]> {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: string[] = [];
  let i = 0;
  let j = 0;
  let slice = 0;
  while (i < a.length || j < b.length) {
    if (++slice > perSlice) {
      slice = 1;
      yield;
    }
    const x = a[i];
    const y = b[j];
    let next: string;
    if (y === undefined || (x !== undefined && x <= y)) {
      next = x ?? "";
      i++;
      if (x === y) j++;
    } else {
      next = y;
      j++;
    }
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next);
  }
  return out;
}

/** Whether the sorted array holds `term` (binary search). */
export function sortedHas(sorted: readonly string[], term: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? "") < term) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo] === term;
}

/** One walk of the union a word, shared by every field (see `unionWalks`). */
export interface UnionWalks {
  /** `fuzzyTerms(union, word, maxEdits)`. */
  whole(word: string): readonly FuzzyMatch[];
  /** `fuzzyTerms(union, word, maxEdits, minCover)`; its walk also gives `whole(word)`, which is then kept. */
  cover(word: string, minCover: number): readonly FuzzyMatch[];
  /**
   * `cover(word, minCover)` and `whole(w)` for each of `also`, kept, from one walk for all of them that are not kept
   * yet (see `fuzzyWalks`): a misspelt word's stems are asked next, and walking the union for each cost a third more.
   */
  prepare(word: string, minCover: number, also: readonly string[]): void;
  /** The matches a field holds, in order. */
  inField(field: readonly string[], matches: readonly FuzzyMatch[]): FuzzyMatch[];
}

/**
 * `fuzzyTerms(field, …)` for each field from walks of `union`, each kept for the words asked again: a word's whole
 * and cover matches come from one walk when the cover walk is asked first (a made-up or rare word is often its own
 * stem).
 */
export function unionWalks(union: readonly string[], maxEdits: number): UnionWalks {
  const wholes = new Map<string, FuzzyMatch[]>();
  const covers = new Map<string, FuzzyMatch[]>();
  return {
    whole(word) {
      let found = wholes.get(word);
      if (!found) wholes.set(word, (found = fuzzyTerms(union, word, maxEdits)));
      return found;
    },
    cover(word, minCover) {
      const key = `${minCover}\u0001${word}`;
      let found = covers.get(key);
      if (!found) {
        const whole: FuzzyMatch[] = [];
        covers.set(key, (found = fuzzyTerms(union, word, maxEdits, minCover, undefined, whole)));
        if (!wholes.has(word)) wholes.set(word, whole);
      }
      return found;
    },
    prepare(word, minCover, also) {
      const key = `${minCover}\u0001${word}`;
      const walks: FuzzyWalk[] = [];
      if (!covers.has(key)) {
        const walk = { word, minCover, out: [], whole: [] };
        walks.push(walk);
        covers.set(key, walk.out);
        if (!wholes.has(word)) wholes.set(word, walk.whole);
      }
      for (const w of new Set(also)) {
        if (wholes.has(w)) continue;
        const walk = { word: w, out: [] };
        walks.push(walk);
        wholes.set(w, walk.out);
      }
      fuzzyWalks(union, walks, maxEdits);
    },
    inField: (field, matches) => matches.filter((m) => sortedHas(field, m.term)),
  };
}
