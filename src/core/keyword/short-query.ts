/**
 * Most words a query may have to count as short: a phrase or a few words remembered from one note ("Ich habe einen",
 * "when you start", a misspelt name), not a question or a description. A short query keeps its stop words, ranks
 * first the notes holding its words in order, is re-ranked for its misspelt words, and lets stems as short as three
 * letters stand for a misspelt word. In a longer one the other words single out the note, and each of those aids
 * costs time and, on SciFact, nDCG. One boundary for all four, so that they agree on what a short query is.
 */
export const SHORT_QUERY_WORDS = 4;
