/**
 * Two words that share their first `MIN_SHARED_START` letters or more and differ only in endings of up to
 * `MAX_ENDING` letters are taken as forms of one word: "labrador" and "labradoren", "naczynia" and "naczyniami". A
 * stemmer that strips one ending but not another, or a language we have no stemmer for (Polish, Czech), leaves such
 * a query word unknown though the note holds the word. Five letters keep short words apart ("table", "label").
 */
export const MIN_SHARED_START = 5;
/** Longest ending, on either side, by which two forms of one word may differ (see `MIN_SHARED_START`). */
export const MAX_ENDING = 4;

/** Whether `a` and `b` are forms of one word (see `MIN_SHARED_START`). Both lower case, accents folded alike. */
export function isOtherForm(a: string, b: string): boolean {
  const max = Math.min(a.length, b.length);
  let k = 0;
  while (k < max && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  return k >= MIN_SHARED_START && a.length - k <= MAX_ENDING && b.length - k <= MAX_ENDING;
}

/**
 * The terms of a vocabulary that are other forms of `word` (not `word` itself). `withPrefix` gives the vocabulary's
 * terms that begin with a string: every form begins with the word's first `length - MAX_ENDING` letters (at least
 * `MIN_SHARED_START`), so one range of the sorted vocabulary holds them all.
 */
export function formsOf(word: string, withPrefix: (prefix: string) => readonly string[]): string[] {
  if (word.length < MIN_SHARED_START) return [];
  const start = word.slice(0, Math.max(MIN_SHARED_START, word.length - MAX_ENDING));
  return withPrefix(start).filter((term) => term !== word && isOtherForm(term, word));
}
