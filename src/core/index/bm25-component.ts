import { index as oramaIndex, internalDocumentIDStore } from "@orama/orama/components";
import type { IIndex, Tokenizer, TokenScore } from "@orama/orama";
import type { radix } from "@orama/orama/trees";
import type { TermCounts } from "../text/analyzer";
import { termCountsOf } from "./orama-tokenizer";

type RadixNode = radix.RadixNode;

type OramaIndexStore = Parameters<typeof oramaIndex.insertTokenScoreParameters>[0];

/** Per-query switches Orama's `search()` has no parameter for; set just before a synchronous search. */
export interface QueryTuning {
  /** Treat the last query term as a prefix ("proj" finds "project"), for search-as-you-type. */
  prefixLast: boolean;
}

/**
 * Orama's stock full-text index stores term frequency as count ÷ field length and, with `exact:false`, expands every
 * query term as a prefix; with `exact:true` it adds a case-sensitive regex filter on the raw text. Neither gives
 * Lucene-style BM25, which is what keyword search is judged against. This component keeps Orama's radix tree,
 * document store and bookkeeping, but stores raw term counts, looks terms up exactly and scores BM25F: each field's
 * count is length-normalised (`tf / (1 − b + b·len/avgLen)`), weighted by the field boost and summed before one
 * saturation `idf · t·(k1+1) / (t + k1)`. A word in both title and body thus counts as more evidence of one term,
 * not as two independent terms, which is what made the per-field sum over-reward titles.
 */
export function createBm25Component(tuning: QueryTuning): IIndex<OramaIndexStore> {
  const base = oramaIndex.createIndex();
  // Distinct terms of the document being removed, so a repeated term lowers document frequency once.
  let removing = new Set<string>();

  return {
    ...base,
    // Everything per term is done here, once per distinct term: the tokenizer hands Orama distinct terms (see
    // `termCountsOf`), and Orama's per-token hook below would otherwise look the document up once per term.
    insertDocumentScoreParameters(index, prop, id, tokens, docsCount) {
      const internalId = internalDocumentIDStore.getInternalDocumentId(index.sharedInternalDocumentStore, id);
      const counted = termCountsOf(tokens) ?? countTerms(tokens);
      const lengths = index.fieldLengths[prop];
      const frequencies = index.frequencies[prop];
      const occurrences = index.tokenOccurrences[prop];
      if (!lengths || !frequencies || !occurrences) return;
      index.avgFieldLength[prop] = ((index.avgFieldLength[prop] ?? 0) * (docsCount - 1) + counted.length) / docsCount;
      lengths[internalId] = counted.length;
      const freqs: Record<string, number> = {};
      for (const [term, n] of counted.counts) {
        freqs[term] = n;
        occurrences[term] = (occurrences[term] ?? 0) + 1;
      }
      frequencies[internalId] = freqs;
    },
    insertTokenScoreParameters() {
      // Done per document above.
    },
    removeDocumentScoreParameters(index, prop, id, docsCount) {
      const internalId = internalDocumentIDStore.getInternalDocumentId(index.sharedInternalDocumentStore, id);
      removing = new Set(Object.keys(index.frequencies[prop]?.[internalId] ?? {}));
      return base.removeDocumentScoreParameters(index, prop, id, docsCount);
    },
    removeTokenScoreParameters(index, prop, token) {
      if (!removing.delete(token)) return;
      const occurrences = index.tokenOccurrences[prop];
      if (occurrences?.[token] !== undefined) occurrences[token] -= 1;
    },
    search(index, term, tokenizer: Tokenizer, language, props, _exact, _tolerance, boost, relevance, docsCount, where) {
      return bm25Search(index as OramaIndexStore, tokenizer.tokenize(term, language), {
        props,
        boost: boost as Record<string, number>,
        k1: relevance.k,
        b: relevance.b,
        docsCount,
        where,
        prefixLast: tuning.prefixLast,
      });
    },
  };
}

/** Counts of a token array that came from another tokenizer (duplicates kept). */
function countTerms(tokens: readonly string[]): TermCounts {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { counts, length: tokens.length };
}

/** Shortest last term expanded as a prefix while typing. */
const MIN_PREFIX_LENGTH = 3;

