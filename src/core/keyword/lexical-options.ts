/** BM25 and field weighting of the keyword index. */
export interface LexicalOptions {
  /** BM25 term-frequency saturation of a chunk's score. Higher lets repeated words count for more. Default 0.9. */
  k1: number;
  /** BM25 length normalisation of a chunk's score, 0 (none) to 1 (full). Default 0.4. */
  b: number;
  /** Weight of a match in the note title relative to body text. Default 2. */
  titleBoost: number;
  /** Weight of a match in the chunk's heading path. Default 1.5. */
  headingBoost: number;
  /** Weight of a match in the note's aliases. Default 2. */
  aliasBoost: number;
  /** BM25 term-frequency saturation of a note's score (its chunks taken as one document). Default 1.2. */
  noteK1: number;
  /** BM25 length normalisation of a note's score, against the mean note length. Default 0.75. */
  noteB: number;
  /**
   * Weight of a note's best chunk score added to its note score when keyword search ranks notes. 0 ranks by the
   * whole note alone; a large value ranks almost by the best chunk, as before note scoring. Default 1.
   */
  passageWeight: number;
}

export const DEFAULT_LEXICAL_OPTIONS: LexicalOptions = {
  k1: 0.9,
  b: 0.4,
  titleBoost: 2,
  headingBoost: 1.5,
  aliasBoost: 2,
  noteK1: 1.2,
  noteB: 0.75,
  passageWeight: 1,
};
