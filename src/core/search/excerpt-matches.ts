import { Analyzer } from "../text/analyzer";
import { UNSPACED_SCRIPT } from "./query-parser";
import { RecentTexts } from "./recent-texts";

/** What to highlight in a text. */
export interface HighlightTerms {
  /** Query words; a text word matches when its stem equals a query word's stem ("studies" matches "study"). */
  terms: readonly string[];
  /** Exact phrases; matched word by word, ignoring case and accents. Default none. */
  phrases?: readonly string[];
  /** Words that start with this also match (the word being typed). Ignores case and accents. Default none. */
  prefix?: string;
}

/** A highlighted span of the text, `[start, end)`, with the query parts it matched (for density ranking). */
export interface MatchSpan {
  start: number;
  end: number;
  keys: Set<string>;
}

interface Word {
  start: number;
  end: number;
  text: string;
  /** `stem(text)`, once asked for. */
  stem?: string;
  /** `fold(text)`, once asked for. */
  folded?: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const MARKS = /\p{M}+/gu;
// One shared analyzer: its stem cache pays off across the results of a search.
const analyzer = new Analyzer();

/** Lower case without accents, for comparing words as typed (phrases, prefixes). */
export function fold(word: string): string {
  return word.toLowerCase().normalize("NFKD").replace(MARKS, "").normalize("NFC");
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
}

/**
 * The words of texts recently matched, their stems and folded forms filled in as they are asked for. Each key typed
 * matches the texts of the results shown, mostly those of the key before: splitting and stemming every word of
 * every shown text again was a few milliseconds of each key's paint. 100,000 characters of text, two or three keys'
 * results, hold about 3 MB of words.
 */
const recentWords = new RecentTexts<Word[]>(100_000);

function stem(word: string): string {
  return analyzer.normalize(word.toLowerCase());
}

/** Every span of `text` that matches, sorted by start, overlapping spans merged. */
export function findMatches(text: string, q: HighlightTerms): MatchSpan[] {
  const words = recentWords.get(text, wordsOf);
  const stems = new Set<string>();
  const literals: string[] = [];
  for (const term of q.terms) {
    for (const w of wordsOf(term)) {
      if (UNSPACED_SCRIPT.test(w.text)) literals.push(w.text);
      else if (stem(w.text) !== "") stems.add(stem(w.text));
    }
  }
  const prefix = q.prefix === undefined ? "" : fold(q.prefix.trim());
  const spans: MatchSpan[] = [];
  for (const w of words) {
    if (UNSPACED_SCRIPT.test(w.text)) {
      for (const lit of literals) spans.push(...literalSpans(w, lit));
      continue;
    }
    const s = (w.stem ??= stem(w.text));
    if (s !== "" && stems.has(s)) spans.push({ start: w.start, end: w.end, keys: new Set([s]) });
    else if (prefix !== "" && (w.folded ??= fold(w.text)).startsWith(prefix)) spans.push({ start: w.start, end: w.end, keys: new Set(["prefix"]) });
  }
  (q.phrases ?? []).forEach((phrase, i) => spans.push(...phraseSpans(words, phrase, `phrase:${i}`)));
  return mergeSpans(spans);
}

function literalSpans(w: Word, literal: string): MatchSpan[] {
  const out: MatchSpan[] = [];
  for (let at = w.text.indexOf(literal); at >= 0; at = w.text.indexOf(literal, at + literal.length)) {
    out.push({ start: w.start + at, end: w.start + at + literal.length, keys: new Set([literal]) });
  }
  return out;
}

function phraseSpans(words: readonly Word[], phrase: string, key: string): MatchSpan[] {
  const target = wordsOf(phrase).map((w) => fold(w.text));
  if (target.length === 0) return [];
  const out: MatchSpan[] = [];
  for (let i = 0; i + target.length <= words.length; i++) {
    if (target.every((t, j) => {
      const w = words[i + j];
      return w !== undefined && (w.folded ??= fold(w.text)) === t;
    })) {
      const first = words[i];
      const last = words[i + target.length - 1];
      if (first && last) out.push({ start: first.start, end: last.end, keys: new Set([key]) });
    }
  }
  return out;
}

function mergeSpans(spans: MatchSpan[]): MatchSpan[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: MatchSpan[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      for (const k of s.keys) last.keys.add(k);
    } else {
      out.push({ start: s.start, end: s.end, keys: new Set(s.keys) });
    }
  }
  return out;
}