interface Bm25Params {
  props: string[];
  boost: Record<string, number>;
  k1: number;
  b: number;
  docsCount: number;
  where: Set<number> | undefined;
  prefixLast: boolean;
}

function bm25Search(index: OramaIndexStore, queryTerms: string[], p: Bm25Params): TokenScore[] {
  const size = index.sharedInternalDocumentStore.internalIdToId.length + 1;
  const scores = new Accumulator(size);
  const tfs = new Accumulator(size);
  const best = new Accumulator(size);
  const terms = [...new Set(queryTerms)];
  terms.forEach((term, i) => {
    // One or two letters prefix too much of the vocabulary to mean anything, and expanding them costs the most.
    const prefix = p.prefixLast && i === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH;
    // Expansions of one term (a prefix) are scored separately; a document keeps its best one.
    const perWord = new Map<string, { df: number; postings: [number, Iterable<number>][] }>();
    p.props.forEach((prop, propIndex) => {
      const tree = index.indexes[prop];
      if (tree?.type !== "Radix") return;
      for (const [word, ids] of lookup(tree.node, term, prefix)) {
        let entry = perWord.get(word);
        if (!entry) perWord.set(word, (entry = { df: 0, postings: [] }));
        entry.df = Math.max(entry.df, index.tokenOccurrences[prop]?.[word] ?? 0);
        entry.postings.push([propIndex, ids]);
      }
    });
    for (const [word, { df, postings }] of perWord) {
      if (df <= 0) continue;
      for (const [propIndex, ids] of postings) {
        const prop = p.props[propIndex] ?? "";
        const weight = p.boost[prop] ?? 1;
        const freqs = index.frequencies[prop] ?? {};
        const lengths = index.fieldLengths[prop] ?? {};
        const avgLength = index.avgFieldLength[prop] || 1;
        for (const id of ids) {
          if (p.where && !p.where.has(id)) continue;
          const tf = freqs[id]?.[word] ?? 0;
          if (tf <= 0) continue;
          const norm = 1 - p.b + (p.b * (lengths[id] ?? avgLength)) / avgLength;
          tfs.add(id, (weight * tf) / norm);
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
  return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
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

/**
 * Documents containing `term` exactly, or every word it prefixes. Orama's `find({ exact: true })` walks the whole
 * subtree below the term and filters, which is most of a query's time for short, common stems; an exact match
 * only needs the path down the radix tree.
 */
function lookup(root: RadixNode, term: string, prefix: boolean): Iterable<[string, Iterable<number>]> {
  if (prefix) return Object.entries(root.find({ term, exact: false, tolerance: 0 }));
  let node: RadixNode = root;
  let i = 0;
  while (i < term.length) {
    const child = node.c.get(term[i] ?? "");
    if (!child || !term.startsWith(child.s, i)) return [];
    i += child.s.length;
    node = child;
  }
  return node.e && node.w === term ? [[term, node.d]] : [];
}

/** Field texts of a hypothetical document, already analysed into terms. */
export type FieldTerms = Record<string, readonly string[]>;

/**
 * BM25F score a document with these fields would get for the query, using the live index's statistics (document
 * frequencies, average lengths). Calibration uses it to score a chunk with one sentence held out, without
 * re-indexing anything.
 */
export function scoreAgainstIndex(
  index: OramaIndexStore,
  queryTerms: readonly string[],
  fields: FieldTerms,
  p: Pick<Bm25Params, "boost" | "k1" | "b" | "docsCount">,
): number {
  let total = 0;
  for (const term of new Set(queryTerms)) {
    let t = 0;
    let df = 0;
    for (const [prop, terms] of Object.entries(fields)) {
      df = Math.max(df, index.tokenOccurrences[prop]?.[term] ?? 0);
      const tf = terms.filter((x) => x === term).length;
      if (tf === 0) continue;
      const avgLength = index.avgFieldLength[prop] || 1;
      t += ((p.boost[prop] ?? 1) * tf) / (1 - p.b + (p.b * terms.length) / avgLength);
    }
    if (t <= 0) continue;
    df = Math.max(df, 1);
    const idf = Math.log(1 + (p.docsCount - df + 0.5) / (df + 0.5));
    total += (idf * t * (p.k1 + 1)) / (t + p.k1);
  }
  return total;
}
