// Whether two words are within a few edits in optimal string alignment distance, for checking a chunk's words against
// a misspelt one (typed-words.ts); fuzzy-terms.ts walks a whole sorted vocabulary by the same distance.
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
