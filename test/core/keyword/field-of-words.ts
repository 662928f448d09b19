import { FieldPostings } from "../../../src/core/keyword/field-postings";

/** A field over chunks given as their words (already index terms), the chunks numbered from 1. */
export function field(chunks: readonly string[][]): FieldPostings {
  const postings = new FieldPostings();
  chunks.forEach((words, i) => {
    const counts = new Map<string, number>();
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    postings.add(i + 1, counts, words.length);
  });
  return postings;
}
