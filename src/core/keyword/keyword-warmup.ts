import type { Steps } from "../shared/slices";
import { TextWords } from "./chunk-words";
import { fuzzyWalks, type FuzzyWalk } from "./fuzzy-terms";
import { nearness } from "./typed-words";
import type { VocabularyUnion } from "./vocabulary-union";

/** What `warmKeywordSteps` reads of a keyword searcher. */
export interface KeywordWarmupDeps {
  /** The searched fields' vocabularies, each ascending, as a search's typo corrections read them. */
  vocabularies: () => readonly (readonly string[])[];
  /** The searcher's union of them, which the first corrected word would otherwise merge. */
  union: VocabularyUnion;
  /** Chunk ids by internal id (a few, spread over them, are checked for a word near a misspelt one). */
  ids: readonly string[];
  /** A chunk's text. */
  text: (id: string) => string;
}

/** Vocabulary terms walked per slice: a millisecond or two once compiled, a few the first time. */
export const WALK_TERMS_PER_SLICE = 4096;
/** Slices of walks: enough calls for V8 to compile the walk's inner loops before an agent's first misspelt word. */
const WALK_SLICES = 12;
/** Chunk texts checked for a near word, per slice and in all. */
const TEXTS_PER_SLICE = 10;
const TEXTS = 200;

/**
 * What the first search with a word the index does not hold (a typo, a rare inflected form, another language) pays
 * for and later ones do not, done ahead in slices: the searched fields' vocabulary union (kept, see
 * vocabulary-union.ts), and a first run of the code that corrects a word (the vocabulary walk of fuzzy-terms.ts, the
 * check of chunks for a word near the typed one of typed-words.ts), which V8 runs slowly until it has compiled it.
 * On a fresh 10,000-note MCP server those made a first multilingual answer cost 80–300 ms of CPU against 15–50 ms for
 * the same query later. The walks and checks run on words made from the vocabulary itself, and their results are
 * dropped: nothing a search reads is changed but the union, which is exactly what the first search would keep.
 * Stops early when `stop()` says so (the index changed or was replaced, the host is closing).
 */
export function* warmKeywordSteps(deps: KeywordWarmupDeps, stop: () => boolean = () => false): Steps<void> {
  const parts = deps.vocabularies();
  // A search walks the union only when it searches more than one field (see `corrections`).
  const union = parts.length > 1 ? yield* deps.union.ofSteps(parts) : (parts[0] ?? []);
  for (let k = 0; k < WALK_SLICES && union.length > 0; k++) {
    yield;
    if (stop()) return;
    const from = Math.floor((k * union.length) / WALK_SLICES);
    const slice = union.slice(from, from + WALK_TERMS_PER_SLICE);
    const term = slice[slice.length >> 1] ?? "";
    // A misspelt word (a letter dropped) with its cover, and a stem of it, as a corrected word walks them; one and
    // two edits in turns, as short and long words are corrected.
    const word = `${term.slice(0, 1)}${term.slice(2)}x`;
    const walks: FuzzyWalk[] = [
      { word, minCover: Math.min(3, word.length), out: [], whole: [] },
      { word: term, out: [] },
    ];
    fuzzyWalks(slice, walks, 1 + (k % 2));
  }
  const { ids } = deps;
  const count = Math.min(TEXTS, ids.length);
  const texts = Array.from({ length: count }, (_, i) => deps.text(ids[Math.floor((i * ids.length) / count)] ?? ""));
  for (let i = 0; i < texts.length; i += TEXTS_PER_SLICE) {
    yield;
    if (stop()) return;
    for (const text of texts.slice(i, i + TEXTS_PER_SLICE)) {
      const words = new TextWords(text);
      const first = words.raw[0] ?? "";
      nearness(words, { word: `${first}x`, edits: 1 });
      nearness(words, { word: `${first}yz`, edits: 2, prefix: true });
    }
  }
}
