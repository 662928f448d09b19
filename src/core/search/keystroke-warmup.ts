import type { ChunkIndex } from "../index/chunk-index";
import type { Steps } from "../shared/slices";
import type { SearchRequest } from "./search-request";

/** Notes a warm-up word is taken from, spread over the index. */
const SOURCE_NOTES = 3;
/** Lengths of the words taken: long enough to be corrected and completed, short enough for one edit (see `editsFor`). */
const MIN_WORD = 6;
const MAX_WORD = 7;
const WORD = /\p{L}+/gu;

/**
 * Queries typed key by key by `warmKeystrokeSteps`, from the index's own words: two words (completions of the word
 * being typed, corrections of its unfinished forms, the word order of a short query, the first word's clause kept
 * for the second's keys) and one with two letters swapped (a misspelt word: its corrections, and the check of the
 * hits for a word near it). Empty for an index without such words.
 */
export function warmupQueries(index: Pick<ChunkIndex, "notePaths" | "chunkIdsOf" | "get">): string[] {
  const paths = [...index.notePaths()];
  const words: string[] = [];
  for (let k = 0; k < SOURCE_NOTES && paths.length > 0; k++) {
    const path = paths[Math.floor(((2 * k + 1) * paths.length) / (2 * SOURCE_NOTES))] ?? "";
    const text = index.chunkIdsOf(path).map((id) => index.get(id)?.chunk.text ?? "").join(" ");
    const found = [...text.toLowerCase().matchAll(WORD)].map((m) => m[0]).filter((w) => w.length >= MIN_WORD && w.length <= MAX_WORD);
    // The longest, then the first in the text: the same words for the same notes.
    const word = found.reduce<string | undefined>((best, w) => (best === undefined || w.length > best.length ? w : best), undefined);
    if (word !== undefined) words.push(word);
  }
  const [a, b, c] = words;
  const queries: string[] = [];
  if (a !== undefined && b !== undefined) queries.push(`${a} ${b}`);
  if (c !== undefined) queries.push(`${c.slice(0, 2)}${c.charAt(3)}${c.charAt(2)}${c.slice(4)}`);
  return queries;
}

/**
 * Runs the search modal's keystroke path (`searchKeyword` with the last word as a prefix, as the modal asks) on
 * `queries` typed key by key, one key a step, and drops the answers: the first keys a user types after the index
 * loads otherwise run that code while V8 still interprets it and fills its caches of shapes, several times slower
 * than from the tenth query on. The searches run on memos of their own (`SearchRequest.scratch`), so nothing a later
 * search finds or pays for changes but the code being compiled. Stops early when `stop()` says so.
 */
export function* warmKeystrokeSteps(
  searchKeyword: (req: SearchRequest) => unknown,
  queries: readonly string[],
  stop: () => boolean = () => false,
): Steps<void> {
  for (const query of queries) {
    for (let n = 1; n <= query.length; n++) {
      const typed = query.slice(0, n);
      if (typed.trim() === "") continue;
      yield;
      if (stop()) return;
      searchKeyword({ query: typed, prefixLast: !/\s$/.test(typed), scratch: true });
    }
  }
}
