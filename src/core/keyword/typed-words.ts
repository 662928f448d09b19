import { isAlnum, TextWords } from "./chunk-words";
import { withinEdits, withinOneEditAt } from "./within-edits";
import type { ScoredId } from "../index/index-types";
import { isOtherForm, MAX_ENDING, MIN_SHARED_START } from "./word-forms";

/** A misspelt query word as typed (lower case, accents folded), the edits allowed, and whether it is being typed. */
export interface TypedWord {
  word: string;
  edits: number;
  prefix?: boolean;
}

/**
 * Results re-ranked for misspelt words: a note with a chunk holding a word within the allowed edits of what was typed
 * (as written, not as stemmed) ranks above every note that holds none, once per such word; one holding only another
 * form of it (see `nearness`) counts half as much. Its chunks stay together.
 * The index holds stems, and a rare word ("generators") often shares its stem with common ones ("general",
 * "generate"), so the corrected stem alone ranks the notes with many of those first. Ties keep their BM25 order.
 */
export function preferTypedWords(
  hits: readonly ScoredId[],
  typos: readonly TypedWord[],
  /** How near chunk `id` comes to a typed word: `nearness` of its text (see `NearnessMemo`). */
  near: (id: string, typed: TypedWord) => number,
  /** The note of chunk `id`, as `preferInOrder` takes it. */
  noteOf: (id: string) => string | number,
  /** The score a note's nearness is a share of: the best of the list `hits` are part of (default: their own best). */
  top = hits[0]?.score ?? 0,
): ScoredId[] {
  // Per note, how near its chunks come to each typed word, the best chunk's.
  const held = new Map<string | number, number[]>();
  const notes = hits.map((hit) => noteOf(hit.id));
  hits.forEach((hit, k) => {
    const note = notes[k] ?? "";
    const best = held.get(note) ?? typos.map(() => 0);
    held.set(note, best);
    typos.forEach((t, i) => {
      if ((best[i] ?? 0) < 1) best[i] = Math.max(best[i] ?? 0, near(hit.id, t));
    });
  });
  const bonus = (note: string | number): number => (held.get(note) ?? []).reduce((a, b) => a + b, 0) * top;
  return hits.map((hit, k) => ({ ...hit, score: hit.score + bonus(notes[k] ?? "") })).sort((a, b) => b.score - a.score);
}

/** The first `perNote` hits of each note, in order (all when undefined). */
export function capPerNote(hits: ScoredId[], perNote: number | undefined, noteOf: (id: string) => string | number): ScoredId[] {
  if (perNote === undefined || !Number.isFinite(perNote)) return hits;
  const listed = new Map<string | number, number>();
  return hits.filter((h) => {
    const note = noteOf(h.id);
    const n = listed.get(note) ?? 0;
    listed.set(note, n + 1);
    return n < Math.max(1, perNote);
  });
}

/**
 * How near `text` comes to a typed word (lower case, accents folded): 1 when it has a word within `edits` of it, or,
 * for the word being typed, one that begins with it; 0.5 when it has only another form of it (see
 * word-forms.ts); else 0. `text` may be given as its words, already prepared (see chunk-words.ts).
 */
export function nearness(text: string | TextWords, typed: TypedWord): number {
  const words = typeof text === "string" ? new TextWords(text) : text;
  if (heldAsTyped(words.lower, typed)) return 1;
  if (words.ascii && ASCII_WORD.test(typed.word)) return asciiNearness(words.lower, typed);
  const { raw, folded } = words;
  let near = 0;
  for (let i = 0; i < raw.length; i++) {
    if (!typed.prefix && tooLong(raw[i] ?? "", typed)) continue;
    const w = folded[i] ?? "";
    if (isNear(w, typed)) return 1;
    if (near === 0 && isOtherForm(w, typed.word)) near = 0.5;
  }
  return near;
}

