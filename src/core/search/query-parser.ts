/**
 * A search box query split into free text and filters.
 *
 * Syntax (tokens are separated by whitespace; a parse never fails, whatever is typed):
 * - `"exact phrase"`: the words go to `text` and the phrase must also appear in the result, in a query of up to
 *   `STRICT_PHRASE_MAX_WORDS` words. In a longer query (a question that merely quotes a term) the phrase goes to
 *   `boostedPhrases` instead: it ranks notes that have it higher but drops none that don't. Straight quotes and the
 *   curly quotes phone keyboards insert (`“…”`, `„…“`) both work. A quote only opens a phrase at the start of a
 *   token; inside a word it is dropped (`5"` is the word `5`). An unclosed quote makes the rest of the query the
 *   phrase, so results while typing already look like the final ones.
 * - `-word` or `-"some phrase"`: exclude. Only a `-` at the start of a token followed by something other than a
 *   space or another `-` counts, so `covid-19`, `e-mail`, a lone `-` and `--flag` are ordinary text.
 * - `path:folder` or `path:"My folder"`: keep results under that folder (or that exact file path).
 * - `tag:#x` or `tag:x`: keep results tagged x or any tag nested under it.
 * - `modified:` and `created:` with a date, a range or an age (`modified:>2025-01-01`, `modified:<30d`,
 *   `created:2025`): keep notes whose date is in it; see date-filter.ts. A value that is no date is not a word either:
 *   it lands in `invalidDates`, so the search can say what to type.
 * - Filter keys are case-insensitive; a key with an empty value (`path:`) is ignored. There are no negated filters:
 *   `-tag:x` excludes the literal word `tag:x`.
 */
import { shielded } from "../text/foreign-code";
import { parseDateValue, type DateRange } from "./date-filter";

export interface ParsedQuery {
  /** Free text for BM25 and embedding: terms and phrase words, without operators or quotes. */
  text: string;
  /** Quoted phrases that results must contain, as typed (without quotes; outer whitespace trimmed). */
  phrases: string[];
  /** Quoted phrases of a long query: they raise the rank of notes that have them and filter nothing. */
  boostedPhrases: string[];
  /** Words after `-` (or quoted phrases after `-`), to exclude. As typed; matched as whole words. */
  excluded: string[];
  /**
   * `path:folder` filters (folder prefix, normalised: no leading/trailing slash; quoted values allowed
   * `path:"My folder"`). Backslashes become `/`; the letter case is kept as typed (matching ignores it). Several
   * paths are OR-ed: a note lives in one folder, so the user means "in any of these".
   */
  paths: string[];
  /**
   * `tag:#x` or `tag:x` filters, lower-cased, no '#'; a tag filter also matches nested tags (tag:project matches
   * project/alpha). Several tags are AND-ed: a note can carry many tags, and adding one narrows the results.
   */
  tags: string[];
  /** `modified:` and `created:` filters, AND-ed: a note must be inside every one. */
  dates: DateRange[];
  /** Date filter tokens whose value is not a date, as typed (e.g. "modified:>soon"): they filter nothing. */
  invalidDates: string[];
  /** True when the query is keyword-like: two words or fewer in `text`, or it has a strict phrase (used to skip HyDE). */
  isKeywordLike: boolean;
  /** True when nothing but filters was typed: `text` is empty (this includes an empty query). */
  isEmpty: boolean;
}

/**
 * Longest query (in words, phrase words included) whose quoted phrases are strict filters. Someone who types
 * `"project alpha" budget` wants that phrase; a pasted paragraph-long question that quotes a term wants an answer,
 * and a strict filter there drops relevant notes that word it differently.
 */
export const STRICT_PHRASE_MAX_WORDS = 10;

