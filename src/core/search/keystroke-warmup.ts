import type { ChunkIndex } from "../index/chunk-index";
import { LANGUAGES } from "../text/languages";
import type { Steps } from "../shared/slices";
import type { SearchRequest } from "./search-request";

/** Notes the warm-up words are taken from, spread over the index. */
const SOURCE_NOTES = 24;
/** Shortest word taken: shorter ones are mostly function words, whose clauses a query drops. */
const MIN_WORD = 5;
/** Longest word taken. */
const MAX_WORD = 8;
/** Lengths of the misspelt words: long enough to be corrected and completed, short enough for one edit (see `editsFor`). */
const MIN_TYPO = 6;
const MAX_TYPO = 7;
const WORD = /\p{L}+/gu;
/**
 * Chunks from which the warm-up types only its two lightest queries (the two words of two notes and the misspelt
 * word), as it did before it took common words: at 50,000 notes (148,000 chunks) a key of the three-word query took
 * 390 ms, and one of the first two common words 205 ms, each one step of the warm-up.
 */
const LARGE_INDEX_CHUNKS = 100_000;

/**
 * Queries typed key by key by `warmKeystrokeSteps`, from the index's own words: the words found in most of a few
 * dozen notes spread over the vault, commonest first, leaving out each language's stop words. The heavy parts of the
 * keystroke path run only on common words: a prefix with hundreds of completions, clauses whose scores are added up
 * over most chunks (see dense-hits.ts), word order over a full list. Warmed on rare words alone, the first such keys a
 * user typed ran that code while V8 still interpreted it, two to four times slower than from then on. The queries:
 * two words of two notes (the longest of each, most often rare), then of the commonest words two words, three words,
 * a misspelt word (two letters swapped), two words again, a word followed by a misspelt one, and two words again, as
 * far as the notes have words for them; from `LARGE_INDEX_CHUNKS` chunks on, the first query and the misspelt word
 * only. Empty for an index without such words.
 */
export function warmupQueries(index: Pick<ChunkIndex, "notePaths" | "chunkIdsOf" | "get" | "size">): string[] {
  const words = commonWords(index);
  const used = new Set<string>();
  const take = (fits: (w: string) => boolean = () => true): string | undefined => {
    const word = words.find((w) => !used.has(w) && fits(w));
    if (word !== undefined) used.add(word);
    return word;
  };
  const typo = (): string | undefined => {
    // Swapping two equal letters would leave the word as it was.
    const w = take((x) => x.length >= MIN_TYPO && x.length <= MAX_TYPO && x.charAt(2) !== x.charAt(3));
    return w === undefined ? undefined : `${w.slice(0, 2)}${w.charAt(3)}${w.charAt(2)}${w.slice(4)}`;
  };
  // First the longest word of each of two notes, most often rare: the code is compiled on their short lists, so that
  // no single key of the common words after them runs long uncompiled (the first common key took 40-155 ms at 10,000
  // notes, one step of the warm-up).
  const first = (): (string | undefined)[] => lightWords(index, used);
  const plan: (() => (string | undefined)[])[] =
    index.size >= LARGE_INDEX_CHUNKS
      ? [first, () => [typo()]]
      : [first, () => [take(), take()], () => [take(), take(), take()], () => [typo()], () => [take(), take()], () => [take(), typo()], () => [take(), take()]];
  const queries: string[] = [];
  for (const make of plan) {
    const parts = make();
    if (parts.every((p) => p !== undefined)) queries.push(parts.join(" "));
  }
  return queries;
}

/**
 * The longest word of `MIN_TYPO` to `MAX_TYPO` letters (the first of equals, no stop word) of each of two notes spread
 * over the index, marked used.
 */
function lightWords(index: Pick<ChunkIndex, "notePaths" | "chunkIdsOf" | "get">, used: Set<string>): (string | undefined)[] {
  const paths = [...index.notePaths()];
  return [1, 5].map((k) => {
    const text = noteText(index, paths[Math.floor((k * paths.length) / 6)] ?? "");
    let word: string | undefined;
    for (const m of text.toLowerCase().matchAll(WORD)) {
      const w = m[0];
      if (w.length >= MIN_TYPO && w.length <= MAX_TYPO && !used.has(w) && !STOP_WORDS.has(w) && (word === undefined || w.length > word.length)) word = w;
    }
    if (word !== undefined) used.add(word);
    return word;
  });
}

/** Words of `MIN_WORD` to `MAX_WORD` letters in the most of `SOURCE_NOTES` notes spread over the index, commonest first. */
function commonWords(index: Pick<ChunkIndex, "notePaths" | "chunkIdsOf" | "get">): string[] {
  const paths = [...index.notePaths()];
  const notesWith = new Map<string, number>();
  const sources = Math.min(SOURCE_NOTES, paths.length);
  for (let k = 0; k < sources; k++) {
    const text = noteText(index, paths[Math.floor(((2 * k + 1) * paths.length) / (2 * sources))] ?? "");
    const found = new Set<string>();
    for (const m of text.toLowerCase().matchAll(WORD)) {
      const w = m[0];
      if (w.length >= MIN_WORD && w.length <= MAX_WORD && !STOP_WORDS.has(w)) found.add(w);
    }
    for (const w of found) notesWith.set(w, (notesWith.get(w) ?? 0) + 1);
  }
  // Ties go by the word, so that the same notes give the same queries.
  return [...notesWith].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
}

/** The text of a note's chunks. */
function noteText(index: Pick<ChunkIndex, "chunkIdsOf" | "get">, path: string): string {
  return index.chunkIdsOf(path).map((id) => index.get(id)?.chunk.text ?? "").join(" ");
}

/** Every language's stop words: a query drops them, so typing one warms nothing. */
const STOP_WORDS: ReadonlySet<string> = new Set(LANGUAGES.flatMap((l) => [...l.stopWords]));

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
