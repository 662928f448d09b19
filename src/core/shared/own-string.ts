/**
 * Length from which V8 takes a substring as a view into its parent string (a "sliced string", kMinLength) instead
 * of a copy. JavaScriptCore (Obsidian on iOS) shares the parent's buffer in the same way.
 */
const VIEW_MIN_LENGTH = 13;

/**
 * `s` with characters of its own. A substring can be a view that keeps the whole string it was cut from alive: a
 * note's title, a heading or a chunk's text cut from the file as read kept every indexed file's full text in memory
 * (107 MB at 50,000 notes), and the collector marked it on every cycle of a cold index. The copy is made by
 * flattening a concatenation, whose slice then points into that private copy only.
 */
export function ownString(s: string): string {
  return s.length < VIEW_MIN_LENGTH ? s : (" " + s).slice(1);
}
