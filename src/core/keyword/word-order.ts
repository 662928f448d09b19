import { UNSPACED_LETTER } from "../text/bigrams";
import { foldAccents } from "../text/languages";
import type { ScoredId } from "../index/index-types";
import { SHORT_QUERY_WORDS } from "./short-query";
import { asciiWordEnd, asciiWordStarts, isAlnum, LineWords } from "./chunk-words";

/** A short query's words in order, compared as notes' words are: lower case, accents folded, plain apostrophes. */
export interface OrderedWords {
  words: readonly string[];
  /** The last word is still being typed: a note's word that begins with it counts. */
  prefixLast: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu;
const NON_ASCII = /[^\p{ASCII}]/u;

function comparable(word: string): string {
  return NON_ASCII.test(word) ? foldAccents(word).replace(/’/g, "'") : word;
}

/**
 * The words of `text` when their order can tell notes apart: two to `SHORT_QUERY_WORDS` words (a phrase remembered
 * from the note; in a longer query the words are a description, and BM25 alone ranks it), none of an unspaced
 * script (their character pairs already keep the order). Undefined otherwise.
 */
export function orderedWords(text: string, prefixLast: boolean): OrderedWords | undefined {
  // A word of marks alone (the variation selector of "🗂️", a stray combining accent) folds to nothing, and an empty
  // word is in every line at every place: the search for it would never move on.
  const words = [...text.toLowerCase().matchAll(WORD)].map((m) => comparable(m[0])).filter((w) => w !== "");
  if (words.length < 2 || words.length > SHORT_QUERY_WORDS || words.some((w) => UNSPACED_LETTER.test(w))) return undefined;
  return { words, prefixLast };
}

/** Whether one line of `text` holds the words side by side, in order. */
export function holdsInOrder(text: string | LineWords, q: OrderedWords): boolean {
  const prepared = typeof text === "string" ? new LineWords(text) : text;
  // Most chunks lack one of the words outright: one substring test each rules them out before any tokenising.
  if (!q.words.every((w) => prepared.folded.includes(w))) return false;
  const n = q.words.length;
  const first = q.words[0] ?? "";
  const lines = prepared.allLines();
  for (let l = 0; l < lines.length; l++) {
    // Only lines with the first word (never the one being typed: there are two words at least) can hold the phrase.
    const line = lines[l] ?? "";
    if (!line.includes(first)) continue;
    if (prepared.ascii) {
      if (asciiHoldsInOrder(line, q)) return true;
      continue;
    }
    const words = prepared.wordsOf(l);
    for (let i = 0; i + n <= words.length; i++) {
      let k = 0;
      while (k < n && matches(words[i + k] ?? "", q.words[k] ?? "", q.prefixLast && k === n - 1)) k++;
      if (k === n) return true;
    }
  }
  return false;
}

/**
 * `holdsInOrder` for one ASCII line, without splitting it into words: from each place the first word begins a word,
 * the words that follow are read one by one. A line holds the first word a few times at most, so this reads a few
 * words where splitting read them all.
 */
function asciiHoldsInOrder(line: string, q: OrderedWords): boolean {
  const words = q.words;
  const n = words.length;
  const first = words[0] ?? "";
  if (first === "") return false;
  for (let at = line.indexOf(first); at >= 0; at = line.indexOf(first, at + 1)) {
    if (!asciiWordStarts(line, at)) continue;
    let start = at;
    let k = 0;
    for (; k < n; k++) {
      const typed = words[k] ?? "";
      const end = asciiWordEnd(line, start);
      const prefix = q.prefixLast && k === n - 1;
      if (!line.startsWith(typed, start) || (prefix ? end - start < typed.length : end - start !== typed.length)) break;
      if (k === n - 1) return true;
      start = end;
      while (start < line.length && !isAlnum(line.charCodeAt(start))) start++;
      if (start >= line.length) break;
    }
  }
  return false;
}

function matches(word: string, typed: string, prefix: boolean): boolean {
  return prefix ? word.startsWith(typed) : word === typed;
}

/**
 * Results re-ranked so that a note with a chunk holding the query's words side by side, in order, ranks above every
 * note that holds them only apart; its chunks stay together, and ties keep their BM25 order. BM25 has no notion of
 * order, so a short phrase of common words ("Ich habe einen") otherwise ranks its note among all those that use the
 * same words anywhere.
 */
export function preferInOrder(
  hits: readonly ScoredId[],
  q: OrderedWords,
  /** A chunk's headings and text, one per line, or those already prepared (see chunk-words.ts). */
  text: (id: string) => string | LineWords,
  /** The note of chunk `id`: any value that is the same for the chunks of one note and differs between notes. */
  noteOf: (id: string) => string | number,
  /** Chunks the keys before found without the words in order, when `q` can only be held where theirs were. */
  misses?: OrderMisses,
  /** What a held note's score is raised by: the best score of the list `hits` are part of (default: their own best). */
  top = hits[0]?.score ?? 0,
): ScoredId[] {
  const held = new Set<string | number>();
  // Each hit's note, looked up once: a key's few hundred lookups by chunk id were a tenth of word order's time.
  const notes = hits.map((hit) => noteOf(hit.id));
  hits.forEach((hit, i) => {
    const note = notes[i] ?? "";
    if (held.has(note) || misses?.has(hit.id)) return;
    if (holdsInOrder(text(hit.id), q)) held.add(note);
    else misses?.add(hit.id);
  });
  if (held.size === 0) return [...hits];
  return hits.map((hit, i) => (held.has(notes[i] ?? "") ? { ...hit, score: hit.score + top } : hit)).sort((a, b) => b.score - a.score);
}

/** Most chunks kept as not holding a typed query's words in order: a query's keys check a few hundred. */
const MAX_MISSES = 4096;

/**
 * Chunks found not to hold the last query's words in order, kept while the query grows: a chunk without "course
 * morn" side by side has no "course morni", nor "course morning r", so the next key skips it. Word order re-read the
 * same hundred chunks on every key of a short query, and most of them hold the words apart. Held for one index
 * revision (an edit changes a chunk's text under the same id).
 */
export class OrderMisses {
  private missed = new Set<string>();
  private last: OrderedWords | undefined;
  private revision: number | undefined;

  /** Starts the checks of `q`: the chunks kept stay only when every chunk holding `q` holds the last query too. */
  begin(q: OrderedWords, revision: number): this {
    if (this.revision !== revision || !this.last || !implies(q, this.last) || this.missed.size > MAX_MISSES) this.missed = new Set();
    this.last = q;
    this.revision = revision;
    return this;
  }

  has(id: string): boolean {
    return this.missed.has(id);
  }

  add(id: string): void {
    this.missed.add(id);
  }
}

/**
 * Whether a line holding `q`'s words in order always holds `before`'s: `before`'s words begin `q`'s, all alike but its
 * last, which `q`'s begins when `before` was being typed, or equals and is no prefix in `q` when it was not.
 */
function implies(q: OrderedWords, before: OrderedWords): boolean {
  const n = before.words.length;
  if (n > q.words.length) return false;
  for (let i = 0; i < n - 1; i++) if (q.words[i] !== before.words[i]) return false;
  const word = q.words[n - 1] ?? "";
  const last = before.words[n - 1] ?? "";
  if (before.prefixLast) return word.startsWith(last);
  return word === last && !(q.prefixLast && n === q.words.length);
}
