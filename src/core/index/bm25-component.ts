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
      const counted = countsOf(tokenizer.tokenize(value, language, prop));
      field.add(internalId, counted.counts, counted.length);
    },
    remove(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount) {
      const field = fieldOf(index, prop);
      if (!field || typeof value !== "string") {
        return base.remove(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount);
      }
      field.remove(internalId, countsOf(tokenizer.tokenize(value, language, prop)).counts.keys());
      return true;
    },
    search(index, term, tokenizer: Tokenizer, language, props, _exact, _tolerance, boost, relevance, docsCount, where) {
      return bm25Search(index as unknown as Bm25Store, tokenizer.tokenize(term, language), {
        props,
        boost: boost as Record<string, number>,
        k1: relevance.k,
        b: relevance.b,
        docsCount,
        where,
        // Orama's search() knows no search-as-you-type; ChunkIndex.keywordSearch calls bm25Search for that.
        prefixLast: false,
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

/** Shortest last term expanded as a prefix while typing. */
const MIN_PREFIX_LENGTH = 3;

/** What one BM25F search needs besides the query terms. */
export interface Bm25Params {
  /** Text fields to search. */
  props: string[];
  boost: Record<string, number>;
  k1: number;
  b: number;
  docsCount: number;
  where: Set<number> | undefined;
  prefixLast: boolean;
  /** How many results to return at most; Infinity for all. */
  limit: number;
}

/** Documents matching any query term, best first (ties by chunk id), as internal ids and BM25F scores. */
export function bm25Search(index: Bm25Store, queryTerms: readonly string[], p: Bm25Params): TokenScore[] {
  const size = index.sharedInternalDocumentStore.internalIdToId.length + 1;
  const scores = new Accumulator(size);
  const tfs = new Accumulator(size);
  const best = new Accumulator(size);
  const fields = p.props.flatMap((prop) => {
    const postings = index.fields[prop];
    return postings ? [{ postings, weight: p.boost[prop] ?? 1, avgLength: postings.averageLength || 1 }] : [];
  });
  const terms = [...new Set(queryTerms)];
  terms.forEach((term, i) => {
    // One or two letters prefix too much of the vocabulary to mean anything, and expanding them costs the most.
    const prefix = p.prefixLast && i === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH;
    // Expansions of one term (a prefix) are scored separately; a document keeps its best one.
    for (const word of prefix ? expansions(fields, term) : [term]) {
      let df = 0;
      for (const f of fields) df = Math.max(df, f.postings.documentFrequency(word));
      if (df <= 0) continue;
      for (const { postings, weight, avgLength } of fields) {
        const list = postings.postings(word);
        if (!list) continue;
        const { ids, counts, length } = list;
        for (let k = 0; k < length; k++) {
          const id = ids[k] ?? 0;
          if (p.where && !p.where.has(id)) continue;
          const norm = 1 - p.b + (p.b * postings.lengthOf(id)) / avgLength;
          tfs.add(id, (weight * (counts[k] ?? 0)) / norm);
        }
      }
      const idf = Math.log(1 + (p.docsCount - df + 0.5) / (df + 0.5));
      const k1 = p.k1;
      tfs.drain((id, t) => {
        const s = (idf * t * (k1 + 1)) / (t + k1);
        if (prefix) best.max(id, s);
        else scores.add(id, s);
      });
    }
    if (prefix) best.drain((id, s) => scores.add(id, s));
  });
  const out: TokenScore[] = [];
  scores.drain((id, s) => out.push([id, s]));
  // Ties go by chunk id, not by Orama's internal id: that one depends on the order chunks were inserted in, and a
  // restored index must rank exactly like the one it was saved from.
  const external = index.sharedInternalDocumentStore.internalIdToId;
  const better = (a: TokenScore, b: TokenScore): boolean =>
    a[1] > b[1] || (a[1] === b[1] && (external[a[0] - 1] ?? "") < (external[b[0] - 1] ?? ""));
  return topK(out, Math.min(p.limit, out.length), better);
}

/** Every term of any of these fields that starts with `prefix`, each once. */
function expansions(fields: readonly { postings: FieldPostings }[], prefix: string): Set<string> {
  const out = new Set<string>();
  for (const f of fields) for (const term of f.postings.vocabulary.withPrefix(prefix)) out.add(term);
  return out;
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
  for (const term of new Set(queryTerms)) {
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
    total += (idf * t * (p.k1 + 1)) / (t + p.k1);
  }
  return total;
}
