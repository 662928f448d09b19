import { stemmer as arabic } from "@orama/stemmers/arabic";
import { stemmer as danish } from "@orama/stemmers/danish";
import { stemmer as dutch } from "@orama/stemmers/dutch";
import { stemmer as finnish } from "@orama/stemmers/finnish";
import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as greek } from "@orama/stemmers/greek";
import { stemmer as hindi } from "@orama/stemmers/indian";
import { stemmer as hungarian } from "@orama/stemmers/hungarian";
import { stemmer as indonesian } from "@orama/stemmers/indonesian";
import { stemmer as irish } from "@orama/stemmers/irish";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as lithuanian } from "@orama/stemmers/lithuanian";
import { stemmer as nepali } from "@orama/stemmers/nepali";
import { stemmer as norwegian } from "@orama/stemmers/norwegian";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as romanian } from "@orama/stemmers/romanian";
import { stemmer as russian } from "@orama/stemmers/russian";
import { stemmer as serbian } from "@orama/stemmers/serbian";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { stemmer as swedish } from "@orama/stemmers/swedish";
import { stemmer as tamil } from "@orama/stemmers/tamil";
import { stemmer as turkish } from "@orama/stemmers/turkish";
import { stemmer as ukrainian } from "@orama/stemmers/ukrainian";
import { stopwords as arStop } from "@orama/stopwords/arabic";
import { stopwords as bgStop } from "@orama/stopwords/bulgarian";
import { stopwords as daStop } from "@orama/stopwords/danish";
import { stopwords as deStop } from "@orama/stopwords/german";
import { stopwords as elStop } from "@orama/stopwords/greek";
import { stopwords as enStop } from "@orama/stopwords/english";
import { stopwords as esStop } from "@orama/stopwords/spanish";
import { stopwords as fiStop } from "@orama/stopwords/finnish";
import { stopwords as frStop } from "@orama/stopwords/french";
import { stopwords as gaStop } from "@orama/stopwords/irish";
import { stopwords as hiStop } from "@orama/stopwords/indian";
import { stopwords as huStop } from "@orama/stopwords/hungarian";
import { stopwords as idStop } from "@orama/stopwords/indonesian";
import { stopwords as itStop } from "@orama/stopwords/italian";
import { stopwords as ltStop } from "@orama/stopwords/lithuanian";
import { stopwords as neStop } from "@orama/stopwords/nepali";
import { stopwords as nlStop } from "@orama/stopwords/dutch";
import { stopwords as noStop } from "@orama/stopwords/norwegian";
import { stopwords as ptStop } from "@orama/stopwords/portuguese";
import { stopwords as roStop } from "@orama/stopwords/romanian";
import { stopwords as ruStop } from "@orama/stopwords/russian";
import { stopwords as srStop } from "@orama/stopwords/serbian";
import { stopwords as svStop } from "@orama/stopwords/swedish";
import { stopwords as taStop } from "@orama/stopwords/tamil";
import { stopwords as trStop } from "@orama/stopwords/turkish";
import { stopwords as ukStop } from "@orama/stopwords/ukrainian";
import { tokenizer as oramaTokenizer } from "@orama/orama/components";
import { cueForm, type Language, type Script } from "./language";
import { elision, EXTRA_CUES, LETTER_CUES, NOT_CUES, LITHUANIAN_FIXES, SERBIAN_FIXES, toSerbianCyrillic, TURKISH_FIXES, UKRAINIAN_FIXES } from "./language-cues";
import { bulgarianStem } from "./bulgarian-stem";
import { shieldedStemmer } from "./foreign-code";

/**
 * English stop words: Lucene's classic list. Kept short on purpose: a longer list removes words such as "not" and
 * "against" that carry meaning in notes and claims, and BM25's idf already discounts frequent words.
 */
const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not", "of",
  "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "will", "with",
]);

const porter = shieldedStemmer("en", oramaTokenizer.createTokenizer({ language: "english", stemming: true }).stemmer ?? ((w: string) => w));

const set = (words: Iterable<string>): ReadonlySet<string> => new Set([...words].map(cueForm));

/** Some of @orama/stopwords' lists were saved in a legacy code page; `fixes` maps each misread letter back. */
const repaired = (words: readonly string[], fixes: Readonly<Record<string, string>>): string[] =>
  words.map((w) => [...w].map((ch) => fixes[ch] ?? ch).join(""));

