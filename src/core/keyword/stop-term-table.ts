import type { Analyzer } from "../text/analyzer";
import type { Language } from "../text/language";
import { STOP_TERMS_DATA } from "./stop-terms-data";

/**
 * The index terms of one language's stop words, as `analyzer` makes them (stemmed in that language, stop words
 * kept): what `stopTerms` needs of each language of the index. Stemming all of them took 0.4–0.45 s (some
 * stemmers are slow, e.g. Turkish, Serbian, Arabic at 40 ms each), on the first search after every start. The
 * analyzer every index uses (stemming, stop words kept) is answered from a table made once by
 * `npm run build:stop-terms` (stop-terms-data.ts; a test fails when it no longer matches the analyzer); any other
 * analyzer, or a language the table lacks, is worked out here.
 */
export function stopTermsOfLanguage(analyzer: Analyzer, lang: Language): readonly string[] {
  const saved = analyzer.options.stemming && !analyzer.options.stopWords ? tableOf(lang.code) : undefined;
  return saved ?? computeStopTerms(analyzer, lang);
}

/** `stopTermsOfLanguage` without the table: each stop word of `lang` normalised, in the order of its list. */
export function computeStopTerms(analyzer: Analyzer, lang: Language): string[] {
  const out: string[] = [];
  for (const word of lang.stopWords) out.push(analyzer.normalize(word, lang));
  return out;
}

const parsed = new Map<string, readonly string[]>();

function tableOf(code: string): readonly string[] | undefined {
  let terms = parsed.get(code);
  const raw = STOP_TERMS_DATA[code];
  if (terms === undefined && raw !== undefined) {
    terms = raw === "" ? [] : raw.split("\n");
    parsed.set(code, terms);
  }
  return terms;
}
