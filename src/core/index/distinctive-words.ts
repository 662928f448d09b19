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
}

/** Shorter words are too often parts of names, units or markup to say what a note is about. */
const MIN_LETTERS = 3;

/**
 * The `count` words of `texts` with the highest tf × idf (idf = ln(N / df) over the index's chunks), one written form
 * per term, best first; ties by the term, so the same texts always give the same words. Stop words of each text's
 * language, words without a letter, words no other chunk holds (they can't find another note), words in more than
 * `maxShare` of the chunks (default 1: none) and `leaveOut` are skipped.
 */
export function distinctiveWords(
  texts: readonly { text: string; lang: Language }[],
  stats: WordStatistics,
  count: number,
  leaveOut?: ReadonlySet<string>,
  maxShare = 1,
): string[] {
  const tf = new Map<string, { n: number; word: string }>();
  const own = new Map<string, number>();
  for (const { text, lang } of texts) {
    const seen = new Set<string>();
    for (const [word, n] of stats.analyzer.words(text)) {
      if ([...word].length < MIN_LETTERS || !/\p{L}/u.test(word) || leaveOut?.has(word)) continue;
      if (lang.stopWords.has(foldAccents(word))) continue;
      const term = stats.analyzer.normalize(word, lang);
      if (term === "") continue;
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
    if (df <= (own.get(term) ?? 0) || df > maxShare * stats.documents) continue;
    scored.push({ word, term, w: n * Math.log(Math.max(1, stats.documents) / Math.max(1, df)) });
  }
  scored.sort((a, b) => b.w - a.w || (a.term < b.term ? -1 : 1));
  return scored.slice(0, Math.max(0, count)).map((s) => s.word);
}
