import { LANGUAGES, type Language } from "./languages";

const CYRILLIC = /\p{Script=Cyrillic}/u;
/** Fewer function-word hits than this is no evidence: a heading or a list of names says nothing about its language. */
const MIN_HITS = 3;
/**
 * How much more evidence another language needs than the fallback: a chunk of English prose holds a few words that
 * are also Italian or Dutch function words ("in", "die", "me"), and misjudging it costs more than missing a language
 * (a misjudged chunk keeps stop words the rest of the index drops, and those then match queries as rare terms).
 */
const MARGIN = 1.5;

/**
 * The language of a piece of text from its function words: the language whose stop words occur most often among
 * `words` (lower-case, accent-folded, with counts), counted over the languages of the text's script. Function words
 * make up a third or more of running prose in every Snowball language, so a few sentences are enough, and no model
 * is needed. One-letter words ("a", "i", "y", "e") are left out: they are function words in half the languages.
 * Returns `fallback` when the text gives too little evidence, or not clearly more for another language.
 */
export function detectLanguage(words: Iterable<[string, number]>, fallback: Language): Language {
  const hits = new Map<Language, number>();
  let cyrillic = 0;
  let total = 0;
  for (const [word, n] of words) {
    if (word.length < 2) continue;
    total += n;
    if (CYRILLIC.test(word)) cyrillic += n;
    for (const lang of LANGUAGES) if (lang.cues.has(word)) hits.set(lang, (hits.get(lang) ?? 0) + n);
  }
  const script = cyrillic * 2 > total ? "cyrillic" : "latin";
  let best: Language | undefined;
  let bestHits = 0;
  let second = 0;
  for (const [lang, n] of hits) {
    if (lang.script !== script) continue;
    if (n > bestHits) [best, bestHits, second] = [lang, n, bestHits];
    else if (n > second) second = n;
  }
  if (!best || best === fallback || bestHits < MIN_HITS) return fallback;
  const fallbackHits = hits.get(fallback) ?? 0;
  return bestHits > second && bestHits >= MARGIN * fallbackHits ? best : fallback;
}
