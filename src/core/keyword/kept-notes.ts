import type { ScoredId } from "../index/index-types";

/**
 * The hits of the notes `keeps` accepts, and the list's first hit whatever its note: a list read whole for a filter
 * (`KeywordSearchOptions.keepsNote`) need not carry the tens of thousands of chunks of other notes that a common
 * word hits through the word-order check, the re-sort and the caller's filter. The first hit stays because the
 * re-rankings scale their bonus by the list's best score (`preferInOrder`, `preferTypedWords`), so the hits kept get
 * exactly the scores, and so the order, they had in the whole list. Everything when `keeps` is undefined.
 */
export function keptNotes(hits: ScoredId[], keeps: ((path: string) => boolean) | undefined, noteOf: (id: string) => string): ScoredId[] {
  if (!keeps) return hits;
  return hits.filter((h, i) => i === 0 || keeps(noteOf(h.id)));
}
