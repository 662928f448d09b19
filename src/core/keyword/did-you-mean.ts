import type { Analyzer } from "../text/analyzer";
import { foldAccents, type Language } from "../text/languages";
import type { FieldPostings } from "./field-postings";
import { fuzzyTerms } from "./fuzzy-terms";

/** What "did you mean" reads of a keyword index. */
export interface DidYouMeanIndex {
  /** The field whose stems a word is looked up and corrected in (the language-analysed text). */
  field: FieldPostings;
  /** The index's languages, a word's stem is taken in each. */
  languages: readonly Language[];
  analyzer: Analyzer;
  /** Chunk id by internal id minus one. */
  ids: readonly string[];
  /** The language a chunk was analysed in. */
  languageOf: (id: string) => Language;
  /** A chunk's text. */
  text: (id: string) => string;
}

/** Candidate stems tried, best first, for the written form of one suggested word. */
const SUGGESTION_TRIES = 6;

/**
 * `text` with each word the index doesn't know replaced by the closest word it does (up to `maxEdits` edits, two only
 * for words of five letters or more; the most frequent among equals), written as it appears in a note. Undefined
 * when no word could be corrected.
 */
export function didYouMean(text: string, maxEdits: number, index: DidYouMeanIndex): string | undefined {
  const { field, analyzer } = index;
  let changed = false;
  const out = text.replace(/[\p{L}\p{M}\p{N}]+/gu, (word) => {
    const lower = word.toLowerCase();
    const length = [...lower].length;
    const stems = [...new Set(index.languages.map((l) => analyzer.normalize(lower, l)))].filter((s) => s !== "");
    if (length < 4 || stems.length === 0 || stems.some((s) => field.documentFrequency(s) > 0)) return word;
    const edits = length >= 5 ? Math.min(2, maxEdits) : 1;
    const vocabulary = field.vocabulary.terms();
    const folded = foldAccents(lower);
    // Whole stems a few edits away, and stems that begin the typed word ("irrig" for "irrrigatoin"), whose written
    // form must then itself be within the edits.
    const candidates = [
      ...stems.flatMap((stem) => fuzzyTerms(vocabulary, stem, edits)),
      ...fuzzyTerms(vocabulary, folded, edits, Math.max(3, Math.ceil(folded.length / 2))),
    ]
      .map((m) => ({ ...m, df: field.documentFrequency(m.term) }))
      .sort((a, b) => a.edits - b.edits || b.df - a.df || (a.term < b.term ? -1 : 1));
    let surface: string | undefined;
    for (const c of candidates.slice(0, SUGGESTION_TRIES)) {
      surface = surfaceOf(index, c.term, folded, edits);
      if (surface) break;
    }
    if (!surface) return word;
    changed = true;
    return surface;
  });
  return changed ? out : undefined;
}

/**
 * A word of the notes (lower case) that the field indexes as `term`, the one closest to what was typed ("publsh" →
 * "publish" rather than "publishing") and within `edits` of it, or undefined. Reads a few chunks that hold the term.
 */
function surfaceOf(index: DidYouMeanIndex, term: string, typed: string, edits: number): string | undefined {
  const list = index.field.postings(term);
  const found = new Set<string>();
  for (let k = 0; list && k < Math.min(list.length, 8); k++) {
    const id = index.ids[(list.ids[k] ?? 0) - 1] ?? "";
    const lang = index.languageOf(id);
    for (const word of index.analyzer.words(index.text(id)).keys()) {
      if (index.analyzer.normalize(word, lang) === term) found.add(word);
    }
  }
  const byFolded = new Map([...found].map((w) => [foldAccents(w), w]));
  const best = fuzzyTerms([...byFolded.keys()].sort(), typed, edits).sort((a, b) => a.edits - b.edits)[0];
  return best ? byFolded.get(best.term) : undefined;
}
