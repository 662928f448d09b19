import type { Analyzer } from "../text/analyzer";
import type { Language } from "../text/language";
import type { FieldPostings } from "./field-postings";
import { LANGUAGE_MARKER } from "./field-terms";
import { stopTermsOfLanguage } from "./stop-term-table";

/**
 * A set of the index's languages, by their ordinal in its language list: entry `i` is 1 when language `i` belongs.
 * Entry `UNKNOWN_LANGUAGE` is always 1, so a chunk whose language is not known is never filtered out.
 */
export type LanguageMask = Uint8Array;

/** Ordinal of a chunk with no language marker (an index saved before markers existed). */
export const UNKNOWN_LANGUAGE = 255;
/** Most languages a mask can tell apart; an index holding more leaves terms of the others unrestricted. */
export const MAX_MASKED_LANGUAGES = UNKNOWN_LANGUAGE;

/** A mask holding the ordinals for which `holds` is true (and the unknown language). */
export function maskOf(count: number, holds: (ordinal: number) => boolean): LanguageMask {
  const mask = new Uint8Array(UNKNOWN_LANGUAGE + 1);
  for (let i = 0; i < Math.min(count, MAX_MASKED_LANGUAGES); i++) mask[i] = holds(i) ? 1 : 0;
  for (let i = Math.min(count, MAX_MASKED_LANGUAGES); i <= UNKNOWN_LANGUAGE; i++) mask[i] = 1;
  return mask;
}

/**
 * Each chunk's language by Orama internal id, as an ordinal into `languages`, read from the language markers of
 * `field` (see field-terms.ts). Chunks without one get `UNKNOWN_LANGUAGE`.
 */
export function chunkLanguageOrdinals(field: FieldPostings | undefined, languages: readonly Language[], size: number): Uint8Array {
  const out = new Uint8Array(size + 1).fill(UNKNOWN_LANGUAGE);
  languages.forEach((lang, ordinal) => {
    const list = ordinal < MAX_MASKED_LANGUAGES ? field?.postings(LANGUAGE_MARKER + lang.code) : undefined;
    if (!list) return;
    // Read once: the first search after a load runs this over every chunk before anything is optimized.
    const [ids, n] = [list.ids, list.length];
    for (let k = 0; k < n; k++) {
      const id = ids[k] ?? 0;
      if (id < out.length) out[id] = ordinal;
    }
  });
  return out;
}

/** Chunks holding `term` in `postings` whose language is in `mask`. */
export function maskedDocumentFrequency(postings: FieldPostings, term: string, mask: LanguageMask, chunkLanguages: Uint8Array): number {
  const list = postings.postings(term);
  if (!list) return 0;
  let df = 0;
  for (let k = 0; k < list.length; k++) {
    if (mask[chunkLanguages[list.ids[k] ?? 0] ?? UNKNOWN_LANGUAGE] !== 0) df++;
  }
  return df;
}

/**
 * The index term of each stop word of each language, with the languages it is a stop word in (1 in the mask). A
 * query word is matched by its stems in every language the index holds, which also finds forms one stemmer misses
 * and another conflates; but a stem that is a function word in a chunk's language is no evidence there: the Swedish
 * stem "van" of "vanligaste" must not match the Dutch "van" (of) in every Dutch note.
 */
export function stopTerms(analyzer: Analyzer, languages: readonly Language[]): Map<string, LanguageMask> {
  const byTerm = new Map<string, Set<number>>();
  languages.forEach((lang, ordinal) => {
    if (ordinal >= MAX_MASKED_LANGUAGES) return;
    for (const term of stopTermsOfLanguage(analyzer, lang)) {
      if (term === "") continue;
      const set = byTerm.get(term) ?? new Set<number>();
      set.add(ordinal);
      byTerm.set(term, set);
    }
  });
  const out = new Map<string, LanguageMask>();
  for (const [term, set] of byTerm) out.set(term, maskOf(languages.length, (i) => set.has(i)));
  return out;
}
