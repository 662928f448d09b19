import type { Tokenizer } from "@orama/orama";
import { Analyzer, type TermCounts } from "../text/analyzer";

// Orama inserts, scores and radix-inserts once per token it is given, so it gets each distinct term once; the
// counts and the true field length travel beside the array, keyed by it, to the BM25 component.
const countsByTerms = new WeakMap<readonly string[], TermCounts>();

/** The counts behind an array this tokenizer returned, or undefined for any other array. */
export function termCountsOf(terms: readonly string[]): TermCounts | undefined {
  return countsByTerms.get(terms);
}

/**
 * Orama's tokenizer interface over our Analyzer. It returns distinct terms; `termCountsOf` on the result gives their
 * counts and the field length with duplicates, which the BM25 component needs.
 */
export function createOramaTokenizer(analyzer: Analyzer = new Analyzer()): Tokenizer {
  return {
    language: "english",
    normalizationCache: new Map(),
    tokenize: (raw: string) => {
      if (typeof raw !== "string") return [];
      const counts = analyzer.termCounts(raw);
      const terms = [...counts.counts.keys()];
      countsByTerms.set(terms, counts);
      return terms;
    },
  };
}
