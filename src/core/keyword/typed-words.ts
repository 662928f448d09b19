import { TextWords } from "./chunk-words";
import { withinEdits } from "./fuzzy-terms";
import type { ScoredId } from "../index/index-types";
import { isOtherForm, MAX_ENDING } from "./word-forms";

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
  /** A chunk's text, or its words already prepared (see chunk-words.ts). */
  text: (id: string) => string | TextWords,
  noteOf: (id: string) => string,
): ScoredId[] {
  const top = hits[0]?.score ?? 0;
  // Per note, how near its chunks come to each typed word, the best chunk's.
  const held = new Map<string, number[]>();
  for (const hit of hits) {
    const note = noteOf(hit.id);
    const best = held.get(note) ?? typos.map(() => 0);
    held.set(note, best);
    typos.forEach((t, i) => {
      if ((best[i] ?? 0) < 1) best[i] = Math.max(best[i] ?? 0, nearness(text(hit.id), t));
    });
  }
  const bonus = (note: string): number => (held.get(note) ?? []).reduce((a, b) => a + b, 0) * top;
  return hits.map((hit) => ({ ...hit, score: hit.score + bonus(noteOf(hit.id)) })).sort((a, b) => b.score - a.score);
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

/**
 * How near `text` comes to a typed word (lower case, accents folded): 1 when it has a word within `edits` of it, or,
 * for the word being typed, one that begins with it; 0.5 when it has only another form of it (see
 * word-forms.ts); else 0. `text` may be given as its words, already prepared (see chunk-words.ts).
 */
export function nearness(text: string | TextWords, { word, edits, prefix }: TypedWord): number {
  const { raw, folded } = typeof text === "string" ? new TextWords(text) : text;
  let near = 0;
  for (let i = 0; i < raw.length; i++) {
    if (!prefix && Math.abs((raw[i] ?? "").length - word.length) > Math.max(edits, MAX_ENDING)) continue;
    const w = folded[i] ?? "";
    if ((prefix && w.startsWith(word)) || withinEdits(w, word, edits)) return 1;
    if (near === 0 && isOtherForm(w, word)) near = 0.5;
  }
  return near;
}

/** Whether `text` has a word within `edits` of a typed word, or another form of it (see `nearness`). */
export function holdsWordNear(text: string | TextWords, typed: TypedWord): boolean {
  return nearness(text, typed) > 0;
}
