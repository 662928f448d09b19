import { findMatches, type HighlightTerms, type MatchSpan } from "./excerpt-matches";
import type { ParsedQuery } from "./query-parser";
import { RecentTexts } from "./recent-texts";

export type { HighlightTerms } from "./excerpt-matches";

/** A piece of an excerpt: plain text, or a matched word to show highlighted. */
export interface ExcerptSegment {
  text: string;
  match: boolean;
}

/** A short passage of a chunk around its best matches, ready to render as text and `<mark>` elements. */
export interface Excerpt {
  /** In reading order. Adjacent plain pieces are merged; an elided start or end is a plain "… " / " …". */
  segments: ExcerptSegment[];
  /** Whether any segment is a match. */
  hasMatch: boolean;
}

const ELLIPSIS = "…";
const MIN_CHARS = 20;

/**
 * The passage of `text` of at most `maxChars` characters (whitespace collapsed, ellipses not counted) holding the
 * most distinct query words, then the most matches; without matches, the start of the text. The cut falls between
 * words. Matching ignores case and accents and compares stems, so "Studies" is highlighted for the query "study".
 */
export function buildExcerpt(text: string, query: HighlightTerms, maxChars: number): Excerpt {
  const flat = recentFlat.get(text, (t) => t.replace(/\s+/g, " ").trim());
  const budget = Math.max(MIN_CHARS, Math.floor(maxChars));
  const matches = findMatches(flat, query);
  const [from, to] = flat.length <= budget ? [0, flat.length] : chooseWindow(flat, matches, budget);
  const segments: ExcerptSegment[] = [];
  if (from > 0) segments.push({ text: `${ELLIPSIS} `, match: false });
  let at = from;
  for (const m of matches) {
    if (m.end <= from || m.start >= to) continue;
    const start = Math.max(m.start, from);
    const end = Math.min(m.end, to);
    if (start > at) segments.push({ text: flat.slice(at, start), match: false });
    segments.push({ text: flat.slice(start, end), match: true });
    at = end;
  }
  if (at < to) segments.push({ text: flat.slice(at, to), match: false });
  if (to < flat.length) segments.push({ text: ` ${ELLIPSIS}`, match: false });
  return { segments: mergePlain(segments), hasMatch: segments.some((s) => s.match) };
}

/**
 * Texts recently shown, with their whitespace collapsed: the same string each time, so that findMatches' memo of
 * their words finds them (see excerpt-matches.ts) without hashing a copy.
 */
const recentFlat = new RecentTexts<string>(100_000);

/** What to highlight for a parsed query; with `prefixLast`, the last word also matches as a prefix. */
export function highlightTermsOf(q: ParsedQuery, prefixLast = false): HighlightTerms {
  const words = q.text.split(/\s+/).filter((w) => w !== "");
  const last = words[words.length - 1];
  return { terms: words, phrases: q.phrases, ...(prefixLast && last !== undefined ? { prefix: last } : {}) };
}

/** `[from, to)` of the densest window, widened evenly around its matches and snapped to word boundaries. */
function chooseWindow(text: string, matches: readonly MatchSpan[], budget: number): [number, number] {
  const best = densestRun(matches, budget);
  if (!best) return snap(text, 0, budget);
  const spanLen = best.end - best.start;
  const slack = Math.max(0, budget - spanLen);
  let from = Math.max(0, best.start - Math.floor(slack / 2));
  from = Math.min(from, Math.max(0, text.length - budget));
  // A match longer than the budget is shown from its start.
  if (spanLen > budget) from = best.start;
  return snap(text, from, Math.min(text.length, from + budget), best);
}

/** The run of consecutive matches fitting the budget with the most distinct keys, then the most matches. */
function densestRun(matches: readonly MatchSpan[], budget: number): { start: number; end: number } | undefined {
  let best: { start: number; end: number; distinct: number; count: number } | undefined;
  for (let i = 0; i < matches.length; i++) {
    const first = matches[i];
    if (!first) continue;
    const keys = new Set<string>();
    let end = first.end;
    let count = 0;
    for (let j = i; j < matches.length; j++) {
      const m = matches[j];
      if (!m || (j > i && m.end - first.start > budget)) break;
      for (const k of m.keys) keys.add(k);
      end = m.end;
      count++;
    }
    if (!best || keys.size > best.distinct || (keys.size === best.distinct && count > best.count)) {
      best = { start: first.start, end, distinct: keys.size, count };
    }
  }
  return best;
}

/** Moves a cut that falls inside a word to the nearest space inwards, never into the `keep` span. */
function snap(text: string, from: number, to: number, keep?: { start: number; end: number }): [number, number] {
  let start = from;
  if (start > 0 && text.charAt(start - 1) !== " ") {
    const space = text.indexOf(" ", start);
    if (space >= 0 && space < (keep?.start ?? to)) start = space + 1;
  }
  let end = to;
  if (end < text.length && text.charAt(end) !== " ") {
    const space = text.lastIndexOf(" ", end);
    if (space > start && space >= (keep?.end ?? start)) end = space;
  }
  while (end > start && text.charAt(end - 1) === " ") end--;
  return [start, end];
}

function mergePlain(segments: ExcerptSegment[]): ExcerptSegment[] {
  const out: ExcerptSegment[] = [];
  for (const s of segments) {
    const last = out[out.length - 1];
    if (last && !last.match && !s.match) last.text += s.text;
    else if (s.text !== "") out.push({ ...s });
  }
  return out;
}
