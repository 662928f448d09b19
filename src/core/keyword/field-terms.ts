import type { Analyzer, TermCounts } from "../text/analyzer";
import { bigramCounts } from "../text/bigrams";
import { ENGLISH, languageOf } from "../text/languages";

/** The field of character pairs of unspaced scripts and Hangul (see bigrams.ts). */
export const GRAM_FIELD = "grams";
/** The field whose postings also record each chunk's language, as a marker term. */
export const LANGUAGE_FIELD = "text";
/**
 * Marker terms start with a character no analysed word can contain, so no query ever matches one; `\u0000de` in the
 * text field lists the chunks analysed as German. Kept in the postings, the language is saved and restored with them.
 */
export const LANGUAGE_MARKER = "\u0000";

/**
 * A field's terms and counts, analysed in the language with code `language` (English when unknown): character pairs
 * for the gram field, words otherwise, plus the language marker in the text field (not counted in its length).
 */
export function fieldTermCounts(analyzer: Analyzer, raw: string, language: string | undefined, prop: string | undefined): TermCounts {
  if (prop === GRAM_FIELD) {
    const counts = bigramCounts(raw.toLowerCase());
    let length = 0;
    for (const n of counts.values()) length += n;
    return { counts, length };
  }
  const lang = languageOf(language) ?? ENGLISH;
  const counted = analyzer.termCounts(raw, lang);
  if (prop === LANGUAGE_FIELD) counted.counts.set(LANGUAGE_MARKER + lang.code, 1);
  return counted;
}
