import { describe, expect, it } from "vitest";
import { FieldPostings } from "../../../src/core/keyword/field-postings";
import { PostingList } from "../../../src/core/keyword/posting-list";
import { ChunkIndex, type SavedNote } from "../../../src/core/index/chunk-index";
import type { ChunkedNote } from "../../../src/core/types";

/** `count` distinct words starting with `prefix`. */
const words = (prefix: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `${prefix}${i.toString(36)}x`).join(" ");

function drain<T>(steps: Generator<void, T, void>): { value: T; steps: number } {
  for (let n = 0; ; n++) {
    const s = steps.next();
    if (s.done) return { value: s.value, steps: n };
  }
}

describe("FieldPostings restore in steps", () => {
  it("changes nothing until the prepared state is adopted, which then answers as a restore in one go", () => {
    const terms = Array.from({ length: 9000 }, (_, i) => `t${String(i).padStart(5, "0")}`);
    const lists = terms.map((_, i) => (i % 7 === 3 ? new PostingList() : PostingList.from(Int32Array.of(1 + (i % 5)), Int32Array.of(1 + (i % 3)))));
    const lengths = Int32Array.of(0, 4, 9, 2, 7, 1);
    const field = new FieldPostings();
    field.add(1, new Map([["old", 2]]), 2);
    const steps = FieldPostings.prepare([...terms], lists, lengths, 5);
    let yields = 0;
    for (let s = steps.next(); !s.done; s = steps.next()) {
      yields++;
      expect(field.termCount).toBe(1);
      expect(field.documentFrequency("old")).toBe(1);
    }
    // More than one step: the map is built in slices, not in one go.
    expect(yields).toBeGreaterThan(1);
    const prepared = drain(FieldPostings.prepare([...terms], lists, lengths, 5)).value;
    field.adopt(prepared);
    const whole = new FieldPostings();
    whole.restore([...terms], lists, lengths, 5);
    for (const f of [field, whole]) {
      expect(f.postings("old")).toBeUndefined();
      expect(f.termCount).toBe(terms.length - Math.ceil((terms.length - 3) / 7));
      expect(f.documentFrequency("t00003")).toBe(0);
      expect(f.documentFrequency("t00004")).toBe(1);
      expect(f.averageLength).toBeCloseTo(23 / 5, 12);
      expect(f.lengthOf(2)).toBe(9);
    }
    expect(field.vocabulary.terms()).toEqual(whole.vocabulary.terms());
    expect(field.vocabulary.withPrefix("t0000")).toEqual(["t00000", "t00001", "t00002", "t00004", "t00005", "t00006", "t00007", "t00008", "t00009"]);
  });

  it("puts every field of a saved index in place together: a search between the steps never sees some restored", () => {
    const note = (path: string, title: string, text: string): ChunkedNote => ({
      path,
      meta: { title, aliases: [], tags: [], links: [] },
      chunks: [{ id: `${path}#0`, path, ordinal: 0, headingPath: [title], text, startLine: 0, endLine: 1, tokens: 9 }],
    });
    // Enough distinct words in a later field (the title) and in the text that each one's restore takes several steps.
    const notes = [note("a.md", `plain ${words("ttl", 6000)}`, "betaword garden"), note("b.md", "quiet", `${words("txt", 6000)} gammaword`)];
    const built = new ChunkIndex(0);
    for (const n of notes) built.addNote(n);
    const saved: SavedNote[] = notes.map((n) => ({ note: n, vectors: [] }));
    const ids = notes.map((n) => n.chunks[0]?.id ?? "");
    const blob = drain(built.exportKeywordSteps(ids)).value;
    const parts = drain(built.exportKeywordPartsSteps([[ids[0] ?? ""], [ids[1] ?? ""]])).value;
    const ways = [blob, [{ bytes: parts?.[0], rows: Int32Array.of(0) }, { bytes: parts?.[1], rows: Int32Array.of(1) }]] as const;
    for (const keywords of ways) {
      const idx = new ChunkIndex(0);
      const steps = idx.restoreSteps(saved, keywords, 1);
      let seen = 0;
      for (let s = steps.next(); !s.done; s = steps.next()) {
        const inText = idx.keywordSearch("gammaword", { limit: 5 }).length > 0;
        const inTitle = idx.keywordSearch("ttl5x", { limit: 5 }).length > 0;
        expect(inTitle).toBe(inText);
        if (inText) seen++;
      }
      expect(seen).toBeGreaterThan(0);
      expect(idx.keywordSearch("ttl5x", { limit: 5 })).toEqual(built.keywordSearch("ttl5x", { limit: 5 }));
      expect(idx.keywordSearch("gammaword betaword", { limit: 5 })).toEqual(built.keywordSearch("gammaword betaword", { limit: 5 }));
    }
  });
});
