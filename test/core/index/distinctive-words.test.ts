import { describe, expect, it, vi } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { distinctiveWords, sampleTexts, WORD_SAMPLE_CHARS, type WordStatistics } from "../../../src/core/index/distinctive-words";
import { Analyzer } from "../../../src/core/text/analyzer";
import { ENGLISH, languageOf } from "../../../src/core/text/languages";
import type { ChunkedNote } from "../../../src/core/types";

function add(idx: ChunkIndex, path: string, text: string): void {
  const note: ChunkedNote = {
    path,
    meta: { title: path, aliases: [], tags: [], links: [] },
    chunks: [{ id: `${path}#0`, path, ordinal: 0, headingPath: [path], text, startLine: 0, endLine: 0, tokens: 10 }],
  };
  idx.addNote(note, [undefined]);
}

describe("ChunkIndex.distinctiveWords", () => {
  it("leaves out words held by more than the given share of the chunks, the costly ones to query", () => {
    const idx = new ChunkIndex(0);
    add(idx, "source.md", "gardening gardening gardening tomatoes tomatoes");
    add(idx, "other.md", "tomatoes ripen late");
    for (let i = 0; i < 18; i++) add(idx, `n${i}.md`, `gardening note ${i} filler${i}`);
    // 20 chunks: "gardening" is in 19 of them, "tomatoes" in 2.
    expect(idx.distinctiveWords(["source.md#0"], 5)).toContain("gardening");
    const capped = idx.distinctiveWords(["source.md#0"], 5, undefined, 0.5);
    expect(capped).not.toContain("gardening");
    expect(capped).toContain("tomatoes");
  });
});

describe("distinctiveWords on long and repeated sources", () => {
  const stats = (analyzer: Analyzer): WordStatistics => ({ analyzer, documentFrequency: (t) => (t.length % 7) + 2, documents: 1000 });
  const texts = [
    "Gardeners gardening the allotments, tomatoes and tomatoes again; Die Gärten blühen im Sommer.",
    "Rivers, bridges and the bridge's engineers: spans of steel, spans of stone. café naïve Straße",
  ];

  it("gives the same words from a chunk's kept analysis as from its text, for every language it is read in", () => {
    const analyzer = new Analyzer({ stemming: true, stopWords: false });
    const keys = texts.map(() => ({}));
    for (const lang of [ENGLISH, languageOf("de")!, ENGLISH]) {
      const plain = distinctiveWords(texts.map((text) => ({ text, lang })), stats(analyzer), 10);
      const kept = distinctiveWords(texts.map((text, i) => ({ text, lang, key: keys[i] })), stats(analyzer), 10);
      expect(kept).toEqual(plain);
      expect(distinctiveWords(texts.map((text, i) => ({ text, lang, key: keys[i] })), stats(analyzer), 10, new Set(["spans"]))).toEqual(
        distinctiveWords(texts.map((text) => ({ text, lang })), stats(analyzer), 10, new Set(["spans"])),
      );
    }
  });

  it("samples a long source evenly, within the budget, the same way every time", () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ text: `${"x".repeat(990)} ${i}` }));
    const sample = sampleTexts(many, 32_000);
    expect(sample.reduce((n, t) => n + t.text.length, 0)).toBeLessThanOrEqual(32_000);
    expect(sample.length).toBeGreaterThan(20);
    expect(sample[0]).toBe(many[0]);
    expect(sample.at(-1)!.text.endsWith(" 96")).toBe(true);
    expect(sampleTexts(many, 32_000)).toEqual(sample);
    expect(sampleTexts(many.slice(0, 10), 32_000)).toEqual(many.slice(0, 10));
  });

  it("reads no more than WORD_SAMPLE_CHARS of a long note's text, and still leaves out words no other note holds", () => {
    const idx = new ChunkIndex(0);
    const path = "long.md";
    const chunks = Array.from({ length: 120 }, (_, i) => ({
      id: `${path}#${i}`, path, ordinal: i, headingPath: [path], startLine: i, endLine: i, tokens: 200,
      text: `Zorblaxian gardening notes ${i}. ${"The allotment keeps its tomatoes under glass in spring. ".repeat(12)}`,
    }));
    idx.addNote({ path, meta: { title: path, aliases: [], tags: [], links: [] }, chunks }, []);
    add(idx, "other.md", "gardening in the allotment, tomatoes ripen");
    for (let i = 0; i < 30; i++) add(idx, `n${i}.md`, `unrelated filler ${i}`);
    const read = vi.spyOn(Analyzer.prototype, "words");
    const words = idx.distinctiveWords(chunks.map((c) => c.id), 5);
    const chars = read.mock.calls.reduce((n, [text]) => n + text.length, 0);
    read.mockRestore();
    expect(chars).toBeLessThanOrEqual(WORD_SAMPLE_CHARS);
    expect(words).toContain("gardening");
    expect(words).not.toContain("zorblaxian");
  });
});
