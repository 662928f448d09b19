import type { Tokenizer } from "@orama/orama";
import { Analyzer } from "../text/analyzer";

/** Orama's tokenizer interface over our Analyzer. Duplicates are kept: the BM25 component counts them. */
export function createOramaTokenizer(analyzer: Analyzer = new Analyzer()): Tokenizer {
  return {
    language: "english",
    normalizationCache: new Map(),
    tokenize: (raw: string) => (typeof raw === "string" ? analyzer.terms(raw) : []),
  };
}
