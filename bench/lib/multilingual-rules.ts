/**
 * The rules that draw known-item queries from a note (see RULES_TEXT in multilingual-report.ts). Each takes a seeded
 * random generator and returns a query, or undefined when this try gives none (e.g. it would not single out the note).
 */
import type { BenchNote, Corpus } from "./multilingual-corpus";
import { englishVariants } from "./multilingual-english";
import { norm, pick, shuffle, typoable, UNSPACED, words, type Word } from "./multilingual-text";

export type Rule = (n: BenchNote, c: Corpus, r: () => number) => string | undefined;

/** Content-word candidates: not digits, 3+ letters (2+ in unspaced scripts), not bare hiragana (particles, endings). */
const wordLike = (w: string): boolean =>
  !/^\d+$/.test(w) && w.length >= (UNSPACED.test(w) ? 2 : 3) && !/^[\p{Script=Hiragana}ー]+$/u.test(w);

/**
 * The note's 15 words of highest tf·idf among those in at most 5 % (at least 2) of the notes of its language: in the
 * mixed fixture vault, German function words are rare overall but common among German notes.
 */
function distinctive(n: BenchNote, c: Corpus): string[] {
  const lang = c.byLang.get(n.lang);
  const N = lang?.notes ?? c.notes.length;
  const df = lang?.df ?? c.df;
  const maxDf = Math.max(2, Math.ceil(0.05 * N));
  return [...n.counts.entries()]
    .filter(([w]) => wordLike(w) && (df.get(w) ?? 0) <= maxDf)
    .map(([w, tf]) => ({ w, s: tf * Math.log(N / (df.get(w) ?? 1)) }))
    .sort((a, b) => b.s - a.s || (a.w < b.w ? -1 : 1))
    .slice(0, 15)
    .map((x) => x.w);
}

const memo = new WeakMap<BenchNote, { segWords: Word[][]; long: string[][] }>();

/** Each punctuation-free run's ICU words, and the graphemes of every unspaced-script word of 3+ graphemes. */
function parsed(n: BenchNote): { segWords: Word[][]; long: string[][] } {
  let m = memo.get(n);
  if (!m) {
    const segWords = n.segments.map((s) => words(s, n.lang));
    const graphemes = new Intl.Segmenter(n.lang, { granularity: "grapheme" });
    const long = segWords
      .flat()
      .map((w) => w.text)
      .filter((w) => /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Khmer}\p{Script=Lao}ー]+$/u.test(w))
      .map((w) => [...graphemes.segment(w)].map((g) => g.segment))
      .filter((g) => g.length >= 3);
    m = { segWords, long };
    memo.set(n, m);
  }
  return m;
}

/** True when the target is the only note holding every one of `ws` as a word. */
const onlyTargetHasAll = (ws: readonly string[], n: BenchNote, c: Corpus): boolean =>
  c.notes.every((o) => o === n || !ws.every((w) => o.counts.has(w)));

/** True when the target is the only note whose prose contains `s` (normalised) as a substring. */
const onlyTargetContains = (s: string, n: BenchNote, c: Corpus): boolean => {
  const k = norm(s);
  return n.normPlain.includes(k) && c.notes.every((o) => o === n || !o.normPlain.includes(k));
};

/** 2–4 consecutive words of one punctuation-free run, as plain words; kept only if no other note contains them. */
export const phrase: Rule = (n, c, r) => {
  const { segWords } = parsed(n);
  const k = pick(r, [...segWords.keys()].filter((i) => (segWords[i]?.length ?? 0) >= 2));
  const seg = k === undefined ? undefined : n.segments[k];
  const ws = k === undefined ? [] : (segWords[k] ?? []);
  if (seg === undefined) return undefined;
  const len = Math.min(ws.length, 2 + Math.floor(r() * 3));
  const i = Math.floor(r() * (ws.length - len + 1));
  const span = ws.slice(i, i + len);
  // A Japanese phrase someone would type starts and ends on a content word, not on a particle or an ending.
  const bare = (w: Word | undefined) => w === undefined || /^[\p{Script=Hiragana}ー]+$/u.test(w.text);
  if (bare(span[0]) || bare(span[len - 1])) return undefined;
  const q = UNSPACED.test(seg)
    ? seg.slice(span[0]?.start ?? 0, span[len - 1]?.end ?? 0)
    : span.map((w) => w.text).join(" ");
  return onlyTargetContains(q, n, c) ? q : undefined;
};

/**
 * 3–4 consecutive words that are all common in the note's language (each in at least a quarter of its notes, and in
 * 3 or more): the function-word phrases ("was ist das", "det är inte") that stop-word lists throw away. As plain
 * words, or the substring in unspaced scripts; kept only if no other note contains it.
 */
