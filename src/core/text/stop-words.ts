/**
 * English stop words: Lucene's classic list. Kept short on purpose: a longer list removes words such as "not" and
 * "against" that carry meaning in notes and claims, and BM25's idf already discounts frequent words.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not", "of",
  "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "will", "with",
]);
