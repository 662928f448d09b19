import { stemmer as danish } from "@orama/stemmers/danish";
import { stemmer as dutch } from "@orama/stemmers/dutch";
import { stemmer as finnish } from "@orama/stemmers/finnish";
import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as hungarian } from "@orama/stemmers/hungarian";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as norwegian } from "@orama/stemmers/norwegian";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as romanian } from "@orama/stemmers/romanian";
import { stemmer as russian } from "@orama/stemmers/russian";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { stemmer as swedish } from "@orama/stemmers/swedish";
import { stemmer as turkish } from "@orama/stemmers/turkish";
import { stopwords as daStop } from "@orama/stopwords/danish";
import { stopwords as deStop } from "@orama/stopwords/german";
import { stopwords as esStop } from "@orama/stopwords/spanish";
import { stopwords as fiStop } from "@orama/stopwords/finnish";
import { stopwords as frStop } from "@orama/stopwords/french";
import { stopwords as huStop } from "@orama/stopwords/hungarian";
import { stopwords as itStop } from "@orama/stopwords/italian";
import { stopwords as nlStop } from "@orama/stopwords/dutch";
import { stopwords as noStop } from "@orama/stopwords/norwegian";
import { stopwords as ptStop } from "@orama/stopwords/portuguese";
import { stopwords as roStop } from "@orama/stopwords/romanian";
import { stopwords as ruStop } from "@orama/stopwords/russian";
import { stopwords as svStop } from "@orama/stopwords/swedish";
import { stopwords as trStop } from "@orama/stopwords/turkish";
import { stopwords as enStop } from "@orama/stopwords/english";
import { tokenizer as oramaTokenizer } from "@orama/orama/components";
import { ENGLISH_STOP_WORDS } from "./stop-words";

/** The alphabet a language is written in; detection only weighs languages of the chunk's script. */
export type Script = "latin" | "cyrillic";

/** One language the analyzer stems: ISO 639-1 code, Snowball stemmer and stop words. */
export interface Language {
  code: string;
  script: Script;
  /** Snowball stem of a lower-case word (accents as written). */
  stem: (word: string) => string;
  /** Stop words, lower-case and accent-folded like index terms. */
  stopWords: ReadonlySet<string>;
  /** Function words that tell the language apart (Snowball's full list; for English longer than `stopWords`). */
  cues: ReadonlySet<string>;
}

const porter = oramaTokenizer.createTokenizer({ language: "english", stemming: true }).stemmer ?? ((w: string) => w);

/** The word with its combining marks removed ("café" → "cafe"); for alphabets whose marks are accents. */
export function foldAccents(word: string): string {
  return /[^\p{ASCII}]/u.test(word) ? word.normalize("NFKD").replace(/\p{M}+/gu, "").normalize("NFC") : word;
}

const folded = (words: readonly string[]): ReadonlySet<string> => new Set(words.map((w) => foldAccents(w.toLowerCase())));

/**
 * The Snowball languages (English keeps Lucene's short stop list and Orama's Porter stemmer, as before). Stop lists
 * are Snowball's, from @orama/stopwords.
 */
export const LANGUAGES: readonly Language[] = [
  { code: "en", script: "latin", stem: porter, stopWords: ENGLISH_STOP_WORDS, cues: folded(enStop) },
  { code: "da", script: "latin", stem: danish, stopWords: folded(daStop), cues: folded(daStop) },
  { code: "de", script: "latin", stem: german, stopWords: folded(deStop), cues: folded(deStop) },
  { code: "es", script: "latin", stem: spanish, stopWords: folded(esStop), cues: folded(esStop) },
  { code: "fi", script: "latin", stem: finnish, stopWords: folded(fiStop), cues: folded(fiStop) },
  { code: "fr", script: "latin", stem: french, stopWords: folded(frStop), cues: folded(frStop) },
  { code: "hu", script: "latin", stem: hungarian, stopWords: folded(huStop), cues: folded(huStop) },
  { code: "it", script: "latin", stem: italian, stopWords: folded(itStop), cues: folded(itStop) },
  { code: "nl", script: "latin", stem: dutch, stopWords: folded(nlStop), cues: folded(nlStop) },
  { code: "no", script: "latin", stem: norwegian, stopWords: folded(noStop), cues: folded(noStop) },
  { code: "pt", script: "latin", stem: portuguese, stopWords: folded(ptStop), cues: folded(ptStop) },
  { code: "ro", script: "latin", stem: romanian, stopWords: folded(roStop), cues: folded(roStop) },
  { code: "sv", script: "latin", stem: swedish, stopWords: folded(svStop), cues: folded(svStop) },
  { code: "tr", script: "latin", stem: turkish, stopWords: folded(trStop), cues: folded(trStop) },
  { code: "ru", script: "cyrillic", stem: russian, stopWords: folded(ruStop), cues: folded(ruStop) },
];

const BY_CODE = new Map(LANGUAGES.map((l) => [l.code, l]));
/** Frontmatter may say "nb", "nn" or "en-GB": map the common variants onto our codes. */
const ALIASES: Record<string, string> = { nb: "no", nn: "no", dk: "da", se: "sv", swe: "sv", ger: "de", deu: "de" };

/** The language for a code such as "de", "de-AT", "nb" or "english"; undefined when we have no stemmer for it. */
export function languageOf(code: string | undefined): Language | undefined {
  if (!code) return undefined;
  const lower = code.trim().toLowerCase();
  const base = lower.split(/[-_]/)[0] ?? "";
  const byName = LANGUAGES.find((l) => LANGUAGE_NAMES[l.code]?.toLowerCase() === lower);
  return BY_CODE.get(ALIASES[base] ?? base) ?? byName;
}

/** English names of the languages, as the settings list them. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: "English", da: "Danish", de: "German", es: "Spanish", fi: "Finnish", fr: "French", hu: "Hungarian",
  it: "Italian", nl: "Dutch", no: "Norwegian", pt: "Portuguese", ro: "Romanian", sv: "Swedish", tr: "Turkish",
  ru: "Russian",
};


export const ENGLISH = BY_CODE.get("en") as Language;