export const functionWords: Rule = (n, c, r) => {
  const lang = c.byLang.get(n.lang);
  const minDf = Math.max(3, Math.ceil(0.25 * (lang?.notes ?? c.notes.length)));
  const common = (w: Word) => (lang?.df.get(w.text.toLocaleLowerCase()) ?? 0) >= minDf;
  const len = 3 + Math.floor(r() * 2);
  const spans: { seg: string; ws: Word[] }[] = [];
  parsed(n).segWords.forEach((ws, k) => {
    for (let i = 0; i + len <= ws.length; i++) {
      const span = ws.slice(i, i + len);
      if (span.every(common)) spans.push({ seg: n.segments[k] ?? "", ws: span });
    }
  });
  const got = pick(r, spans);
  if (!got) return undefined;
  const q = UNSPACED.test(got.seg)
    ? got.seg.slice(got.ws[0]?.start ?? 0, got.ws[len - 1]?.end ?? 0)
    : got.ws.map((w) => w.text).join(" ");
  return onlyTargetContains(q, n, c) ? q : undefined;
};

/** 3–5 of the note's distinctive words, shuffled; kept only if no other note has them all. */
export const bag: Rule = (n, c, r) => {
  const cands = distinctive(n, c);
  const k = 3 + Math.floor(r() * 3);
  if (cands.length < 3) return undefined;
  const ws = shuffle(r, cands).slice(0, k);
  return onlyTargetHasAll(ws, n, c) ? ws.join(" ") : undefined;
};

/** One edit (insert, delete, substitute, transpose) that makes a word no word of the vault. */
function typo(w: string, c: Corpus, r: () => number): string | undefined {
  const chars = [...w];
  for (let t = 0; t < 6; t++) {
    const out = [...chars];
    const i = Math.floor(r() * chars.length);
    const letter = pick(r, chars) ?? "e";
    const op = Math.floor(r() * 4);
    if (op === 0) out.splice(i, 0, letter);
    else if (op === 1) out.splice(i, 1);
    else if (op === 2) out[i] = letter;
    else if (i + 1 < out.length) [out[i], out[i + 1]] = [out[i + 1] as string, out[i] as string];
    const s = out.join("");
    if (s !== w && !c.df.has(s)) return s;
  }
  return undefined;
}

/** The bag-of-words query, with one word of 5+ letters misspelt by one edit. */
export const typoBag: Rule = (n, c, r) => {
  const q = bag(n, c, r);
  const ws = q?.split(" ") ?? [];
  const j = pick(r, ws.map((w, k) => (typoable(w) ? k : -1)).filter((k) => k >= 0));
  const w = j === undefined ? undefined : ws[j];
  const t = w === undefined ? undefined : typo(w, c, r);
  if (j === undefined || t === undefined) return undefined;
  ws[j] = t;
  return ws.join(" ");
};

/** A single word of 5+ letters found in no other note, misspelt by one edit: what "canvs" or "sycn" are. */
export const typoWord: Rule = (n, c, r) => {
  const w = pick(r, [...n.counts.keys()].filter((x) => typoable(x) && c.df.get(x) === 1));
  return w === undefined ? undefined : typo(w, c, r);
};

/**
 * 2–3 graphemes from inside one ICU word of Han, kana, Thai, Lao or Khmer with 3+ graphemes (ICU keeps a Khmer
 * subscript consonant in its base's grapheme), not starting where the word starts
 * (that would be a prefix query), not all hiragana (endings alone name nothing), not starting on a length mark or
 * small kana, not splitting a Thai leading vowel from its consonant; kept only if no other note contains them.
 * So "识库" from 知识库, or "ネージャ" from マネージャー.
 */
export const fragment: Rule = (n, c, r) => {
  const g = pick(r, parsed(n).long);
  if (!g) return undefined;
  const len = Math.min(g.length - 1, 2 + Math.floor(r() * 2));
  const i = 1 + Math.floor(r() * (g.length - len));
  const q = g.slice(i, i + len).join("");
  if (/^[\p{Script=Hiragana}ー]+$/u.test(q) || /^[ーゃゅょっャュョッ]/u.test(q)) return undefined;
  // A Thai leading vowel (เ แ โ ใ ไ) is written before the consonant it follows in speech: never cut the two apart.
  // Nor start on a vowel that follows its consonant (ะ า ำ).
  if (/[เแโใไ]/u.test(g[i - 1] ?? "") || /[เแโใไ]$/u.test(q) || /^[ะาำๆៗ]/u.test(q)) return undefined;
  return onlyTargetContains(q, n, c) ? q : undefined;
};

/** English only: 2–3 distinctive words, each in another form that the vault uses elsewhere but this note never. */
export const inflectedEnglish: Rule = (n, c, r) => {
  const pairs = distinctive(n, c)
    .map((w) => ({ w, v: englishVariants(w).filter((v) => c.df.has(v) && !n.counts.has(v)) }))
    .filter((p) => p.v.length > 0);
  const k = 2 + Math.floor(r() * 2);
  if (pairs.length < 2) return undefined;
  const chosen = shuffle(r, pairs).slice(0, k);
  if (!onlyTargetHasAll(chosen.map((p) => p.w), n, c)) return undefined;
  return chosen.map((p) => pick(r, p.v) ?? p.w).join(" ");
};
