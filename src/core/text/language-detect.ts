import { LANGUAGES, scriptOf, type Language, type Script } from "./languages";

/** Fewer function-word hits than this is no evidence: a heading or a list of names says nothing about its language. */
const MIN_HITS = 3;
/** Words of a script that only one language writes (Greek, Tamil) that name that language without function words. */
const MIN_SCRIPT_WORDS = 2;
/**
 * How much more evidence another language needs than the fallback: a chunk of English prose holds a few words that
 * are also Italian or Dutch function words ("in", "die", "me"), and misjudging it costs more than missing a language
 * (a misjudged chunk keeps stop words the rest of the index drops, and those then match queries as rare terms).
 */
const MARGIN = 1.5;

/** A one-letter word that can be a cue: one with a mark (see LETTER_CUES). */
const LETTER = /^[^\p{ASCII}]$/u;

/** For each cue word, the languages that list it. */
const OWNERS = new Map<string, Language[]>();
for (const lang of LANGUAGES) for (const cue of lang.cues) OWNERS.set(cue, [...(OWNERS.get(cue) ?? []), lang]);

interface Evidence {
  /** Function-word occurrences per language. */
  hits: Map<Language, number>;
  /** The same, each occurrence shared among the languages listing the word: only distinctive words count fully. */
  weight: Map<Language, number>;
  /** Words per script. */
  scripts: Map<Script, number>;
}

function gather(words: Iterable<[string, number]>): Evidence {
  const e: Evidence = { hits: new Map(), weight: new Map(), scripts: new Map() };
  for (const [word, n] of words) {
    if (word.length < 2 && !LETTER.test(word)) continue;
    const script = scriptOf(word);
    if (script) e.scripts.set(script, (e.scripts.get(script) ?? 0) + n);
    const owners = OWNERS.get(word);
    if (!owners) continue;
    for (const lang of owners) {
      e.hits.set(lang, (e.hits.get(lang) ?? 0) + n);
      e.weight.set(lang, (e.weight.get(lang) ?? 0) + n / owners.length);
    }
  }
  return e;
}

/** The script most words are written in (Latin when there are none). */
function mainScript(scripts: Map<Script, number>): Script {
  let best: Script = "latin";
  let most = 0;
  for (const [script, n] of scripts) if (n > most) [best, most] = [script, n];
  return best;
}

/**
 * The language of a piece of text from its function words: among the languages written in the text's main script,
 * the one whose function words (`words`: lower-case, in `cueForm`, with counts) weigh most. A word that several
 * languages list is shared among them, so close languages (Danish, Norwegian, Swedish) are told apart by the words
 * only one of them uses; a tie goes to the language with more hits. Function words make up a third or more of
 * running prose in every Snowball language, so a few sentences are enough, and no model is needed. One-letter words
 * ("a", "i", "y", "e") are left out: they are function words in half the languages. A script that only one language
 * writes (Greek, Tamil) names it outright. Returns `fallback` when the text gives not clearly more evidence for
 * another language, and undefined when it gives too little to judge at all (a title, a list of names).
 */
export function judgeLanguage(words: Iterable<[string, number]>, fallback: Language): Language | undefined {
  const e = gather(words);
  const script = mainScript(e.scripts);
  const candidates = LANGUAGES.filter((l) => l.scripts.includes(script));
  const only = candidates.length === 1 ? candidates[0] : undefined;
  if (only?.ownsScript && (e.scripts.get(script) ?? 0) >= MIN_SCRIPT_WORDS) return only;
  const ranked = candidates
    .filter((l) => (e.hits.get(l) ?? 0) > 0)
    .sort((a, b) => (e.weight.get(b) ?? 0) - (e.weight.get(a) ?? 0) || (e.hits.get(b) ?? 0) - (e.hits.get(a) ?? 0));
  const best = ranked[0];
  if (!best || (e.hits.get(best) ?? 0) < MIN_HITS) return undefined;
  if (best === fallback) return fallback;
  const second = ranked[1];
  const tied = second !== undefined && e.weight.get(second) === e.weight.get(best) && e.hits.get(second) === e.hits.get(best);
  if (tied && second === fallback) return fallback;
  return (e.weight.get(best) ?? 0) >= MARGIN * (e.weight.get(fallback) ?? 0) ? best : fallback;
}

/** `judgeLanguage`, with `fallback` also when the text says too little. */
export function detectLanguage(words: Iterable<[string, number]>, fallback: Language): Language {
  return judgeLanguage(words, fallback) ?? fallback;
}
