/** A vocabulary term close to a query word. */
export interface FuzzyMatch {
  term: string;
  /** Edits (insertions, deletions, substitutions, swaps of two neighbours) between the word and the term. */
  edits: number;
}

/**
 * Terms of `sorted` (ascending, as `TermDictionary.terms()` gives) within `maxEdits` of `word` in optimal string
 * alignment distance (Levenshtein plus swapped neighbours, "sycn" → "sync"). The sorted array is walked as the trie
 * it spells: terms sharing a prefix with the previous one reuse its rows of the distance table, and once every cell of
 * a row exceeds `maxEdits` no term with that prefix can match, so the walk jumps past all of them (see `pastPrefix`).
 * Only the cells of a row within `maxEdits` of its diagonal are filled (see `fillRow`). On a vocabulary of a few hundred thousand terms this visits a small share of it (see bench/fuzzy.ts).
 * Terms starting with `skipPrefix` (internal marker terms) are never returned.
 *
 * With `minCover` below the word's length, a term also matches when it is within `maxEdits` of the word's first
 * `minCover` or more characters, if it is itself that long: a stem against a misspelt inflected word ("belong" for
 * "belongilg"), since the index
 * holds stems and the stem of a misspelt word is often no stem at all.
 *
 * `whole`, when given, also receives the terms within `maxEdits` of the whole word, in order: what the same call with
 * `minCover` at the word's length returns, from the one walk (the walk does not depend on `minCover`).
 */
export function fuzzyTerms(
  sorted: readonly string[],
  word: string,
  maxEdits: number,
  minCover = word.length,
  skipPrefix = "\u0000",
  whole?: FuzzyMatch[],
): FuzzyMatch[] {
  const out: FuzzyMatch[] = [];
  fuzzyWalks(sorted, [{ word, minCover, out, ...(whole ? { whole } : {}) }], maxEdits, skipPrefix);
  return out;
}

/** One word of `fuzzyWalks`: what `fuzzyTerms(sorted, word, maxEdits, minCover, skipPrefix, whole)` gives. */
export interface FuzzyWalk {
  word: string;
  /** Default: the word's length. */
  minCover?: number;
  /** Receives what `fuzzyTerms` returns. */
  out: FuzzyMatch[];
  /** Receives the matches of the whole word, as `fuzzyTerms`'s `whole`. */
  whole?: FuzzyMatch[];
}

/** A word's walk: its rows of the distance table, and how many of them belong to the previous term. */
interface WalkState {
  walk: FuzzyWalk;
  word: string;
  minCover: number;
  maxDepth: number;
  width: number;
  rows: Int32Array;
  /** Rows 0..valid belong to the prefix prev[0..valid]; deeper ones are stale. */
  valid: number;
}

/**
 * `fuzzyTerms` for several words in one walk of `sorted`: each term is read once for all of them, each word fills its
 * own rows, and a prefix is skipped once every word's rows exceed `maxEdits` there. A misspelt word and its stems in
 * the index's languages ("karjalanpiirakka", "karjalanpiirakk", "karjalanpiirak") mostly walk the same part of the
 * vocabulary, and reading it (comparing each term with the last, skipping pruned prefixes) cost more than their
 * rows. Each word gets exactly the matches of its own walk: a term is skipped only where every word's walk would skip
 * it, and a word's rows are filled for every term it reads.
 */
export function fuzzyWalks(sorted: readonly string[], walks: readonly FuzzyWalk[], maxEdits: number, skipPrefix = "\u0000"): void {
  if (maxEdits <= 0) return;
  const states: WalkState[] = [];
  for (const walk of walks) {
    const n = walk.word.length;
    if (n === 0) continue;
    const maxDepth = n + maxEdits + 1;
    const width = n + 1;
    // One spare cell, for the last row's guard (see `fillRow`).
    const rows = new Int32Array((maxDepth + 1) * width + 1);
    for (let j = 0; j <= n; j++) rows[j] = j;
    states.push({ walk, word: walk.word, minCover: walk.minCover ?? n, maxDepth, width, rows, valid: 0 });
  }
  if (states.length === 0) return;
  let prev = "";
  let i = 0;
  while (i < sorted.length) {
    const term = sorted[i] ?? "";
    const shared = commonPrefix(prev, term);
    // The deepest prefix some word's rows exceeded the budget at, while no word has read the term to its end.
    let skip = 0;
    for (let w = 0; w < states.length; w++) {
      const state = states[w] as WalkState;
      const { rows, width, maxDepth, word } = state;
      let depth = Math.min(shared, state.valid);
      let pruned = -1;
      const limit = Math.min(term.length, maxDepth);
      while (depth < limit) {
        depth++;
        if (fillRow(rows, width, depth, term, word, maxEdits) > maxEdits) {
          pruned = depth;
          break;
        }
      }
      if (pruned >= 0) {
        state.valid = pruned - 1;
        if (skip >= 0 && pruned > skip) skip = pruned;
        continue;
      }
      state.valid = depth;
      skip = -1;
      collect(state, term, maxEdits, skipPrefix);
    }
    prev = term;
    i = skip > 0 ? pastPrefix(sorted, term, skip, i + 1) : i + 1;
  }
}

