import { UNSPACED_SCRIPT, type ParsedQuery } from "./query-parser";

/** What a query's filters are checked against: one chunk, with its note's path and tags. */
export interface FilterTarget {
  /** Vault path of the note, `/`-separated, e.g. "Projects/alpha.md". */
  path: string;
  /** The note's tags, lower-cased, without '#' (a leading '#' is tolerated). */
  tags: readonly string[];
  /** text the phrase/exclusion checks run on (chunk text + title + headings) */
  text: string;
  /**
   * True when `text` already went through `foldForMatch`, e.g. because the caller caches the folded text of each
   * chunk; folding is most of the cost of a phrase or exclusion check. Default false.
   */
  textIsFolded?: boolean;
}

/**
 * True when the target satisfies every phrase, exclusion, path and tag filter of q. Phrase and exclusion matching
 * ignore case and accents (NFKD, strip combining marks) and whitespace runs; exclusion of a word matches whole words
 * only. Must be fast: compile once per query. (The marks stripped are diacritics, see `foldForMatch`.)
 *
 * - Phrases must all appear, as substrings of the folded text (like Obsidian's own search, so "learn" also finds
 *   "learning").
 * - Exclusions must all be absent as whole words: `-art` drops "modern art" but keeps "article". At an edge made of an
 *   unspaced script (Chinese, Japanese, Thai...), where words are not separated, a substring is enough.
 * - Paths are OR-ed: the note's path must equal one of them or lie under it, compared on folder boundaries and
 *   ignoring case (`path:proj` matches "Proj/x.md" and "proj" itself, not "project/x.md").
 * - Tags are AND-ed: for each filter tag the note needs that tag or a tag nested under it (`tag:project` matches
 *   "project/alpha", not "projects").
 */
export function compileQueryFilter(q: ParsedQuery): (t: FilterTarget) => boolean {
  const place = compilePlaceTest(q);
  const phrases = q.phrases.map(foldForMatch).filter((p) => p !== "");
  const excluded = q.excluded.map(foldForMatch).filter((w) => w !== "").map(compileWholeWord);
  if (!place && phrases.length + excluded.length === 0) return () => true;

  return (t) => {
    if (place && !place(foldPath(t.path), t.tags.map(normaliseTag))) return false;
    if (phrases.length === 0 && excluded.length === 0) return true;
    const text = t.textIsFolded === true ? t.text : foldForMatch(t.text);
    return phrases.every((p) => text.includes(p)) && !excluded.some((matches) => matches(text));
  };
}

/**
 * The `path:` and `tag:` filters of q (see `compileQueryFilter`), over a note's path as `foldPath` gives it and its
 * tags as `normaliseTag` gives them, so that a caller can fold each note's path and tags once for many searches.
 * Undefined when q has neither.
 */
export function compilePlaceTest(q: ParsedQuery): ((foldedPath: string, normalisedTags: readonly string[]) => boolean) | undefined {
  const folders = q.paths.map(foldPath).filter((p) => p !== "");
  const tags = q.tags.map(normaliseTag).filter((t) => t !== "");
  if (folders.length + tags.length === 0) return undefined;
  return (path, own) => {
    if (folders.length > 0 && !isUnderAny(path, folders)) return false;
    return tags.every((want) => own.some((have) => isSameOrNested(have, want)));
  };
}

/** A path as `path:` filters compare it: NFC, lower case. */
export function foldPath(path: string): string {
  return path.normalize("NFC").toLowerCase();
}

/** True when q has any filter (so the engine must over-fetch candidates). */
export function hasFilters(q: ParsedQuery): boolean {
  return q.phrases.length + q.excluded.length + q.paths.length + q.tags.length > 0;
}

/**
 * The form phrase and exclusion matching compare: compatibility-decomposed (NFKD), combining diacritics removed,
 * lower-cased, typographic apostrophes made plain, whitespace runs made one space, trimmed. Exported so highlighting
 * can agree.
 */
export function foldForMatch(s: string): string {
  // Most notes are ASCII, which has nothing to decompose: skip the costly Unicode steps for them.
  const folded = NON_ASCII.test(s)
    ? s.normalize("NFKD").replace(COMBINING_DIACRITICS, "").replace(TYPOGRAPHIC_APOSTROPHES, "'")
    : s;
  return folded.toLowerCase().replace(WHITESPACE_TO_COLLAPSE, " ").trim();
}

const NON_ASCII = /[\u0080-\uffff]/;
/**
 * The accents of Latin, Greek and Cyrillic letters. Not every combining mark (\p{M}): Japanese voicing marks and
 * Indic vowel signs are part of the letter, and dropping them would make different words match ("が" is not "か").
 */
const COMBINING_DIACRITICS = /[\u0300-\u036f\u1ab0-\u1ace\u1dc0-\u1dff\u20d0-\u20f0\ufe20-\ufe2f]/g;
const TYPOGRAPHIC_APOSTROPHES = /[‘’ʼ]/g;
/** Only what differs from a single space, so the common case (words separated by one space) is left alone. */
const WHITESPACE_TO_COLLAPSE = /\s{2,}|[^\S ]/g;

/** A tag as `tag:` filters compare it: NFC, without leading '#', lower case. */
export function normaliseTag(tag: string): string {
  return tag.normalize("NFC").replace(/^#+/, "").toLowerCase();
}

function isUnderAny(path: string, folders: readonly string[]): boolean {
  return folders.some((f) => isSameOrNested(path, f));
}

/** Prefix match on `/` boundaries: "a/b" is under "a", "ab" is not. */
function isSameOrNested(value: string, prefix: string): boolean {
  return value === prefix || (value.startsWith(prefix) && value.charAt(prefix.length) === "/");
}

const WORD_CHAR = /^[\p{L}\p{M}\p{N}_]$/u;

/** A character that would glue to a neighbouring word: a letter, mark, digit or underscore of a script that uses spaces. */
function joinsWords(ch: string): boolean {
  return WORD_CHAR.test(ch) && !UNSPACED_SCRIPT.test(ch);
}

function compileWholeWord(needle: string): (haystack: string) => boolean {
  const checkBefore = joinsWords(String.fromCodePoint(needle.codePointAt(0) ?? 32));
  const checkAfter = joinsWords(lastCodePoint(needle));
  return (haystack) => {
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const before = !checkBefore || !joinsWords(lastCodePoint(haystack.slice(Math.max(0, at - 2), at)));
      const after = !checkAfter || !joinsWords(String.fromCodePoint(haystack.codePointAt(end) ?? 32));
      if (before && after) return true;
    }
    return false;
  };
}

/** The last code point of s (a whole surrogate pair when s ends with one), or "" for an empty string. */
function lastCodePoint(s: string): string {
  const chars = Array.from(s);
  return chars[chars.length - 1] ?? "";
}
