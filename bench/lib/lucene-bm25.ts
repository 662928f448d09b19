import { tokenizer as oramaTokenizer } from "@orama/orama/components";

/** Lucene's classic English stop set (EnglishAnalyzer's default). */
const STOP = new Set([
  "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not", "of",
  "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "will", "with",
]);
const porter = oramaTokenizer.createTokenizer({ language: "english", stemming: true }).stemmer ?? ((w: string) => w);

/** Lucene EnglishAnalyzer, roughly: letters and digits, lower case, possessive dropped, stop words, Porter stem. */
export function luceneTerms(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu)) {
    const w = m[0].replace(/'s$/, "").replace(/'/g, "");
    if (!STOP.has(w)) out.push(/^[a-z]+$/.test(w) ? porter(w) : w);
  }
  return out;
}

/**
 * The baseline of issue 8: Anserini/Lucene-style BM25 (k1 1.2, b 0.75, Lucene's idf) over whole documents, with
 * the query's terms counted as often as they occur (a repeated word is a repeated clause, as in a Lucene
 * BooleanQuery built from a bag of words). Nothing else: no fields, no phrases, no prefixes.
 */
export class LuceneBm25 {
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly lengths: number[] = [];
  private readonly ids: string[] = [];

  constructor(private readonly k1 = 1.2, private readonly b = 0.75) {}

  add(id: string, text: string): void {
    const doc = this.ids.length;
    this.ids.push(id);
    const terms = luceneTerms(text);
    this.lengths.push(terms.length);
    for (const t of terms) {
      let list = this.postings.get(t);
      if (!list) this.postings.set(t, (list = new Map<number, number>()));
      list.set(doc, (list.get(doc) ?? 0) + 1);
    }
  }

  search(query: string, limit: number): string[] {
    const n = this.ids.length;
    const avg = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, n);
    const qtf = new Map<string, number>();
    for (const t of luceneTerms(query)) qtf.set(t, (qtf.get(t) ?? 0) + 1);
    const scores = new Map<number, number>();
    for (const [t, count] of qtf) {
      const list = this.postings.get(t);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.size + 0.5) / (list.size + 0.5));
      for (const [doc, tf] of list) {
        const norm = this.k1 * (1 - this.b + (this.b * (this.lengths[doc] ?? 0)) / avg);
        scores.set(doc, (scores.get(doc) ?? 0) + (count * idf * tf * (this.k1 + 1)) / (tf + norm));
      }
    }
    return [...scores]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, limit)
      .map(([doc]) => this.ids[doc] ?? "");
  }
}
