/** BM25 and field weighting of the keyword index. */
export interface LexicalOptions {
  /** BM25 term-frequency saturation. Higher lets repeated words count for more. Default 0.9 (Lucene/Anserini's). */
  k1: number;
  /** BM25 length normalisation, 0 (none) to 1 (full). Default 0.4. */
  b: number;
  /** Weight of a match in the note title relative to body text. Default 2. */
  titleBoost: number;
  /** Weight of a match in the chunk's heading path. Default 1.5. */
  headingBoost: number;
  /** Weight of a match in the note's aliases. Default 2. */
  aliasBoost: number;
}

export const DEFAULT_LEXICAL_OPTIONS: LexicalOptions = { k1: 0.9, b: 0.4, titleBoost: 2, headingBoost: 1.5, aliasBoost: 2 };
