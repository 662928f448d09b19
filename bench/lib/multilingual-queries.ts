import type { AuthoredQuery, Corpus } from "./multilingual-corpus";
import { bag, fragment, functionWords, inflectedEnglish, phrase, typoBag, typoWord, type Rule } from "./multilingual-rules";
import { norm, rng, shuffle, UNSPACED } from "./multilingual-text";

export const QUERY_TYPES = ["phrase", "function-words", "bag", "inflected", "fragment", "typo", "typo-word"] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** A known-item query: a hit when `target` is among the first ten notes. */
export interface BenchQuery {
  lang: string;
  type: QueryType;
  q: string;
  target: string;
}

/** How many queries the rules draw. */
export interface DrawLimits {
  seed: string;
  /**
   * Accepted queries per note and type; 0 picks enough for about 60 per language and type (2 to 6 per note), so a
   * language with 15 notes is not judged on a handful of queries.
   */
  perNote: number;
  /** Queries per language and type, drawn at random from all accepted ones. */
  perCell: number;
}

/** Tries per note and type before the rule gives up on that note. */
const ATTEMPTS = 24;

const RULES: Record<Exclude<QueryType, "inflected">, Rule> = {
  phrase,
  "function-words": functionWords,
  bag,
  fragment,
  typo: typoBag,
  "typo-word": typoWord,
};

/** Languages written without spaces between words: fragments apply, typos (of single letters) don't. */
const UNSPACED_LANGS: ReadonlySet<string> = new Set(["zh", "ja", "th", "km", "lo", "my"]);

/** Does a rule apply to a language at all (fragments only for unspaced scripts, typos only for alphabets, …)? */
export function applies(type: QueryType, lang: string): boolean {
  if (type === "fragment") return UNSPACED_LANGS.has(lang);
  // ICU cuts Japanese verbs into stem and ending pieces, so "function words" there are bits of verbs, not words.
  if (type === "function-words") return lang !== "ja";
  if (type === "typo" || type === "typo-word") return !UNSPACED_LANGS.has(lang);
  return true;
}

/** Draws every rule's queries for the notes of `lang` in a corpus (inflections: see `authored`). */
export function drawQueries(c: Corpus, lang: string, limits: DrawLimits): BenchQuery[] {
  const notes = c.notes.filter((n) => n.lang === lang);
  const perNote = limits.perNote > 0 ? limits.perNote : Math.min(6, Math.max(2, Math.ceil(60 / Math.max(1, notes.length))));
  const out: BenchQuery[] = [];
  for (const type of QUERY_TYPES) {
    if (!applies(type, lang)) continue;
    const rule = type === "inflected" ? (lang === "en" ? inflectedEnglish : undefined) : RULES[type];
    if (!rule) continue;
    const cell: BenchQuery[] = [];
    for (const n of notes) {
      const seen = new Set<string>();
      for (let a = 0; a < ATTEMPTS && seen.size < perNote; a++) {
        const q = rule(n, c, rng(`${limits.seed}|${type}|${n.path}|${a}`));
        if (q !== undefined && !seen.has(q)) seen.add(q);
      }
      for (const q of seen) cell.push({ lang, type, q, target: n.path });
    }
    out.push(...shuffle(rng(`${limits.seed}|cap|${lang}|${type}`), cell).slice(0, limits.perCell));
  }
  return out;
}

/**
 * Hand-written inflection queries of a fixture language, checked against the notes they name: a query word that the
 * note itself contains as it is (case-folded; in unspaced scripts, a space-separated query part found anywhere in
 * the note) would not test inflection, so it stops the run.
 */
export function authored(c: Corpus, lang: string, list: readonly AuthoredQuery[]): BenchQuery[] {
  const problems: string[] = [];
  for (const a of list) {
    const note = c.notes.find((n) => n.path === `${lang}/${a.note}`);
    if (!note) {
      problems.push(`names a missing note: ${a.note}`);
      continue;
    }
    const same = a.q
      .split(/\s+/)
      .filter((part) => (UNSPACED.test(part) ? note.normPlain.includes(norm(part)) : note.counts.has(part.toLocaleLowerCase())));
    if (same.length > 0) problems.push(`"${a.q}" uses words of ${a.note} as they are: ${same.join(", ")}`);
  }
  if (problems.length > 0) throw new Error(`inflected.json of ${lang}:\n${problems.join("\n")}`);
  return list.map((a) => ({ lang, type: "inflected" as const, q: a.q, target: `${lang}/${a.note}` }));
}