const OPENING_QUOTES = new Set(['"', "“", "”", "„"]);
const CLOSING_QUOTES = new Set(['"', "“", "”"]);
const ANY_QUOTE = /["“”„]/g;
const WHITESPACE = /\s/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Characters of scripts written without spaces between words. Word counts and word boundaries for them need a
 * segmenter, not whitespace.
 */
export const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Parses a raw query. Never throws. `now` (ms since the epoch, default the clock) is what ages such as `30d` count
 * back from.
 */
export function parseQuery(raw: string, now: number = Date.now()): ParsedQuery {
  const words: string[] = [];
  const phrases: string[] = [];
  const excluded: string[] = [];
  const paths: string[] = [];
  const tags: string[] = [];
  const dates: DateRange[] = [];
  const invalidDates: string[] = [];
  let i = 0;
  while (i < raw.length) {
    const ch = raw.charAt(i);
    if (WHITESPACE.test(ch)) {
      i += 1;
      continue;
    }
    const next = raw.charAt(i + 1);
    const negated = ch === "-" && next !== "" && next !== "-" && !WHITESPACE.test(next);
    const start = negated ? i + 1 : i;
    const field = negated ? null : fieldAt(raw, start);
    if (field !== null) {
      const value = readValue(raw, start + field.length + 1);
      i = value.end;
      if (field === "path") addUnique(paths, normalisePath(value.text));
      else if (field === "tag") addUnique(tags, normaliseTag(value.text));
      else if (value.text.trim() !== "") {
        const date = parseDateValue(field, value.text, now);
        if (date.ok) dates.push(date.range);
        else addUnique(invalidDates, date.token);
      }
      continue;
    }
    const value = readValue(raw, start);
    i = value.end;
    const plain = collapseWhitespace(value.text.replace(ANY_QUOTE, " "));
    if (negated) {
      addUnique(excluded, value.quoted ? value.text : plain);
    } else if (value.quoted) {
      addUnique(phrases, value.text);
      if (plain !== "") words.push(plain);
    } else if (plain !== "" && !/^-+$/.test(plain)) {
      words.push(plain);
    }
  }
  const text = words.join(" ");
  const strict = countWords(text) <= STRICT_PHRASE_MAX_WORDS;
  return {
    text,
    phrases: strict ? phrases : [],
    boostedPhrases: strict ? [] : phrases,
    excluded,
    paths,
    tags,
    dates,
    invalidDates,
    isKeywordLike: (strict && phrases.length > 0) || countWords(text) <= 2,
    isEmpty: text === "",
  };
}

type Field = "path" | "tag" | "modified" | "created";

function fieldAt(raw: string, at: number): Field | null {
  for (const field of ["path", "tag", "modified", "created"] as const) {
    if (raw.slice(at, at + field.length + 1).toLowerCase() === `${field}:`) return field;
  }
  return null;
}

interface Value {
  /** The value without quotes; trimmed when quoted. */
  text: string;
  quoted: boolean;
  /** Index just past the value (and its closing quote). */
  end: number;
}

/** Reads a quoted value up to its closing quote (or the end), else a bare value up to the next whitespace. */
function readValue(raw: string, at: number): Value {
  if (OPENING_QUOTES.has(raw.charAt(at))) {
    let end = at + 1;
    while (end < raw.length && !CLOSING_QUOTES.has(raw.charAt(end))) end += 1;
    return { text: raw.slice(at + 1, end).trim(), quoted: true, end: Math.min(end + 1, raw.length) };
  }
  let end = at;
  while (end < raw.length && !WHITESPACE.test(raw.charAt(end))) end += 1;
  return { text: raw.slice(at, end), quoted: false, end };
}

/** Folder prefixes are compared on `/`-separated segments, so separators and outer slashes are made uniform. */
function normalisePath(value: string): string {
  return value
    .replace(ANY_QUOTE, "")
    .trim()
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .replace(/^(?:\.\/)+/, "")
    .replace(/^\/+|\/+$/g, "");
}

function normaliseTag(value: string): string {
  return value
    .replace(ANY_QUOTE, "")
    .trim()
    .replace(/^#+/, "")
    .replace(/\/+$/, "")
    .toLowerCase();
}

/** Adds a non-empty value once; returns whether it was added. */
function addUnique(list: string[], value: string): boolean {
  if (value === "" || list.includes(value)) return false;
  list.push(value);
  return true;
}

function collapseWhitespace(s: string): string {
  return s.split(/\s+/).filter((w) => w !== "").join(" ");
}

let wordSegmenter: Intl.Segmenter | undefined;

/**
 * Words as a reader would count them: whitespace-separated tokens with a letter or digit, except that a token in an
 * unspaced script (a Chinese sentence) counts its segmenter words, so it is not mistaken for a one-word query.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (UNSPACED_SCRIPT.test(token)) {
      const segmenter = (wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: "word" }));
      const words = () => [...segmenter.segment(token)].filter((s) => s.isWordLike === true).length;
      // The platform's segmenter is code we don't own: should it fail, each character counts as a word.
      count += shielded("segment", token, words, [...token].length);
    } else if (LETTER_OR_DIGIT.test(token)) {
      count += 1;
    }
  }
  return count;
}

/**
 * True for queries HyDE should skip by default: two words or fewer, or containing a quoted phrase. Such queries
 * are better served by exact matching, and a generated passage would only add drift. The query parser owns the
 * definition (operators such as `-word` and `path:` do not count as words; unspaced scripts are segmented), so
 * the two can never disagree.
 */
export function isKeywordLikeQuery(q: string): boolean {
  return parseQuery(q).isKeywordLike;
}
