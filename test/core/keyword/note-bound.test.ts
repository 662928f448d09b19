import { describe, expect, it } from "vitest";
import { scoreHits, topHits } from "../../../src/core/keyword/bm25-search";
import type { Bm25Params, QueryClause } from "../../../src/core/keyword/bm25-terms";
import { FieldPostings } from "../../../src/core/keyword/field-postings";
import { notesReaching } from "../../../src/core/keyword/note-bound";
import { NoteTable } from "../../../src/core/keyword/note-table";

/** A seeded generator, so that a failure names a corpus that can be made again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ["pro", "project", "process", "proof", "que", "question", "quest", "room", "sugar", "rain", "soil", "morning"];

/** Notes of one to five chunks, words drawn with a skew (early words common, late ones rare), a title per note. */
function corpus(seed: number, noteCount: number) {
  const next = random(seed);
  const fields = { text: new FieldPostings(), title: new FieldPostings() };
  const table = new NoteTable(["text", "title"], new Set(["title"]));
  const ids: string[] = [];
  const word = () => WORDS[Math.floor(next() ** 2 * WORDS.length)] ?? "rain";
  for (let n = 0; n < noteCount; n++) {
    const title = [word(), word()];
    const chunks = 1 + Math.floor(next() * 5);
    for (let c = 0; c < chunks; c++) {
      const id = ids.length + 1;
      ids.push(`n${n}.md#${c}`);
      const text = Array.from({ length: 3 + Math.floor(next() * 20) }, word);
      for (const [field, words] of [["text", text], ["title", title]] as const) {
        const counts = new Map<string, number>();
        for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
        fields[field].add(id, counts, words.length);
      }
      table.track("add", id, `n${n}.md`, fields);
    }
  }
  return { index: { fields, ids }, table };
}

const props = ["text", "title"];
const own = (term: string) => ({ term, weight: 1 });
const completion = (term: string) => ({ term, weight: 0.9, completion: true });
const QUERIES: QueryClause[][] = [
  [{ terms: [completion("pro"), completion("project"), completion("process"), completion("proof")], count: 1, props }],
  [{ terms: [own("room")], count: 1, props }, { terms: [completion("sugar"), completion("soil")], count: 1, props }],
  [{ terms: [own("project")], count: 2, props }, { terms: [own("que"), completion("question"), completion("quest")], count: 1, props }],
  [{ terms: [own("rain")], count: 1, props }, { terms: [own("morning"), { term: "mourning", weight: 0.5, fuzzy: true }], count: 1, props }],
  [{ terms: [own("soil")], count: 1, props }, { terms: [own("room")], count: 1, props }, { terms: [own("quest")], count: 1, props }],
];

describe("scoreHits with a depth (only the notes that can rank that high)", () => {
  it("lists at every depth up to it, capped per note or not, exactly what the whole table lists", () => {
    let pruned = 0;
    for (const seed of [1, 2, 3, 4]) {
      const { index, table } = corpus(seed, 400);
      const notes = { table, k1: 1.2, b: 0.75, passageWeight: 1 };
      const p: Bm25Params = { boost: { text: 1, title: 2 }, k1: 0.9, b: 0.4, docsCount: index.ids.length, where: undefined, limit: Infinity };
      for (const clauses of QUERIES) {
        for (const depth of [1, 10, 60]) {
          const whole = scoreHits(index, clauses, p, notes);
          const expected = [1, 2, Infinity].flatMap((cap) => [1, Math.ceil(depth / 2), depth].map((d) => topHits(whole, d, cap)));
          const bounded = scoreHits(index, clauses, p, notes, undefined, depth);
          const got = [1, 2, Infinity].flatMap((cap) => [1, Math.ceil(depth / 2), depth].map((d) => topHits(bounded, d, cap)));
          expect(got, `seed ${seed} depth ${depth} ${JSON.stringify(clauses.map((c) => c.terms.map((t) => t.term)))}`).toEqual(expected);
          if (bounded.table.length < whole.table.length) pruned++;
        }
      }
    }
    // The bound is not idle: most of these searches leave chunks out.
    expect(pruned).toBeGreaterThan(30);
  });

  it("keeps every note when fewer notes match than the depth asked for", () => {
    const scores = { chunkIds: Int32Array.of(1, 2), chunkScores: Float64Array.of(1, 2), noteIds: new Int32Array(0), noteScores: new Float64Array(0) };
    expect(notesReaching([{ scores, count: 1 }], new Float64Array(4), (id) => id, 1, 2)).toBeUndefined();
  });
});
