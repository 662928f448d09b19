import type { ChunkIndex, IndexedChunk } from "../index/chunk-index";
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
  const pass = memoise((path) => {
    // Without a path: or tag: filter, the text check below only passes notes that have a chunk.
    if (hasPlace && !place(path)) return false;
    const id = index.chunkIdsOf(path)[0];
    const first = id === undefined ? undefined : index.entry(id);
    return first !== undefined && textTest({ path, tags: first.tags, text: foldedNoteText(index, path, first), textIsFolded: true });
  });
  return { pass, place: hasPlace ? place : undefined, readsText };
}

/**
 * A note's title, aliases, headings and chunk texts, folded for matching (`foldForMatch`), kept per note for later
 * searches: folding is most of a phrase or exclusion check, and a rare phrase is checked against most of the vault.
 * Keyed by the note's first chunk entry, which the index replaces whenever the note's text changes (a new vector
 * replaces it too), with the note's chunk count, which changes while a note is added in steps; so a stale text is
 * never used, and it goes when the note does.
 */
const FOLDED = new WeakMap<IndexedChunk, { chunks: number; text: string }>();

/**
 * Folds note `path`'s text for later phrase and exclusion checks, as a first check would (see filter-warmup.ts);
 * false for a note without a chunk, which no text filter passes.
 */
export function warmFoldedNoteText(index: ChunkIndex, path: string): boolean {
  const id = index.chunkIdsOf(path)[0];
  const first = id === undefined ? undefined : index.entry(id);
  if (first === undefined) return false;
  foldedNoteText(index, path, first);
  return true;
}

function foldedNoteText(index: ChunkIndex, path: string, first: IndexedChunk): string {
  const ids = index.chunkIdsOf(path);
  const known = FOLDED.get(first);
  if (known !== undefined && known.chunks === ids.length) return known.text;
  const parts = [first.title, ...first.aliases];
  for (const id of ids) {
    const c = index.entry(id);
    if (c) parts.push(c.chunk.headingPath.slice(1).join(" "), c.chunk.text);
  }
  const text = foldForMatch(parts.join("\n"));
  FOLDED.set(first, { chunks: ids.length, text });
  return text;
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
