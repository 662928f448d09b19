import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Analyzer } from "../../../src/core/text/analyzer";

describe("Analyzer", () => {
  const a = new Analyzer();

  it("lower-cases, stems and drops stop words", () => {
    expect(a.terms("The Studies of running Cells")).toEqual(["studi", "run", "cell"]);
  });

  it("folds accents so café finds cafe", () => {
    expect(a.terms("Café Crème")).toEqual(a.terms("cafe creme"));
  });

  it("keeps marks that are vowels in Devanagari", () => {
    const terms = a.terms("किताब कुत्ता");
    expect(terms).toHaveLength(2);
    expect(terms[0]).not.toEqual(terms[1]);
    expect(terms[0]).toContain("ि");
  });

  it("segments Chinese into words, the same way in a note and in a query", () => {
    const note = a.terms("如何在笔记中使用标签和链接");
    expect(note.length).toBeGreaterThan(3);
    for (const t of a.terms("使用标签")) expect(note).toContain(t);
  });

  it("keeps duplicates, since BM25 counts them", () => {
    expect(a.terms("cell cell cells")).toEqual(["cell", "cell", "cell"]);
  });

  it("splits hyphenated words and keeps numbers", () => {
    expect(a.terms("COVID-19 vaccine")).toEqual(["covid", "19", "vaccin"]);
  });

  it("drops possessives and apostrophes", () => {
    expect(a.terms("Alzheimer's don't")).toEqual(["alzheim", "dont"]);
  });

  it("can be configured without stemming or stop words", () => {
    expect(new Analyzer({ stemming: false, stopWords: false }).terms("the cells")).toEqual(["the", "cells"]);
  });

  it("counts the same terms as `terms`, with the same total length", () => {
    const word = fc.constantFrom("cells", "Cell", "the", "Café", "don't", "如何在笔记中", "किताब", "COVID-19", "x", "studies");
    const text = fc.array(fc.oneof(word, fc.string()), { maxLength: 30 }).map((ws) => ws.join(" "));
    fc.assert(
      fc.property(text, (t) => {
        const expected = new Map<string, number>();
        const terms = a.terms(t);
        for (const term of terms) expected.set(term, (expected.get(term) ?? 0) + 1);
        const counted = a.termCounts(t);
        expect(counted.length).toBe(terms.length);
        expect([...counted.counts].sort()).toEqual([...expected].sort());
      }),
    );
  });
});

describe("Analyzer code names", () => {
  it("keeps an underscored name whole and also indexes its parts", () => {
    const a = new Analyzer();
    expect(a.terms("run pg_basebackup nightly")).toEqual(["run", "pg_basebackup", "pg", "basebackup", "nightli"]);
    expect(a.termCounts("pg_basebackup pg_basebackup").counts.get("pg_basebackup")).toBe(2);
  });
});
