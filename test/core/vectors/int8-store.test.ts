import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { runAll } from "../../../src/core/shared/slices";
import { scanNearestNotes } from "../../../src/core/vectors/vector-scan";
import { findRelatedNotes } from "../../../src/core/search/related-notes";
import { nearestChunksSteps } from "../../../src/core/vectors/nearest-chunks";
import { VectorStore } from "../../../src/core/vectors/vector-store";
import { scanStore } from "../../../src/core/vectors/store-scan";
import { pairDotInt8Rows } from "../../../src/core/vectors/pair-dot-int8";
import type { ChunkedNote } from "../../../src/core/types";
import { unitVector } from "./unit-vector";

const DIMS = 64;

function filled(precision: "float32" | "int8", n: number): VectorStore {
  const store = new VectorStore(DIMS, (id) => Number(id.split("#")[1]), precision);
  for (let i = 0; i < n; i++) store.set(`n${i % 40}.md#${i}`, `n${i % 40}.md`, unitVector(DIMS, i + 1));
  return store;
}

function note(path: string, vectors: Float32Array[]): ChunkedNote {
  return {
    path,
    meta: { title: path, aliases: [], tags: [], links: [] },
    chunks: vectors.map((_, i) => ({ id: `${path}#${i}`, path, ordinal: i, headingPath: [path], text: `text ${path} ${i}`, startLine: i, endLine: i, tokens: 3 })),
  };
}

function index(precision: "float32" | "int8"): ChunkIndex {
  const idx = new ChunkIndex(DIMS, undefined, undefined, precision);
  for (let n = 0; n < 30; n++) {
    const vs = [0, 1, 2].map((k) => unitVector(DIMS, n * 3 + k + 1));
    idx.addNote(note(`n${n}.md`, vs), vs);
  }
  return idx;
}

describe("an int8 vector store", () => {
  it("keeps a quarter of the bytes and gives back each vector within half a quantization step", () => {
    const store = filled("int8", 10);
    const page = store.pages[0]!;
    expect(page.rows).toBeUndefined();
    expect(page.codes?.BYTES_PER_ELEMENT).toBe(1);
    const v = unitVector(DIMS, 3);
    const back = store.get("n2.md#2")!;
    const step = Math.max(...v.map(Math.abs)) / 127;
    for (let i = 0; i < DIMS; i++) expect(Math.abs(back[i]! - v[i]!)).toBeLessThanOrEqual(step / 2 + 1e-7);
    expect(store.get("n2.md#2")).not.toBe(back);
  });

  it("ranks like the float32 store on a fixture: each score within 0.01, a top 10 that differs only within that", () => {
    const exact = filled("float32", 600);
    const small = filled("int8", 600);
    let same = 0;
    for (let q = 0; q < 20; q++) {
      const query = unitVector(DIMS, 10_000 + q);
      const all = new Map(runAll(nearestChunksSteps(exact, query, -1, 600)).map((h) => [h.id, h.score]));
      const a = runAll(nearestChunksSteps(exact, query, -1, 10));
      const b = runAll(nearestChunksSteps(small, query, -1, 10));
      expect(b[0]!.id).toBe(a[0]!.id);
      for (const h of b) {
        expect(Math.abs(h.score - all.get(h.id)!)).toBeLessThan(0.01);
        expect(all.get(h.id)!).toBeGreaterThan(a[9]!.score - 0.02);
      }
      if (b.every((h, i) => h.id === a[i]!.id)) same++;
    }
    expect(same).toBeGreaterThanOrEqual(10);
  });
});

describe("the int8 scan", () => {
  it("gives bit for bit the scores of the JavaScript int8 loop through the float kernel", () => {
    const store = filled("int8", 1500);
    const [a, b] = [unitVector(DIMS, 77), unitVector(DIMS, 78)];
    const viaScan = new Float64Array(store.slots);
    runAll(scanStore(store, a, b, (first, n, dots) => viaScan.set(dots.subarray(0, n), first)));
    const viaLoop = new Float64Array(store.slots);
    for (const page of store.pages) if (page.codes) pairDotInt8Rows(page.codes, page.scales, page.count, a, b, viaLoop, page.first);
    expect([...viaScan]).toEqual([...viaLoop]);
    expect(viaScan.some((x) => x !== 0)).toBe(true);
  });
});

describe("ChunkIndex vector precision", () => {
  it("switches float32 → int8 → float32 keeping every vector (dequantized), and search keeps its top hits", () => {
    const idx = index("float32");
    const before = idx.get("n4.md#1")!.vector!.slice();
    const query = unitVector(DIMS, 13);
    const top = idx.vectorSearch(query, { limit: 5, similarity: -1 }).map((h) => h.id);
    expect(runAll(idx.setVectorPrecisionSteps("int8", 7))).toBe(90);
    expect(idx.vectorPrecision).toBe("int8");
    expect(idx.vectorCount).toBe(90);
    const small = idx.get("n4.md#1")!.vector!;
    for (let i = 0; i < DIMS; i++) expect(Math.abs(small[i]! - before[i]!)).toBeLessThan(0.01);
    expect(idx.vectorSearch(query, { limit: 5, similarity: -1 }).map((h) => h.id)).toEqual(top);
    expect(runAll(idx.setVectorPrecisionSteps("float32"))).toBe(90);
    expect([...idx.get("n4.md#1")!.vector!]).toEqual([...small]);
    expect(idx.get("n4.md#1")!.vector).toBe(idx.get("n4.md#1")!.vector);
  });

  it("serves related notes and the note scan from int8 vectors as from float32 ones", () => {
    const exact = index("float32");
    const small = index("int8");
    const opts = { limit: 5, rrfK: 20, weights: { vector: 1, bm25: 0 } };
    const a = findRelatedNotes(exact, "n3.md", opts);
    const b = findRelatedNotes(small, "n3.md", opts);
    expect(b.status).toBe("ok");
    expect(b.entries.map((e) => e.path)).toEqual(a.entries.map((e) => e.path));
    const probe = unitVector(DIMS, 5);
    expect(scanNearestNotes(small, [probe], new Set(), 3).map((n) => n.path)).toEqual(
      scanNearestNotes(exact, [probe], new Set(), 3).map((n) => n.path),
    );
  });

  it("stores a vector set later (setVector) in int8 and reads it back", () => {
    const idx = new ChunkIndex(DIMS, undefined, undefined, "int8");
    idx.addNote(note("a.md", [unitVector(DIMS, 1)]), []);
    expect(idx.get("a.md#0")!.vector).toBeUndefined();
    expect(idx.setVector("a.md#0", unitVector(DIMS, 1))).toBe(true);
    expect(idx.get("a.md#0")!.vector![0]).toBeCloseTo(unitVector(DIMS, 1)[0]!, 2);
  });
});
