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

/**
 * Latin letters that Unicode does not decompose into a base letter and an accent, written as people write them on a
 * keyboard without them: Polish "łatka" as "latka", Danish "smørrebrød" as "smorrebrod", German "Straße" as
 * "strasse", Turkish "kapı" as "kapi", Vietnamese "đường" as "duong".
 */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ł: "l", Ł: "L", ø: "o", Ø: "O", đ: "d", Đ: "D", ħ: "h", Ħ: "H", ı: "i", ß: "ss", æ: "ae", Æ: "AE", œ: "oe", Œ: "OE",
  þ: "th", Þ: "TH", ð: "d", Ð: "D", ŀ: "l", Ŀ: "L",
};
const UNDECOMPOSED_LETTER = /[łŁøØđĐħĦıßæÆœŒþÞðÐŀĿ]/gu;

/**
 * The word with its accents removed ("café" → "cafe", "łódź" → "lodz"); for alphabets whose marks are accents.
 * Combining marks go, and so do the strokes and ligatures of `UNDECOMPOSED`.
 */
export function foldAccents(word: string): string {
  if (!/[^\p{ASCII}]/u.test(word)) return word;
  const bare = word.normalize("NFKD").replace(/\p{M}+/gu, "").normalize("NFC");
  return bare.replace(UNDECOMPOSED_LETTER, (ch) => UNDECOMPOSED[ch] ?? ch);
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
