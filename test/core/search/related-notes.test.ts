import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { findRelatedNotes, type RelatedOptions } from "../../../src/core/search/related-notes";
import { probeVectors } from "../../../src/core/search/related-pairing";
import { scanNearestNotes } from "../../../src/core/vectors/vector-scan";
import type { ChunkedNote } from "../../../src/core/types";

interface Part {
  text: string;
  heading?: string;
  vec?: number[];
}

function note(path: string, title: string, parts: Part[]): ChunkedNote {
  return {
    path,
    meta: { title, aliases: [], tags: ["t"], links: [] },
    chunks: parts.map((p, i) => ({
      id: `${path}#${i}`,
      path,
      ordinal: i,
      headingPath: [title, ...(p.heading ? [p.heading] : [])],
      text: p.text,
      startLine: i * 5,
      endLine: i * 5 + 4,
      tokens: 10,
    })),
  };
}

function add(idx: ChunkIndex, path: string, title: string, parts: Part[]): void {
  idx.addNote(note(path, title, parts), parts.map((p) => (p.vec ? Float32Array.from(p.vec) : undefined)));
}

const OPTS: RelatedOptions = { limit: 10, rrfK: 20, weights: { vector: 1, bm25: 1 } };

function vault(): ChunkIndex {
  const idx = new ChunkIndex(3);
  add(idx, "a.md", "Gardening", [
    { text: "tomatoes and soil", vec: [1, 0, 0] },
    { text: "watering schedule", heading: "Watering", vec: [0.9, 0.1, 0] },
  ]);
  add(idx, "b.md", "Soil health", [{ text: "compost", vec: [0.95, 0.05, 0] }]);
  add(idx, "c.md", "Databases", [{ text: "indexes and queries", vec: [0, 0, 1] }]);
  add(idx, "d.md", "Watering plants", [
    { text: "intro about nothing", vec: [0, 1, 0] },
    { text: "drip irrigation", vec: [0.8, 0.2, 0] },
  ]);
  add(idx, "e.md", "Unembedded gardening", [{ text: "no vectors yet" }]);
  return idx;
}

describe("findRelatedNotes", () => {
  it("ranks neighbours by stored vectors, excludes the note itself, and reports the closest pair", () => {
    const r = findRelatedNotes(vault(), "a.md", { ...OPTS, weights: { vector: 1, bm25: 0 } });
    expect(r.status).toBe("ok");
    const paths = r.entries.map((e) => e.path);
    expect(paths).not.toContain("a.md");
    expect(paths.slice(0, 2)).toEqual(["b.md", "d.md"]);
    const b = r.entries[0];
    expect(b?.similarity).toBeCloseTo(Math.max(0.95 / Math.hypot(0.95, 0.05), (0.9 * 0.95 + 0.1 * 0.05) / (Math.hypot(0.9, 0.1) * Math.hypot(0.95, 0.05))), 5);
    expect(b?.best.id).toBe("b.md#0");
    expect(b?.ranks.vector).toBe(1);
    const d = r.entries.find((e) => e.path === "d.md");
    expect(d?.best.id).toBe("d.md#1");
    expect(d?.best.startLine).toBe(5);
  });

  it("fuses in BM25 over title and headings: a note named after a heading moves up", () => {
    const r = findRelatedNotes(vault(), "a.md", OPTS);
    expect(r.entries.slice(0, 2).map((e) => e.path)).toEqual(["d.md", "b.md"]);
    expect(r.entries[0]?.ranks).toEqual({ vector: 2, bm25: 1 });
  });

  it("ranks the unrelated note last and can find keyword-only notes by title", () => {
    const r = findRelatedNotes(vault(), "a.md", OPTS);
    const paths = r.entries.map((e) => e.path);
    expect(paths.indexOf("c.md")).toBeGreaterThan(paths.indexOf("d.md"));
    const e = r.entries.find((x) => x.path === "e.md");
    expect(e?.ranks.bm25).toBeDefined();
    expect(e?.similarity).toBeUndefined();
  });

  it("hides the notes it is told to", () => {
    const r = findRelatedNotes(vault(), "a.md", { ...OPTS, excludeLinked: ["b.md"] });
    expect(r.entries.map((e) => e.path)).not.toContain("b.md");
    expect(r.entries.map((e) => e.path)).toContain("d.md");
  });

  it("honours the limit", () => {
    expect(findRelatedNotes(vault(), "a.md", { ...OPTS, limit: 1 }).entries).toHaveLength(1);
  });

  it("says why when it cannot answer", () => {
    const idx = vault();
    expect(findRelatedNotes(idx, "missing.md", OPTS)).toEqual({ path: "missing.md", status: "not-indexed", entries: [] });
    expect(findRelatedNotes(idx, "a.md", { ...OPTS, excluded: true })).toEqual({ path: "a.md", status: "excluded", entries: [] });
    const r = findRelatedNotes(idx, "e.md", OPTS);
    expect(r.status).toBe("no-embeddings");
    expect(r.entries.map((x) => x.path)).toContain("a.md");
    expect(r.entries.every((x) => x.similarity === undefined)).toBe(true);
  });

  it("works on a keyword-only index and with a bad k", () => {
    const idx = new ChunkIndex(0);
    add(idx, "x.md", "Rust ownership", [{ text: "borrow checker" }]);
    add(idx, "y.md", "Ownership in Rust", [{ text: "lifetimes" }]);
    const r = findRelatedNotes(idx, "x.md", { ...OPTS, rrfK: 0 });
    expect(r.status).toBe("no-embeddings");
    expect(r.entries.map((e) => e.path)).toEqual(["y.md"]);
  });
});

describe("probeVectors", () => {
  it("uses the single chunk as is, else the mean plus the chunks farthest from it", () => {
    const src = (id: string, v: number[]) => ({ id, vector: Float32Array.from(v), unit: Float32Array.from(v), rarity: 1 });
    const one = [src("a#0", [1, 2])];
    expect(probeVectors(one, 2)).toEqual([Float32Array.from([1, 2])]);
    const many = [
      src("a#0", [1, 0]),
      src("a#1", [1, 0.1]),
      src("a#2", [0, 1]),
    ];
    const probes = probeVectors(many, 1);
    expect(probes).toHaveLength(2);
    expect(probes[1]).toEqual(Float32Array.from([0, 1]));
  });
});

describe("scanNearestNotes", () => {
  it("ranks notes by their chunk closest to any probe, exactly, skipping what it is told", () => {
    const idx = vault();
    const near = scanNearestNotes(idx, [Float32Array.from([1, 0, 0])], new Set(["a.md"]), 3);
    expect(near.map((n) => n.path)).toEqual(["b.md", "d.md", "c.md"]);
    expect(near[0]?.similarity).toBeCloseTo(0.95 / Math.hypot(0.95, 0.05), 6);
    expect(scanNearestNotes(idx, [Float32Array.from([0, 0, 1]), Float32Array.from([0, 1, 0])], new Set(), 2).map((n) => n.path)).toEqual([
      "c.md",
      "d.md",
    ]);
    expect(scanNearestNotes(idx, [Float32Array.from([0, 0])], new Set(), 5)).toEqual([]);
  });
});