/** Whether a word of the text, as written, is too far in length from the typed word to be it or another form of it. */
function tooLong(raw: string, { word, edits }: TypedWord): boolean {
  return Math.abs(raw.length - word.length) > Math.max(edits, MAX_ENDING);
}

/** Whether a word of the text (accents folded) counts as the typed word: see `nearness`. */
function isNear(w: string, { word, edits, prefix }: TypedWord): boolean {
  return (prefix && w.startsWith(word)) || withinEdits(w, word, edits);
}

const ASCII_WORD = /^[a-z0-9]+$/;

/**
 * Whether lower-case `text` holds an ASCII word that begins with the typed word (an ASCII one) and counts as it: the
 * chunks a word being typed is checked in mostly hold a word it begins, which one search of the text finds without
 * splitting it into words. Where the answer would take a word with other characters, it is left to the full check.
 */
function heldAsTyped(text: string, typed: TypedWord): boolean {
  const { word } = typed;
  if (!ASCII_WORD.test(word)) return false;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    if (before >= 128 || isAlnum(before)) continue;
    let end = at + word.length;
    while (end < text.length && isAlnum(text.charCodeAt(end))) end++;
    if (end < text.length && text.charCodeAt(end) >= 128) continue;
    const found = text.slice(at, end);
    if ((typed.prefix || !tooLong(found, typed)) && isNear(found, typed)) return true;
  }
  return false;
}

/**
 * `nearness` for lower-case ASCII text and an ASCII typed word, read word by word off the character codes: only words
 * of a length that could count are cut out and compared. Most chunks a word being typed is checked in hold no word
 * near it, and splitting each into its distinct words cost more than the rest of the keystroke.
 */
function asciiNearness(text: string, typed: TypedWord): number {
  const { word, edits, prefix } = typed;
  const n = text.length;
  const length = word.length;
  const start = word.slice(0, MIN_SHARED_START);
  let near = 0;
  let i = 0;
  while (i < n) {
    if (!isAlnum(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const from = i;
    while (i < n && isAlnum(text.charCodeAt(i))) i++;
    const size = i - from;
    if (!prefix && Math.abs(size - length) > Math.max(edits, MAX_ENDING)) continue;
    if (prefix && size >= length && text.startsWith(word, from)) return 1;
    if (Math.abs(size - length) <= edits && (edits === 1 ? withinOneEditAt(text, from, i, word) : withinEdits(text.slice(from, i), word, edits))) return 1;
    // Another form shares its first MIN_SHARED_START letters with the word (see word-forms.ts).
    if (near === 0 && length >= MIN_SHARED_START && size >= MIN_SHARED_START && text.startsWith(start, from) && isOtherForm(text.slice(from, i), word)) near = 0.5;
  }
  return near;
}

/**
 * How near chunks come to typed words (see `nearness`), each chunk judged once per typed word. A key's search asks
 * about the same few hundred hits several times: for the cover stems of the full list and of the list capped per note,
 * then to rank them; reading each chunk again for each was a third of a corrected key's time.
 */
export class NearnessMemo {
  private readonly held = new Map<TypedWord, Map<string, number>>();

  /** `words(id)`: chunk `id`'s text, or its words already prepared (see chunk-words.ts). */
  constructor(private readonly words: (id: string) => string | TextWords) {}

  /** `nearness` of chunk `id` to `typed`, worked out the first time it is asked. */
  of(id: string, typed: TypedWord): number {
    let byId = this.held.get(typed);
    if (!byId) {
      byId = new Map();
      this.held.set(typed, byId);
    }
    let near = byId.get(id);
    if (near === undefined) {
      near = nearness(this.words(id), typed);
      byId.set(id, near);
    }
    return near;
  }
}

/** Whether `text` has a word within `edits` of a typed word, or another form of it (see `nearness`). */
export function holdsWordNear(text: string | TextWords, typed: TypedWord): boolean {
  return nearness(text, typed) > 0;
}
