import type { FieldPostings } from "./field-postings";
import type { LanguageMask } from "./language-masks";

/**
 * What BM25F scoring reads of the keyword index: each text field's postings, and the chunk id of each internal id
 * (`ids[internalId - 1]`). `ChunkDb.postings` gives it, typed, from the one file that knows Orama.
 */
export interface Bm25Postings {
  readonly fields: Readonly<Record<string, FieldPostings>>;
  readonly ids: readonly string[];
}

/** What one BM25F search needs besides the query clauses. */
export interface Bm25Params {
  boost: Record<string, number>;
  k1: number;
  b: number;
  docsCount: number;
  where: Set<number> | undefined;
  /** How many results to return at most; Infinity for all. */
  limit: number;
  /** When notes are scored: how many chunks of each note are listed at most, its best ones. Default all. */
  perNote?: number;
  /**
   * Each chunk's language by internal id, as an ordinal into the index's language list (see language-masks.ts): what
   * a term's `languages` are checked against. Without it, no term is restricted.
   */
  chunkLanguages?: Uint8Array;
}

/** One term a clause accepts. */
export interface ClauseTerm {
  term: string;
  /**
   * Multiplies the term's score: 1 for the word itself, less for a typo correction, and for a completion of a word
   * being typed that is itself a word of the notes.
   */
  weight: number;
  /**
   * A correction rather than the word: its idf is capped at that of the clause's exact terms (when they occur at
   * all), so a rare near-miss never outranks the word the user typed.
   */
  fuzzy?: boolean;
  /**
   * A completion of the word being typed: like a correction, its idf is capped at that of the clause's own terms
   * when they occur, so that while "for" is typed, notes holding "format" or "forum" somewhere don't outrank those
   * holding "for" beside the other words typed.
   */
  completion?: boolean;
  /**
   * A correction that only stands for the beginning of the misspelt word (a stem, "quar" for "qurante"): results it
   * alone brings must hold a word close to the one typed (see `KeywordSearcher.search`).
   */
  cover?: boolean;
  /**
   * The languages whose chunks the term may match. A chunk was analysed in one language, so a query word is in it
   * only if the word analysed that way gives the term: the Swedish stem "van" of "vanligaste" is no match for the
   * Dutch word "van". Absent: any chunk.
   */
  languages?: LanguageMask;
}

/** One query word: the terms that count as it (stems in several languages, completions, corrections). */
export interface QueryClause {
  /** Alternatives; a document scores the best one it contains, so alternatives never add up. */
  terms: ClauseTerm[];
  /** How often the word occurs in the query: repeated words count that many times, as in Lucene/Anserini. */
  count: number;
  /** Text fields searched for it. */
  props: readonly string[];
  /**
   * Set when the word is unknown to the index and was corrected: the word as typed (lower case, accents folded) and
   * the edits allowed, so results can be checked for a word of the notes that close to it; `prefix` when it is the
   * word being typed, so a word that begins with it counts as close too.
   */
  typo?: { word: string; edits: number; prefix?: boolean };
}

/** Clauses of plain terms, each once per occurrence: what Orama's own search() and calibration need. */
export function plainClauses(terms: readonly string[], props: readonly string[]): QueryClause[] {
  const byTerm = new Map<string, QueryClause>();
  for (const term of terms) {
    const known = byTerm.get(term);
    if (known) known.count++;
    else byTerm.set(term, { terms: [{ term, weight: 1 }], count: 1, props });
  }
  return [...byTerm.values()];
}

/** Field texts of a hypothetical document, already analysed into terms. */
export type FieldTerms = Record<string, readonly string[]>;

