/**
 * Detection cues that Snowball's stop lists lack, and repairs of the lists @orama/stopwords ships. Danish and
 * Norwegian share most function words, but Norwegian's list is twice as long (it holds Nynorsk too) and lists many
 * words Danish uses just as much ("så", "kan", "bare", "hver"): without these additions, Danish prose looked more
 * Norwegian than Danish. Each language also gets the everyday words only it spells that way ("meget" / "mye").
 */
export const EXTRA_CUES: Readonly<Record<string, readonly string[]>> = {
  da: [
    "så", "kan", "ved", "kom", "kun", "ja", "hver", "bare", "fordi", "før", "begge", "siden", "ingen", "samme",
    "hvorfor", "hvordan", "hvilken", "hvilke", "hvem", "meget", "lidt", "igen", "tilbage", "mellem", "uden", "gennem",
    "endnu", "nogen", "andet", "fik", "gik", "sagde", "havde", "blevet", "kunne", "skulle", "ville", "også",
  ],
  no: ["litt", "igjen", "tilbake", "mye", "gjennom", "ennå", "annet", "annen", "fikk", "gikk", "kunne", "skulle", "ville", "også"],
  // Finnish prose holds few of the pronoun and verb forms Snowball lists; its everyday adverbs and postpositions tell.
  fi: [
    "ennen", "jälkeen", "vain", "lähes", "myös", "paljon", "vielä", "aina", "jo", "sitten", "taas", "ehkä", "kautta",
    "takia", "aikana", "välillä", "hyvin", "heti", "tänään", "eilen", "huomenna", "täällä", "siellä", "kaikki", "mitään",
  ],
  // Spanish's list is two and a half times Portuguese's and holds many words both languages write alike.
  pt: [
    "algo", "antes", "apenas", "aqui", "bastante", "cada", "cerca", "cinco", "claro", "contra", "dentro", "desde",
    "durante", "final", "igual", "junto", "lado", "lugar", "menos", "modo", "momento", "nada", "parte", "sobre",
    "tarde", "toda", "todas", "todo", "todos", "total", "três", "seis", "usar", "vez", "ver", "não", "você",
    "também", "muito", "isso", "isto", "mesmo", "agora", "ainda", "depois", "sempre", "nunca", "então", "porque",
    "pelo", "pela", "num", "numa", "nosso", "nossa", "meu", "minha", "ao", "aos", "foi", "são", "está", "tenho",
    "fazer", "fiz", "quando", "onde", "já", "só", "bem", "hoje", "ontem",
  ],
  uk: [
    "що", "як", "але", "його", "її", "вже", "ще", "був", "була", "було", "були", "бути", "мене", "мені", "який", "яка",
    "яке", "які", "цього", "після", "між", "також", "дуже", "щоб", "бо", "від", "під", "із", "зі", "або", "навіть",
    "тільки", "теж", "свій", "своє", "ця", "ці", "мій", "моя", "мої", "наш", "наша", "чому", "хто", "ми", "ви",
  ],
};

/**
 * Words of a Snowball list that are everyday English in notes ("link" is Lithuanian for "towards"): as cues they
 * made tables of English links look Lithuanian. They stay stop words of their language.
 */
export const NOT_CUES: Readonly<Record<string, readonly string[]>> = { lt: ["link", "save", "saves", "net"], sr: ["video"] };

/**
 * One-letter function words with a mark, kept unfolded as cues: one-letter words are otherwise no evidence ("a",
 * "i" and "y" are function words in half the languages), but Norwegian's infinitive "å" (Danish says "at") and
 * Italian's "è" tell a language at once.
 */
export const LETTER_CUES: Readonly<Record<string, readonly string[]>> = { no: ["å"], it: ["è"], fr: ["à"], pt: ["é", "à"] };

/** Lithuanian stop words as read from Windows-1257 bytes taken for Latin-1. */
export const LITHUANIAN_FIXES: Readonly<Record<string, string>> = {
  à: "ą", á: "į", æ: "ę", è: "č", ë: "ė", ð: "š", ø: "ų", û: "ū", þ: "ž",
};
/** Turkish stop words as read from Windows-1254 bytes taken for Latin-1. */
export const TURKISH_FIXES: Readonly<Record<string, string>> = { þ: "ş", ý: "ı", ð: "ğ" };
/** Serbian stop words as read from Windows-1250 bytes taken for Latin-1. */
export const SERBIAN_FIXES: Readonly<Record<string, string>> = { æ: "ć", è: "č", ð: "đ" };
/** Ukrainian stop words with letters lost to a DOS code page. */
export const UKRAINIAN_FIXES: Readonly<Record<string, string>> = { "╞": "ї", "╡": "і", "╙": "є" };

const SERBIAN_DIGRAPHS: Readonly<Record<string, string>> = { lj: "љ", nj: "њ", dž: "џ" };
const SERBIAN_LETTERS: Readonly<Record<string, string>> = {
  a: "а", b: "б", c: "ц", č: "ч", ć: "ћ", d: "д", đ: "ђ", e: "е", f: "ф", g: "г", h: "х", i: "и", j: "ј", k: "к",
  l: "л", m: "м", n: "н", o: "о", p: "п", r: "р", s: "с", š: "ш", t: "т", u: "у", v: "в", z: "з", ž: "ж",
};

/** A Serbian word in Latin letters spelt in Cyrillic ("šta" → "шта"): Serbian is written in both. */
export function toSerbianCyrillic(word: string): string {
  return word
    .replace(/lj|nj|dž/gu, (d) => SERBIAN_DIGRAPHS[d] ?? d)
    .replace(/\p{L}/gu, (ch) => SERBIAN_LETTERS[ch] ?? ch);
}

/** Articles, prepositions and pronouns that French and Italian elide before a vowel (Lucene's ElisionFilter sets). */
const ELIDED: Readonly<Record<string, readonly string[]>> = {
  fr: ["l", "m", "t", "qu", "n", "s", "j", "d", "c", "jusqu", "quoiqu", "lorsqu", "puisqu"],
  it: [
    "c", "l", "all", "dall", "dell", "nell", "sull", "coll", "pell", "gl", "agl", "dagl", "degl", "negl", "sugl", "un",
    "m", "t", "s", "v", "d", "quest", "quell", "nessun",
  ],
};

/** Drops an elided article or pronoun from the front of a word ("l'impasto", "dell’acqua" → "impasto", "acqua"). */
export function elision(code: string): (word: string) => string {
  const prefixes = new Set(ELIDED[code] ?? []);
  return (word) => {
    const cut = word.search(/['’]/u);
    return cut > 0 && cut < word.length - 1 && prefixes.has(word.slice(0, cut)) ? word.slice(cut + 1) : word;
  };
}
