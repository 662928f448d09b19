import { foldAccents } from "../text/languages";
import { withinEdits } from "./fuzzy-terms";
import type { ScoredId } from "./index-types";

/** A misspelt query word as typed (lower case, accents folded), the edits allowed, and whether it is being typed. */
export interface TypedWord {
  word: string;
  edits: number;
  prefix?: boolean;
}

/**
 * Results re-ranked for misspelt words: a note with a chunk holding a word within the allowed edits of what was typed
 * (as written, not as stemmed) ranks above every note that holds none, once per such word; its chunks stay together.
 * The index holds stems, and a rare word ("generators") often shares its stem with common ones ("general",
 * "generate"), so the corrected stem alone ranks the notes with many of those first. Ties keep their BM25 order.
 */
export function preferTypedWords(
  hits: readonly ScoredId[],
  typos: readonly TypedWord[],
  text: (id: string) => string,
  noteOf: (id: string) => string,
): ScoredId[] {
  const top = hits[0]?.score ?? 0;
  const held = new Map<string, Set<number>>();
  for (const hit of hits) {
    const note = noteOf(hit.id);
    const words = held.get(note) ?? new Set<number>();
    held.set(note, words);
    typos.forEach((t, i) => {
      if (!words.has(i) && holdsWordNear(text(hit.id), t)) words.add(i);
    });
  }
  return hits
    .map((hit) => ({ ...hit, score: hit.score + (held.get(noteOf(hit.id))?.size ?? 0) * top }))
    .sort((a, b) => b.score - a.score);
}

/** The first `perNote` hits of each note, in order (all when undefined). */
export function capPerNote(hits: ScoredId[], perNote: number | undefined, noteOf: (id: string) => string): ScoredId[] {
  if (perNote === undefined || !Number.isFinite(perNote)) return hits;
  const listed = new Map<string, number>();
  return hits.filter((h) => {
    const note = noteOf(h.id);
    const n = listed.get(note) ?? 0;
    listed.set(note, n + 1);
    return n < Math.max(1, perNote);
  });
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Whether `text` has a word within `edits` of `word` (lower case, accents folded), or, for the word being typed, one
 * that begins with it. One pass over the text.
 */
export function holdsWordNear(text: string, { word, edits, prefix }: TypedWord): boolean {
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const raw = m[0];
    if (!prefix && Math.abs(raw.length - word.length) > edits) continue;
    const w = /[^\p{ASCII}]/u.test(raw) ? foldAccents(raw) : raw;
    if ((prefix && w.startsWith(word)) || withinEdits(w, word, edits)) return true;
  }
  return false;
}
