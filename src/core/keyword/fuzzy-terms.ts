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
 * a row exceeds `maxEdits` no term with that prefix can match, so the walk jumps past all of them with a binary
 * search. On a vocabulary of a few hundred thousand terms this visits a small share of it (see bench/fuzzy.ts).
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
  const n = word.length;
  const out: FuzzyMatch[] = [];
  if (maxEdits <= 0 || n === 0) return out;
  const maxDepth = n + maxEdits + 1;
  const width = n + 1;
  // One spare cell, for the last row's guard (see `fillRow`).
  const rows = new Int32Array((maxDepth + 1) * width + 1);
  for (let j = 0; j <= n; j++) rows[j] = j;
  let prev = "";
  // Rows 0..valid belong to the prefix prev[0..valid]; deeper ones are stale.
  let valid = 0;
  let i = 0;
  while (i < sorted.length) {
    const term = sorted[i] ?? "";
    let depth = Math.min(commonPrefix(prev, term), valid);
    let pruned = -1;
    const limit = Math.min(term.length, maxDepth);
    while (depth < limit) {
      depth++;
      if (fillRow(rows, width, depth, term, word, maxEdits) > maxEdits) {
        pruned = depth;
        break;
      }
    }
    prev = term;
    if (pruned >= 0) {
      valid = pruned - 1;
      i = pastPrefix(sorted, term, pruned, i + 1);
      continue;
    }
    valid = depth;
    let dist = maxEdits + 1;
    const length = term.length;
    if (length <= maxDepth) {
      const at = length * width;
      // A term shorter than `minCover` is no stem of the word: it must match the whole of it. Only the band's cells
      // (|length - j| <= maxEdits) were filled for this term; the others are further than that anyway.
      const from = Math.max(length < minCover ? n : Math.max(0, Math.min(minCover, n)), length - maxEdits);
      const to = Math.min(n, length + maxEdits);
      for (let j = from; j <= to; j++) dist = Math.min(dist, rows[at + j] ?? dist);
      const d = n - length <= maxEdits && length - n <= maxEdits ? (rows[at + n] ?? maxEdits + 1) : maxEdits + 1;
      if (whole && d <= maxEdits && !term.startsWith(skipPrefix)) whole.push({ term, edits: d });
    }
    if (dist <= maxEdits && !term.startsWith(skipPrefix)) out.push({ term, edits: dist });
    i++;
  }
  return out;
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

/**
 * The three rows of the distance table, reused: checking every word of a hundred chunks against a typed word calls
 * `withinEdits` thousands of times a keystroke, and allocating the rows each time made that much garbage.
 */
let rows = new Int32Array(96);

/** Whether `a` and `b` are within `maxEdits` in optimal string alignment distance; stops as soon as they can't be. */
export function withinEdits(a: string, b: string, maxEdits: number): boolean {
  if (Math.abs(a.length - b.length) > maxEdits) return false;
  if (maxEdits === 1) return withinOneEdit(a, b);
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  const t = rows;
  // Offsets of the row two back, the previous row and the current one; they rotate after each row.
  let prev2 = 0;
  let prev = width;
  let row = 2 * width;
  for (let j = 0; j < width; j++) t[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    t[row] = i;
    let min = i;
    const c = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const w = b.charCodeAt(j - 1);
      let v = Math.min((t[prev + j] ?? 0) + 1, (t[row + j - 1] ?? 0) + 1, (t[prev + j - 1] ?? 0) + (c === w ? 0 : 1));
      if (i > 1 && j > 1 && c === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === w) v = Math.min(v, (t[prev2 + j - 2] ?? 0) + 1);
      t[row + j] = v;
      if (v < min) min = v;
    }
    if (min > maxEdits) return false;
    const oldest = prev2;
    prev2 = prev;
    prev = row;
    row = oldest;
  }
  return (t[prev + b.length] ?? maxEdits + 1) <= maxEdits;
}

/**
 * `withinEdits(a, b, 1)` without the table: past the first difference, the rest must match after one substitution,
 * insertion, deletion or swap of neighbours. Checking a hundred chunks' words against a misspelt word being typed
 * calls it tens of thousands of times a keystroke.
 */
function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  if (la === lb) {
    if (sameFrom(a, i + 1, b, i + 1)) return true;
    return i + 1 < la && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameFrom(a, i + 2, b, i + 2);
  }
  return la > lb ? sameFrom(a, i + 1, b, i) : sameFrom(a, i, b, i + 1);
}

/**
 * `withinEdits(text.slice(from, to), word, 1)` without cutting the word out of the text: checking a hundred chunks for
 * a misspelt word compares thousands of their words of about its length on a key, and each cut was a new string.
 */
export function withinOneEditAt(text: string, from: number, to: number, word: string): boolean {
  const la = to - from;
  const lb = word.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && text.charCodeAt(from + i) === word.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  if (la === lb) {
    if (sameFromAt(text, from + i + 1, to, word, i + 1)) return true;
    return i + 1 < la && text.charCodeAt(from + i) === word.charCodeAt(i + 1) && text.charCodeAt(from + i + 1) === word.charCodeAt(i) && sameFromAt(text, from + i + 2, to, word, i + 2);
  }
  return la > lb ? sameFromAt(text, from + i + 1, to, word, i) : sameFromAt(text, from + i, to, word, i + 1);
}

/** Whether `text` from `i` to `to` equals `word` from `j` on. */
function sameFromAt(text: string, i: number, to: number, word: string, j: number): boolean {
  if (to - i !== word.length - j) return false;
  for (; i < to; i++, j++) if (text.charCodeAt(i) !== word.charCodeAt(j)) return false;
  return true;
}

/** Whether `a` from `i` on equals `b` from `j` on. */
function sameFrom(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}
