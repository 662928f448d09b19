import type { Int8Rows } from "../vectors/vector-precision";
import type { VectorStore } from "../vectors/vector-store";
import { ArenaRows } from "../vectors/arena-rows";
import { lastAtOrBefore } from "../shared/last-at-or-before";

/** A saved array of vectors that a restore hands the vector store: float32 rows, or int8 rows with their scales. */
export type VectorPage = Float32Array | Int8Rows;

/** `rows` as a list of pages (one page stays one). */
export function pagesOf(rows: VectorPage | readonly VectorPage[] | undefined): readonly VectorPage[] {
  if (rows === undefined) return [];
  return rows instanceof Float32Array || "scales" in rows ? [rows] : rows;
}

/**
 * Gives `store` the saved pages as they lie (`VectorStore.adopt` for float32 rows, `adoptInt8` for int8 ones), in
 * order. Returns where row `row` of the pages went, rows counted across the pages one after the other: the store's
 * slot when its page was taken as int8 (the chunk then claims it), undefined otherwise (a float32 page is found by
 * the chunk's vector view, and a page the store did not take is read as float32 values by the caller).
 */
export function adoptPages(store: VectorStore | undefined, pages: readonly VectorPage[], dims: number): (row: number) => number | undefined {
  const starts: number[] = [];
  const firsts: (number | undefined)[] = [];
  let rows = 0;
  /** Rows that lie in an arena already (`ArenaRows`): the store's arena needs no room for them. */
  let placed = 0;
  for (const page of pages) {
    rows += page instanceof Float32Array ? (dims > 0 ? Math.floor(page.length / dims) : 0) : page.scales.length;
    if (page instanceof ArenaRows) placed += page.scales.length;
  }
  if (store && rows > 0) store.reserve(store.slots + rows, rows - placed);
  let start = 0;
  for (const page of pages) {
    starts.push(start);
    if (page instanceof Float32Array) {
      store?.adopt(page);
      firsts.push(undefined);
      start += dims > 0 ? Math.floor(page.length / dims) : 0;
    } else {
      firsts.push(store?.adoptInt8(page));
      start += page.scales.length;
    }
  }
  return (row) => {
    if (row < 0 || starts.length === 0) return undefined;
    // The last page starting at or before `row` (an empty page shares its start with the next one).
    const lo = lastAtOrBefore(starts, row);
    const first = firsts[lo];
    return first === undefined ? undefined : first + row - starts[lo]!;
  };
}
