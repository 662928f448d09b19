import { index as oramaIndex } from "@orama/orama/components";
import type { IIndex, Tokenizer, TokenScore } from "@orama/orama";
import type { TermCounts } from "../text/analyzer";
import { FieldPostings } from "./field-postings";
import { termCountsOf } from "./orama-tokenizer";
import { topK } from "./top-k";

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
      return bm25Search(index as unknown as Bm25Store, plainClauses(tokenizer.tokenize(term, language), props), {
        boost: boost as Record<string, number>,
        k1: relevance.k,
        b: relevance.b,
        docsCount,
        where,
        limit: Infinity,
      });
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
}

/** One term a clause accepts. */
export interface ClauseTerm {
  term: string;
  /** Multiplies the term's score: 1 for the word itself and its prefix completions, less for a typo correction. */
  weight: number;
  /**
   * A correction rather than the word: its idf is capped at that of the clause's exact terms (when they occur at
   * all), so a rare near-miss never outranks the word the user typed.
   */
  fuzzy?: boolean;
  /**
   * A correction that only stands for the beginning of the misspelt word (a stem, "quar" for "qurante"): results it
   * alone brings must hold a word close to the one typed (see `KeywordSearcher.search`).
   */
  cover?: boolean;
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

/** Documents matching any clause, best first (ties by chunk id), as internal ids and BM25F scores. */
export function bm25Search(index: Bm25Store, clauses: readonly QueryClause[], p: Bm25Params): TokenScore[] {
  const size = index.sharedInternalDocumentStore.internalIdToId.length + 1;
  const scores = new Accumulator(size);
  const tfs = new Accumulator(size);
  const best = new Accumulator(size);
  for (const clause of clauses) {
    const fields = clause.props.flatMap((prop) => {
      const postings = index.fields[prop];
      return postings ? [{ postings, weight: p.boost[prop] ?? 1, avgLength: postings.averageLength || 1 }] : [];
    });
    const dfOf = (term: string): number => {
      let df = 0;
      for (const f of fields) df = Math.max(df, f.postings.documentFrequency(term));
      return df;
    };
    const idfOf = (df: number): number => Math.log(1 + (p.docsCount - df + 0.5) / (df + 0.5));
    let exactIdf = Infinity;
    for (const t of clause.terms) {
      const df = t.fuzzy ? 0 : dfOf(t.term);
      if (df > 0) exactIdf = exactIdf === Infinity ? idfOf(df) : Math.max(exactIdf, idfOf(df));
    }
    for (const { term, weight, fuzzy } of clause.terms) {
      const df = dfOf(term);
      if (df <= 0) continue;
      for (const { postings, weight: boost, avgLength } of fields) {
        const list = postings.postings(term);
        if (!list) continue;
        const { ids, counts, length } = list;
        for (let k = 0; k < length; k++) {
          const id = ids[k] ?? 0;
          if (p.where && !p.where.has(id)) continue;
          const norm = 1 - p.b + (p.b * postings.lengthOf(id)) / avgLength;
          tfs.add(id, (boost * (counts[k] ?? 0)) / norm);
        }
      }
      const idf = weight * (fuzzy ? Math.min(idfOf(df), exactIdf) : idfOf(df));
      const k1 = p.k1;
      tfs.drain((id, t) => best.max(id, (idf * t * (k1 + 1)) / (t + k1)));
    }
    best.drain((id, s) => scores.add(id, s * clause.count));
  }
  const out: TokenScore[] = [];
  scores.drain((id, s) => out.push([id, s]));
  // Ties go by chunk id, not by Orama's internal id: that one depends on the order chunks were inserted in, and a
  // restored index must rank exactly like the one it was saved from.
  const external = index.sharedInternalDocumentStore.internalIdToId;
  const better = (a: TokenScore, b: TokenScore): boolean =>
    a[1] > b[1] || (a[1] === b[1] && (external[a[0] - 1] ?? "") < (external[b[0] - 1] ?? ""));
  return topK(out, Math.min(p.limit, out.length), better);
}

/**
 * Per-document sums over Orama's small integer ids, in a flat array instead of a Map: scoring a common term touches
 * thousands of documents per query, and Map updates were most of that time.
 */
class Accumulator {
  private readonly values: Float64Array;
  private readonly touched: number[] = [];

  constructor(size: number) {
    this.values = new Float64Array(size);
  }

  add(id: number, v: number): void {
    if (this.values[id] === 0) this.touched.push(id);
    this.values[id] = (this.values[id] ?? 0) + v;
  }

  max(id: number, v: number): void {
    const old = this.values[id] ?? 0;
    if (old === 0) this.touched.push(id);
    if (v > old) this.values[id] = v;
  }

  /** Visits every non-zero entry once and clears it. */
  drain(visit: (id: number, v: number) => void): void {
    for (const id of this.touched) {
      const v = this.values[id] ?? 0;
      this.values[id] = 0;
      if (v !== 0) visit(id, v);
    }
    this.touched.length = 0;
  }
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