/** Adds `term`, which the word's rows were filled for to its end, to the word's matches if it is one. */
function collect(state: WalkState, term: string, maxEdits: number, skipPrefix: string): void {
  const { rows, width, maxDepth, minCover, walk } = state;
  const n = width - 1;
  const length = term.length;
  let dist = maxEdits + 1;
  if (length <= maxDepth) {
    const at = length * width;
    // A term shorter than `minCover` is no stem of the word: it must match the whole of it. Only the band's cells
    // (|length - j| <= maxEdits) were filled for this term; the others are further than that anyway.
    const from = Math.max(length < minCover ? n : Math.max(0, Math.min(minCover, n)), length - maxEdits);
    const to = Math.min(n, length + maxEdits);
    for (let j = from; j <= to; j++) dist = Math.min(dist, rows[at + j] ?? dist);
    const d = n - length <= maxEdits && length - n <= maxEdits ? (rows[at + n] ?? maxEdits + 1) : maxEdits + 1;
    if (walk.whole && d <= maxEdits && !term.startsWith(skipPrefix)) walk.whole.push({ term, edits: d });
  }
  if (dist <= maxEdits && !term.startsWith(skipPrefix)) walk.out.push({ term, edits: dist });
}

/**
 * Fills row `d` (the term's first d characters against every prefix of `word`) and returns its minimum, within the
 * band of cells |d - j| <= maxEdits: a cell outside it is at least |d - j| edits (each edit changes the length
 * difference by one at most), so it can neither match nor lead to a match, and holding `maxEdits + 1` there instead
 * changes no cell of the band (Ukkonen's cut-off). A guard cell either side of the band holds that for the rows
 * below; the band is 3 or 5 cells where the whole row was a word's length, and filling rows was most of a walk.
 * Each cell holds its distance when that is at most `maxEdits`, and some value above `maxEdits` otherwise.
 */
function fillRow(rows: Int32Array, width: number, d: number, term: string, word: string, maxEdits: number): number {
  const at = d * width;
  const up = at - width;
  const up2 = up - width;
  const c = term.charCodeAt(d - 1);
  const cap = maxEdits + 1;
  const lo = d - maxEdits;
  const hi = Math.min(width - 1, d + maxEdits);
  let min = cap;
  if (lo <= 0) min = rows[at] = d;
  else rows[at + lo - 1] = cap;
  const p = term.charCodeAt(d - 2);
  for (let j = lo < 1 ? 1 : lo; j <= hi; j++) {
    const w = word.charCodeAt(j - 1);
    let v = (rows[up + j - 1] as number) + (c === w ? 0 : 1);
    const ins = (rows[at + j - 1] as number) + 1;
    if (ins < v) v = ins;
    const del = (rows[up + j] as number) + 1;
    if (del < v) v = del;
    if (d > 1 && j > 1 && c === word.charCodeAt(j - 2) && p === w) {
      const swap = (rows[up2 + j - 2] as number) + 1;
      if (swap < v) v = swap;
    }
    rows[at + j] = v;
    if (v < min) min = v;
  }
  rows[at + hi + 1] = cap;
  return min;
}

function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let k = 0;
  while (k < max && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  return k;
}

/**
 * First index at or after `from` whose term does not start with `term`'s first `length` characters (all that do are
 * contiguous, from `from - 1` on). Galloping from `from`, since most prunes skip a few terms, then a binary search in
 * the last step; no prefix string is cut out.
 */
function pastPrefix(sorted: readonly string[], term: string, length: number, from: number): number {
  const n = sorted.length;
  // `last` is known to share the prefix, `probe` (or the end) not to.
  let last = from - 1;
  let probe = from;
  for (let step = 1; probe < n && startsLike(sorted[probe] ?? "", term, length); step *= 2) {
    last = probe;
    probe += step;
  }
  let lo = last + 1;
  let hi = Math.min(probe, n);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (startsLike(sorted[mid] ?? "", term, length)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether `t` begins with `term`'s first `length` characters. */
function startsLike(t: string, term: string, length: number): boolean {
  if (t.length < length) return false;
  for (let k = length - 1; k >= 0; k--) if (t.charCodeAt(k) !== term.charCodeAt(k)) return false;
  return true;
}
