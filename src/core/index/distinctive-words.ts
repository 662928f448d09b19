import type { Analyzer } from "../text/analyzer";
import { foldAccents, type Language } from "../text/languages";

/** What weighing a word needs of the index. */
export interface WordStatistics {
  /** The index's analyzer: the words are analysed as their chunks were. */
  analyzer: Analyzer;
  /** Documents (chunks) of the index holding `term`. */
  documentFrequency: (term: string) => number;
  /** Documents in the index. */
  documents: number;
  /**
   * Whether a chunk other than the source's own holds `term`. Default: more chunks hold it than of the texts, which
   * tells only when the texts are all of the source's chunks: a caller that weighs a sample of them must say.
   */
  heldElsewhere?: (term: string) => boolean;
}

/** A chunk's text to weigh, in its language. `key`, when given, is what its analysis is kept by (the chunk object). */
export interface WeighedText {
  text: string;
  lang: Language;
  key?: object;
}

/** Shorter words are too often parts of names, units or markup to say what a note is about. */
const MIN_LETTERS = 3;

/** A word of a text that may be distinctive: as written, its count, and its term. */
interface Candidate {
  word: string;
  n: number;
  term: string;
}

/**
 * Each chunk's candidate words, kept by its chunk object while its language stays the same: a chunk's text never
 * changes under the same object (a changed note comes back as new chunks), and a list asked again at another index
 * revision, or a long note asked once more, then analyses nothing.
 */
const analysed = new WeakMap<object, { lang: string; words: readonly Candidate[] }>();

function candidates(text: string, lang: Language, analyzer: Analyzer, key: object | undefined): readonly Candidate[] {
  const kept = key ? analysed.get(key) : undefined;
  if (kept && kept.lang === lang.code) return kept.words;
  const words: Candidate[] = [];
  for (const [word, n] of analyzer.words(text)) {
    if ([...word].length < MIN_LETTERS || !/\p{L}/u.test(word)) continue;
    if (lang.stopWords.has(foldAccents(word))) continue;
    const term = analyzer.normalize(word, lang);
    if (term !== "") words.push({ word, n, term });
  }
  if (key) analysed.set(key, { lang: lang.code, words });
  return words;
}

/**
 * The `count` words of `texts` with the highest tf × idf (idf = ln(N / df) over the index's chunks), one written form
 * per term, best first; ties by the term, so the same texts always give the same words. Stop words of each text's
 * language, words without a letter, words no other chunk holds (they can't find another note), words in more than
 * `maxShare` of the chunks (default 1: none) and `leaveOut` are skipped.
 */
export function distinctiveWords(
  texts: readonly WeighedText[],
  stats: WordStatistics,
  count: number,
  leaveOut?: ReadonlySet<string>,
  maxShare = 1,
): string[] {
  const tf = new Map<string, { n: number; word: string }>();
  const own = new Map<string, number>();
  for (const { text, lang, key } of texts) {
    const seen = new Set<string>();
    for (const { word, n, term } of candidates(text, lang, stats.analyzer, key)) {
      if (leaveOut?.has(word)) continue;
      const held = tf.get(term);
      if (held) held.n += n;
      else tf.set(term, { n, word });
      seen.add(term);
    }
    for (const term of seen) own.set(term, (own.get(term) ?? 0) + 1);
  }
  const scored: { word: string; term: string; w: number }[] = [];
  for (const [term, { n, word }] of tf) {
    const df = stats.documentFrequency(term);
    if (df > maxShare * stats.documents) continue;
    if (!(stats.heldElsewhere ? stats.heldElsewhere(term) : df > (own.get(term) ?? 0))) continue;
    scored.push({ word, term, w: n * Math.log(Math.max(1, stats.documents) / Math.max(1, df)) });
  }
  scored.sort((a, b) => b.w - a.w || (a.term < b.term ? -1 : 1));
  return scored.slice(0, Math.max(0, count)).map((s) => s.word);
}

/**
 * Characters of a source's text weighed for its distinctive words. Lucene's more-like-this parses the first 5,000
 * tokens of a document (about 30,000 characters of prose); past this, an even sample of the chunks stands for the
 * whole, so a 300-chunk note costs what a long article does. Term counts scale with the sample, so the ranking of the
 * frequent words, the ones that make the query, holds; a note under it is read whole, as before.
 */
export const WORD_SAMPLE_CHARS = 32_000;

/**
 * `texts` when they fit in `budget` characters, else every k-th one from the first (k counted up from total ÷ budget
 * until the sample fits): spread over the whole note, and the same sample every time.
 */
export function sampleTexts<T extends { text: string }>(texts: readonly T[], budget = WORD_SAMPLE_CHARS): readonly T[] {
  let total = 0;
  for (const t of texts) total += t.text.length;
  if (total <= budget) return texts;
  for (let stride = Math.max(2, Math.ceil(total / budget)); ; stride++) {
    const picked = texts.filter((_, i) => i % stride === 0);
    if (picked.reduce((sum, t) => sum + t.text.length, 0) <= budget || picked.length <= 1) return picked;
  }
}
