/**
 * The alphabet a language is written in. Detection only weighs the languages of the text's main script, and a
 * script written in one language only (Greek, Tamil, Armenian) names its language by itself.
 */
export type Script = "latin" | "cyrillic" | "greek" | "arabic" | "hebrew" | "devanagari" | "tamil" | "armenian";

/** One language the analyzer stems: ISO 639-1 code, Snowball stemmer and stop words. */
export interface Language {
  code: string;
  /** Scripts the language is written in; the first is its usual one (Serbian is written in two). */
  scripts: readonly Script[];
  /** True when the script alone identifies the language (only Greek is written in Greek letters). Default false. */
  ownsScript?: boolean;
  /** Snowball stem of a lower-case word (accents as written, after `prepare`). */
  stem: (word: string) => string;
  /** Stop words, lower-case, in `cueForm`. */
  stopWords: ReadonlySet<string>;
  /** Function words that tell the language apart, in `cueForm` (Snowball's full list, plus `language-cues.ts`). */
  cues: ReadonlySet<string>;
  /**
   * Spelling normalisation before stop words and stemming, e.g. Greek final sigma, Arabic tatweel, or French and
   * Italian elision ("l'impasto" → "impasto"). Default: none.
   */
  prepare?: (word: string) => string;
}

/** The word with its combining marks removed ("café" → "cafe"); for alphabets whose marks are accents. */
export function foldAccents(word: string): string {
  return /[^\p{ASCII}]/u.test(word) ? word.normalize("NFKD").replace(/\p{M}+/gu, "").normalize("NFC") : word;
}

/**
 * Words of alphabets whose combining marks are accents or optional vowel points (Latin, Greek, Cyrillic; Arabic
 * harakat and Hebrew niqqud, which most text leaves out): folding them lets "café" find "cafe" and a vocalised word
 * its bare spelling. In Devanagari, Tamil or Thai the marks are vowels, and stay.
 */
export const FOLDABLE =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Armenian}\p{M}\p{N}]+$/u;

/** A word as stop-word lists and detection cues hold it: accent-folded where that is safe, Greek final σ. */
export function cueForm(word: string): string {
  const lower = word.toLowerCase().replace(/ς/gu, "σ");
  return FOLDABLE.test(lower) ? foldAccents(lower) : lower;
}

const SCRIPTS: readonly [Script, RegExp][] = [
  ["latin", /\p{Script=Latin}/u],
  ["cyrillic", /\p{Script=Cyrillic}/u],
  ["greek", /\p{Script=Greek}/u],
  ["arabic", /\p{Script=Arabic}/u],
  ["hebrew", /\p{Script=Hebrew}/u],
  ["devanagari", /\p{Script=Devanagari}/u],
  ["tamil", /\p{Script=Tamil}/u],
  ["armenian", /\p{Script=Armenian}/u],
];

/** The script of a word's first letter, or undefined for scripts no stemmed language uses (Han, Thai …). */
export function scriptOf(word: string): Script | undefined {
  const code = word.charCodeAt(0);
  // Most words of most vaults: skip the regular expressions.
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return "latin";
  const first = word.match(/\p{L}/u)?.[0];
  if (first === undefined) return undefined;
  for (const [script, re] of SCRIPTS) if (re.test(first)) return script;
  return undefined;
}
