/**
 * Length from which V8 takes a substring as a view into its parent string (a "sliced string", kMinLength) instead
 * of a copy. JavaScriptCore (Obsidian on iOS) shares the parent's buffer in the same way.
 */
const VIEW_MIN_LENGTH = 13;

/**
 * `s` with characters of its own. A substring can be a view that keeps the whole string it was cut from alive: a
 * note's title or a heading cut from the file as read kept every indexed file's full text in memory (about 100 MB at
 * 50,000 notes), and the collector marked it on every cycle of a cold index. The copy is a plain sequential string,
 * one byte a character when it can be: a view of a private copy (a concatenation sliced again) would free the file as
 * well, but a view is about 1.5× slower to scan character by character and 2–3× slower to encode as UTF-8, as a
 * save does (bench/string-forms.ts).
 */
export function ownString(s: string): string {
  return s.length < VIEW_MIN_LENGTH ? s : (JSON.parse(JSON.stringify(s)) as string);
}