/**
 * Hungarian Snowball stems a noun's plural with its final vowel ("gombák" → "gomba") and its other forms without
 * ("gombát", "gombával" → "gomb"); dropping that vowel everywhere makes the forms meet.
 */
const hungarianStem = (word: string): string => {
  const stem = hungarian(word);
  return stem.length > 3 && /[aeáé]$/u.test(stem) ? stem.slice(0, -1) : stem;
};

/**
 * Dutch doubles a consonant after a short vowel before an ending ("jas", "jassen"); Snowball's Dutch stemmer only
 * undoes that for k, d and t, so "winterjassen" kept "winterjass". Dutch words do not end in a doubled consonant.
 */
const dutchStem = (word: string): string => {
  const stem = dutch(word);
  return /([bcdfghjklmnpqrstvwxz])\1$/u.test(stem) ? stem.slice(0, -1) : stem;
};

function language(
  code: string,
  scripts: readonly Script[],
  stem: (w: string) => string,
  stop: readonly string[],
  extra: Partial<Pick<Language, "ownsScript" | "prepare">> = {},
): Language {
  const stopWords = set(stop);
  const cues = new Set([...set([...stopWords, ...(EXTRA_CUES[code] ?? [])]), ...(LETTER_CUES[code] ?? [])]);
  for (const word of NOT_CUES[code] ?? []) cues.delete(word);
  // Every stemmer is foreign code: one that throws on a word leaves that word unstemmed, never a note unindexed.
  return { code, scripts, stem: shieldedStemmer(code, stem), stopWords, cues, ...extra };
}

const srLatin = repaired(srStop, SERBIAN_FIXES);

/**
 * The Snowball languages that @orama/stemmers and @orama/stopwords both ship (English keeps Lucene's short stop list
 * and Orama's Porter stemmer, as before; its cues are Snowball's long list). Left out: Armenian (its stemmer leaves
 * most plurals as they are) and Sanskrit (its stop words are romanised, its stemmer reads Devanagari).
 */
export const SNOWBALL_LANGUAGES: readonly Language[] = [
  { code: "en", scripts: ["latin"], stem: porter, stopWords: ENGLISH_STOP_WORDS, cues: set(enStop) },
  language("da", ["latin"], danish, daStop),
  language("de", ["latin"], german, deStop),
  language("es", ["latin"], spanish, esStop),
  language("fi", ["latin"], finnish, fiStop),
  language("fr", ["latin"], french, frStop, { prepare: elision("fr") }),
  language("ga", ["latin"], irish, gaStop),
  language("hu", ["latin"], hungarianStem, huStop),
  language("id", ["latin"], indonesian, idStop),
  language("it", ["latin"], italian, itStop, { prepare: elision("it") }),
  language("lt", ["latin"], lithuanian, repaired(ltStop, LITHUANIAN_FIXES)),
  language("nl", ["latin"], dutchStem, nlStop),
  language("no", ["latin"], norwegian, noStop),
  language("pt", ["latin"], portuguese, ptStop),
  language("ro", ["latin"], romanian, roStop),
  language("sr", ["latin", "cyrillic"], serbian, [...srLatin, ...srLatin.map(toSerbianCyrillic)]),
  language("sv", ["latin"], swedish, svStop),
  language("tr", ["latin"], turkish, repaired(trStop, TURKISH_FIXES)),
  language("ru", ["cyrillic"], russian, ruStop),
  language("uk", ["cyrillic"], ukrainian, repaired(ukStop, UKRAINIAN_FIXES)),
  language("bg", ["cyrillic"], bulgarianStem, bgStop),
  language("el", ["greek"], greek, elStop, { ownsScript: true, prepare: (w) => w.replace(/ς/gu, "σ") }),
  // Harakat (short vowels, shadda, sukun) are optional in Arabic writing, and tatweel only stretches a line.
  language("ar", ["arabic"], arabic, arStop, { prepare: (w) => w.replace(/[\p{Mn}\u0640]/gu, "") }),
  language("hi", ["devanagari"], hindi, hiStop),
  language("ne", ["devanagari"], nepali, neStop),
  language("ta", ["tamil"], tamil, taStop, { ownsScript: true }),
];
