import { index as oramaIndex } from "@orama/orama/components";
import type { IIndex, Tokenizer, TokenScore } from "@orama/orama";
import type { TermCounts } from "../text/analyzer";
import { FieldPostings } from "./field-postings";
import type { LanguageMask } from "./language-masks";
import { termCountsOf } from "./orama-tokenizer";
import { bm25Search } from "./bm25-search";

type OramaIndexStore = Parameters<typeof oramaIndex.insertTokenScoreParameters>[0];

/** Orama's index store with our inverted index of each text field beside its own trees. */
export type Bm25Store = OramaIndexStore & { fields: Record<string, FieldPostings> };

/** A switch Orama's `insert()` has no parameter for; set just before a synchronous call. */
export interface IndexSwitches {
  /**
   * Leave text fields out of inserts: a saved index is being restored, and its postings are put in place whole
   * afterwards (see `ChunkIndex.restoreSteps`) instead of analysing every chunk's text again.
   */
  skipText: boolean;
  /** Language code each chunk (by id) is analysed in; a chunk not listed is analysed as English. */
  languages: Map<string, string>;
}

/**
 * Orama's stock full-text index stores term frequency as count ÷ field length and, with `exact:false`, expands every
 * query term as a prefix; with `exact:true` it adds a case-sensitive regex filter on the raw text. Neither gives
 * Lucene-style BM25, which is what keyword search is judged against. This component keeps Orama's document store,
 * id store and vector index, but indexes text fields itself, into typed-array posting lists with raw term counts
 * (`FieldPostings`), looks terms up exactly and scores BM25F: each field's count is length-normalised
 * (`tf / (1 − b + b·len/avgLen)`), weighted by the field boost and summed before one saturation
 * `idf · t·(k1+1) / (t + k1)`. A word in both title and body thus counts as more evidence of one term, not as two
 * independent terms, which is what made the per-field sum over-reward titles. The posting lists are also what the
 * index files save, so a restart restores them instead of analysing every chunk again.
 */
export function createBm25Component(switches: IndexSwitches): IIndex<OramaIndexStore> {
  const base = oramaIndex.createIndex();
  return {
    ...base,
    create(orama, ids, schema) {
      const store = base.create(orama, ids, schema) as Bm25Store;
      store.fields = {};
      for (const [prop, tree] of Object.entries(store.indexes)) {
        if (tree.type === "Radix") store.fields[prop] = new FieldPostings();
      }
      return store;
    },
    insert(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, options) {
      const field = fieldOf(index, prop);
      if (!field || typeof value !== "string") {
        base.insert(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, options);
        return;
      }
      if (switches.skipText) return;
      const counted = countsOf(tokenizer.tokenize(value, switches.languages.get(String(id)) ?? language, prop));
      field.add(internalId, counted.counts, counted.length);
    },
    remove(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount) {
      const field = fieldOf(index, prop);
      if (!field || typeof value !== "string") {
        return base.remove(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount);
      }
      const lang = switches.languages.get(String(id)) ?? language;
      field.remove(internalId, countsOf(tokenizer.tokenize(value, lang, prop)).counts.keys());
      return true;
    },
    search(index, term, tokenizer: Tokenizer, language, props, _exact, _tolerance, boost, relevance, docsCount, where) {
      const hits = bm25Search(index as unknown as Bm25Store, plainClauses(tokenizer.tokenize(term, language), props), {
        boost: boost as Record<string, number>,
        k1: relevance.k,
        b: relevance.b,
        docsCount,
        where,
        limit: Infinity,
      });
      return hits.map((h): TokenScore => [h.id, h.score]);
    },
  };
}

function fieldOf(index: unknown, prop: string): FieldPostings | undefined {
  return (index as Bm25Store).fields[prop];
}

/** Counts of a token array: from our tokenizer's side channel, or counted (another tokenizer keeps duplicates). */
function countsOf(tokens: readonly string[]): TermCounts {
  const known = termCountsOf(tokens);
  if (known) return known;
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { counts, length: tokens.length };
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

/**
 * BM25F score a document with these fields would get for the query, using the live index's statistics (document
 * frequencies, average lengths). Calibration uses it to score a chunk with one sentence held out, without
 * re-indexing anything.
 */
export function scoreAgainstIndex(
  index: Bm25Store,
  queryTerms: readonly string[],
  fields: FieldTerms,
  p: Pick<Bm25Params, "boost" | "k1" | "b" | "docsCount">,
): number {
  let total = 0;
  for (const { terms, count } of plainClauses(queryTerms, [])) {
    const term = terms[0]?.term ?? "";
    let t = 0;
    let df = 0;
    for (const [prop, terms] of Object.entries(fields)) {
      const postings = index.fields[prop];
      df = Math.max(df, postings?.documentFrequency(term) ?? 0);
      const tf = terms.filter((x) => x === term).length;
      if (tf === 0) continue;
      const avgLength = postings?.averageLength || 1;
      t += ((p.boost[prop] ?? 1) * tf) / (1 - p.b + (p.b * terms.length) / avgLength);
    }
    if (t <= 0) continue;
    df = Math.max(df, 1);
    const idf = Math.log(1 + (p.docsCount - df + 0.5) / (df + 0.5));
    total += (count * idf * t * (p.k1 + 1)) / (t + p.k1);
  }
  return total;
}
