import type { Language } from "./language";
import { SNOWBALL_LANGUAGES } from "./snowball-languages";

export { cueForm, foldAccents, scriptOf, type Language, type Script } from "./language";

/** Every language the analyzer stems, English first. */
export const LANGUAGES: readonly Language[] = SNOWBALL_LANGUAGES;

const BY_CODE = new Map(LANGUAGES.map((l) => [l.code, l]));
/** Frontmatter may say "nb", "nn", "gr" or "en-GB": map the common variants onto our codes. */
const ALIASES: Record<string, string> = {
  nb: "no", nn: "no", dk: "da", se: "sv", swe: "sv", ger: "de", deu: "de", gr: "el", ell: "el", ua: "uk", ukr: "uk",
  srp: "sr", ara: "ar", hin: "hi", ind: "id", in: "id", gle: "ga", lit: "lt", nep: "ne", tam: "ta", bul: "bg",
};

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
  en: "English", da: "Danish", de: "German", es: "Spanish", fi: "Finnish", fr: "French", ga: "Irish",
  hu: "Hungarian", id: "Indonesian", it: "Italian", lt: "Lithuanian", nl: "Dutch", no: "Norwegian",
  pt: "Portuguese", ro: "Romanian", sr: "Serbian", sv: "Swedish", tr: "Turkish", ru: "Russian", uk: "Ukrainian",
  bg: "Bulgarian", el: "Greek", ar: "Arabic", hi: "Hindi", ne: "Nepali", ta: "Tamil",
};

export const ENGLISH = BY_CODE.get("en") as Language;
