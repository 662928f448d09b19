import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { chunkedNote as note } from "../../fakes/chunked-note";

const vec = (...xs: number[]) => Float32Array.from(xs);

describe("ChunkIndex keyword search", () => {
  it("ranks by BM25 with raw term frequency, not Orama's length-divided one", () => {
    const idx = new ChunkIndex(0);
    idx.addNote(note("a.md", "Alpha", ["garden garden garden tomato"]));
    idx.addNote(note("b.md", "Beta", ["garden tomato tomato tomato onion pepper"]));
    idx.addNote(note("c.md", "Gamma", ["nothing relevant here at all"]));
    expect(idx.keywordSearch("garden", { limit: 10 }).map((h) => h.id)).toEqual(["a.md#0", "b.md#0"]);
    expect(idx.keywordSearch("tomato", { limit: 10 }).map((h) => h.id)).toEqual(["b.md#0", "a.md#0"]);
  });

  it("scores a chunk with true term counts and field lengths, as a hypothetical chunk with the same texts would", () => {
    const idx = new ChunkIndex(0);
    const text = "garden garden garden tomato soil soil";
    idx.addNote(note("a.md", "Garden garden", [text]));
    idx.addNote(note("b.md", "Beta", ["garden tomato onion pepper salt"]));
    idx.addNote(note("c.md", "Gamma", ["soil and tomato"]));
    for (const query of ["garden", "tomato soil", "garden soil pepper"]) {
      const hit = idx.keywordSearch(query, { limit: 10 }).find((h) => h.id === "a.md#0");
      const expected = idx.keywordScoreOf(query, { text, title: "Garden garden", headings: "", aliases: "" });
      expect(hit?.chunkScore).toBeCloseTo(expected, 10);
    }
  });

  it("matches whole terms only unless the last one is a prefix", () => {
    const idx = new ChunkIndex(0);
    idx.addNote(note("a.md", "A", ["the project plan"]));
    idx.addNote(note("b.md", "B", ["a projector manual"]));
    expect(idx.keywordSearch("proj", { limit: 10 })).toEqual([]);
    expect(idx.keywordSearch("proj", { limit: 10, prefixLast: true }).map((h) => h.id).sort()).toEqual(["a.md#0", "b.md#0"]);
  });

  it("finds a note by its title and aliases with a boost", () => {
    const idx = new ChunkIndex(0);
    idx.addNote(note("x.md", "Kubernetes", ["container orchestration notes"]));
    idx.addNote(note("y.md", "Misc", ["kubernetes mentioned once among many other words in a long body of text"]));
    idx.addNote(note("z.md", "Z", ["body"], { aliases: ["Zeppelin"] }));
    expect(idx.keywordSearch("kubernetes", { limit: 10 })[0]?.id).toBe("x.md#0");
    expect(idx.keywordSearch("zeppelin", { limit: 10 })[0]?.id).toBe("z.md#0");
  });

  it("keeps document frequencies right across re-adds and removals", () => {
    const idx = new ChunkIndex(0);
    idx.addNote(note("a.md", "A", ["apple apple banana"]));
    idx.addNote(note("b.md", "B", ["banana cherry"]));
    const before = idx.keywordSearch("banana apple", { limit: 10 });
    for (let i = 0; i < 5; i++) idx.addNote(note("a.md", "A", ["apple apple banana"]));
    idx.addNote(note("c.md", "C", ["cherry"]));
    idx.removeNote("c.md");
    expect(idx.keywordSearch("banana apple", { limit: 10 })).toEqual(before);
    expect(idx.removeNote("a.md")).toBe(true);
    expect(idx.keywordSearch("apple", { limit: 10 })).toEqual([]);
    expect(idx.size).toBe(1);
  });

  it("finds Chinese text with a Chinese query", () => {
    const idx = new ChunkIndex(0);
    idx.addNote(note("zh.md", "笔记", ["如何在笔记中使用标签和链接"]));
    idx.addNote(note("en.md", "Notes", ["how to use tags and links"]));
    expect(idx.keywordSearch("标签", { limit: 10 }).map((h) => h.id)).toEqual(["zh.md#0"]);
  });
});

describe("ChunkIndex vector search", () => {
  it("returns every chunk above the similarity floor, nearest first", () => {
    const idx = new ChunkIndex(2);
    idx.addNote(note("a.md", "A", ["x"]), [vec(1, 0)]);
    idx.addNote(note("b.md", "B", ["y"]), [vec(0.6, 0.8)]);
    idx.addNote(note("c.md", "C", ["z"]), [vec(-1, 0)]);
    expect(idx.vectorSearch(vec(1, 0), { limit: 10, similarity: 0 }).map((h) => h.id)).toEqual(["a.md#0", "b.md#0"]);
    expect(idx.vectorSearch(vec(1, 0), { limit: 10, similarity: -1 })).toHaveLength(3);
  });

  it("fills in a vector later without changing keyword results or the stored chunk object", () => {
    const idx = new ChunkIndex(2);
    idx.addNote(note("a.md", "A", ["alpha text"]));
    const chunkBefore = idx.get("a.md#0")?.chunk;
    expect(idx.vectorSearch(vec(1, 0), { limit: 5, similarity: 0 })).toEqual([]);
    expect(idx.setVector("a.md#0", vec(1, 0))).toBe(true);
    expect(idx.vectorSearch(vec(1, 0), { limit: 5, similarity: 0 }).map((h) => h.id)).toEqual(["a.md#0"]);
    expect(idx.keywordSearch("alpha", { limit: 5 }).map((h) => h.id)).toEqual(["a.md#0"]);
    expect(idx.get("a.md#0")?.chunk).toBe(chunkBefore);
    expect(idx.vectorCount).toBe(1);
  });

  it("rejects vectors of the wrong size", () => {
    const idx = new ChunkIndex(3);
    idx.addNote(note("a.md", "A", ["x"]), [vec(1, 0)]);
    expect(idx.vectorCount).toBe(0);
    expect(idx.setVector("a.md#0", vec(1, 0))).toBe(false);
    expect(idx.setVector("missing#0", vec(1, 0, 0))).toBe(false);
  });

  it("keeps the vector on the stored entry after a search (Orama must not null it)", () => {
    const idx = new ChunkIndex(2);
    idx.addNote(note("a.md", "A", ["x"]), [vec(1, 0)]);
    idx.vectorSearch(vec(1, 0), { limit: 5, similarity: 0 });
    expect(idx.vectorSearch(vec(1, 0), { limit: 5, similarity: 0 })).toHaveLength(1);
    expect(idx.get("a.md#0")?.vector).toEqual(vec(1, 0));
  });
});
