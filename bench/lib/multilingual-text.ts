/**
 * Text helpers for the multilingual known-item benchmark: the plain prose of a note (what queries are cut from),
 * its words as `Intl.Segmenter` sees them, and a seeded random generator so every run draws the same queries.
 */

/** Scripts written without spaces between words: queries there are cut as substrings, not as word lists. */
export const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Khmer}\p{Script=Lao}]/u;

/** A note's text without frontmatter, code, link targets, HTML or markup; every removed piece becomes a line break. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, "")
    .replace(/```[\s\S]*?```/g, "\n")
    .replace(/`[^`\n]*`/g, "\n")
    .replace(/!\[\[[^\]]*\]\]/g, "\n")
    .replace(/\[\[([^\]|]*)\|([^\]]*)\]\]/g, "\n$2\n")
    .replace(/\[\[([^\]]*)\]\]/g, (_, t: string) => `\n${t.replace(/#\^?/g, "\n")}\n`)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "\n$1\n")
    .replace(/<[^>]*>/g, "\n")
    .replace(/https?:\/\/\S+/g, "\n")
    .replace(/[*_~=#>|\\[\]{}]+/g, "\n");
}

/** Case-folded, NFKC, single-spaced: how phrases and fragments are compared across notes. */
export function norm(s: string): string {
  return s.normalize("NFKC").toLocaleLowerCase().replace(/\s+/g, " ");
}

export interface Word {
  text: string;
  /** Offsets in the segment the word came from. */
  start: number;
  end: number;
}

const segmenters = new Map<string, Intl.Segmenter>();

/** The word-like segments of `text`, by ICU's rules for `lang`. */
export function words(text: string, lang: string): Word[] {
  let seg = segmenters.get(lang);
  if (!seg) {
    seg = new Intl.Segmenter(lang, { granularity: "word" });
    segmenters.set(lang, seg);
  }
  const out: Word[] = [];
  for (const s of seg.segment(text)) {
    if (s.isWordLike) out.push({ text: s.segment, start: s.index, end: s.index + s.segment.length });
  }
  return out;
}

/**
 * Stretches of prose with nothing but spaces between words: the plain text cut at line breaks and at punctuation,
 * so that a phrase never straddles a sentence, a link or a list item.
 */
export function segments(plain: string): string[] {
  // An apostrophe inside a word ("someone's", "l'eau") is part of it, not a break.
  return plain
    .replace(/(\p{L})(['’])(?=\p{L})/gu, (_, l: string, a: string) => `${l}${a === "'" ? "\u0000" : "\u0001"}`)
    .split(/[\n\r\t\p{P}\p{S}]+/u)
    .map((s) => s.replaceAll("\u0000", "'").replaceAll("\u0001", "’"))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** Letters of a word that can be typo'd: alphabetic scripts only (not Han, kana or Thai), five or more letters. */
export function typoable(word: string): boolean {
  return !UNSPACED.test(word) && /^\p{L}{5,}$/u.test(word);
}

/** A seeded 32-bit generator (mulberry32): the same seed gives the same queries on every machine. */
export function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: () => number, xs: readonly T[]): T | undefined => xs[Math.floor(r() * xs.length)];

export function shuffle<T>(r: () => number, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
