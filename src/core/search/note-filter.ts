import type { ChunkIndex } from "../index/chunk-index";
import { foldedNoteText, notesHolding } from "./note-texts";
import { notesInPlace } from "./place-catalog";
import { compileQueryFilter, foldForMatch, hasFilters } from "./query-filter";
import type { ParsedQuery } from "./query-parser";

/** A query's filters, compiled for one search. */
export interface NoteFilter {
  /** Every filter of the query, per note path, memoised. */
  pass: (path: string) => boolean;
  /**
   * The `path:` and `tag:` filters alone, worked out for every note at the first question (see place-catalog.ts): they
   * need no note text, so a vector scan can apply them to every note before ranking. Undefined when the query has none.
   */
  place: ((path: string) => boolean) | undefined;
  /** True when the query has phrases or exclusions, which read the note's text. */
  readsText: boolean;
  /**
   * Every note `pass` may keep, when a cheaper way than asking each note knows them (the notes holding the query's
   * phrases, see note-texts.ts); undefined when it does not. Asking only these gives the same notes.
   */
  candidates?: () => ReadonlySet<string> | undefined;
}

/**
 * A query's filters applied per note, or undefined when it has none. Phrases and exclusions look at the whole note,
 * not one chunk: "-draft" must drop a note that says "draft" anywhere, even if the matching chunk does not. A note's
 * text is gathered and folded only when its path and tags pass, and at most once per search.
 */
export function createNoteFilter(index: ChunkIndex, q: ParsedQuery): NoteFilter | undefined {
  if (!hasFilters(q)) return undefined;
  const readsText = q.phrases.length + q.excluded.length > 0;
  const hasPlace = q.paths.length + q.tags.length > 0;
  const textTest = compileQueryFilter({ ...q, paths: [], tags: [] });
  // Worked out for all notes at the first question, from folded paths and tags kept per index revision: the vector
  // scan asks about every note anyway (see place-catalog.ts).
  let inPlace: Set<string> | undefined;
  const place = (path: string): boolean => (inPlace ??= notesInPlace(index, q) ?? new Set()).has(path);
  if (!readsText) return { pass: place, place: hasPlace ? place : undefined, readsText };
  // The notes holding every phrase, found in one scan when the index's text catalog is built (looked up once).
  const phrases = q.phrases.map(foldForMatch).filter((p) => p !== "");
  let holding: ReadonlySet<string> | undefined | null = null;
  const candidates = (): ReadonlySet<string> | undefined => {
    if (holding === null) holding = phrases.length > 0 ? notesHolding(index, phrases) : undefined;
    return holding;
  };
  const pass = memoise((path) => {
    // Without a path: or tag: filter, the text check below only passes notes that have a chunk.
    if (hasPlace && !place(path)) return false;
    // A note without the phrases fails the check below anyway.
    const few = candidates();
    if (few !== undefined && !few.has(path)) return false;
    const id = index.chunkIdsOf(path)[0];
    const first = id === undefined ? undefined : index.entry(id);
    return first !== undefined && textTest({ path, tags: first.tags, text: foldedNoteText(index, path, first), textIsFolded: true });
  });
  return { pass, place: hasPlace ? place : undefined, readsText, candidates };
}

function memoise(test: (path: string) => boolean): (path: string) => boolean {
  const memo = new Map<string, boolean>();
  return (path) => {
    let known = memo.get(path);
    if (known === undefined) {
      known = test(path);
      memo.set(path, known);
    }
    return known;
  };
}
