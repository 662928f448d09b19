import { describe, expect, it, vi } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { findRelatedNotes } from "../../../src/core/search/related-notes";
import { bodyList, titleList, vectorList } from "../../../src/core/search/related-lists";
import { pairRows } from "../../../src/core/search/related-pair-batch";
import { sourceVectors } from "../../../src/core/search/related-pairing";
import { cosine, meanDirection } from "../../../src/core/vectors/vector-math";
import { readStoredVector, storedVector, hasStoredVector } from "../../../src/core/search/stored-vector";
import type { ChunkedNote } from "../../../src/core/types";
import type { VectorPrecision } from "../../../src/core/vectors/vector-precision";

const DIMS = 16;

function note(path: string, texts: string[]): ChunkedNote {
  return {
    path,
    meta: { title: path.replace(".md", ""), aliases: [], tags: [], links: [] },
    chunks: texts.map((text, i) => ({ id: `${path}#${i}`, path, ordinal: i, headingPath: [path, `part ${i}`], text, startLine: i * 3, endLine: i * 3 + 2, tokens: 4 })),
  };
}

const letters = (k: number): string => String.fromCharCode(97 + (k % 26), 97 + Math.floor(k / 26));

/** 40 notes of 1 to 12 chunks, some unembedded; words and vectors from a fixed sequence. */
function vault(precision: VectorPrecision): ChunkIndex {
  const idx = new ChunkIndex(DIMS, undefined, undefined, precision);
  let s = 11;
  const next = (): number => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const words = ["garden", "soil", "compost", "water", "index", "query", "vector", "orbit", "planet", "bread", "yeast", "flour"];
  for (let n = 0; n < 40; n++) {
    // Digits don't tell texts apart (shared-text detection ignores them): letters do.
    const texts = Array.from({ length: 1 + (n % 12) }, (_, i) => `${words[(n + i) % 12]} ${words[(n * 7 + i) % 12]} note ${letters(n)} part ${letters(i)}`);
    idx.addNote(note(`n${n}.md`, texts), texts.map((_, i) => (n % 9 === 4 && i === 0 ? undefined : Float32Array.from({ length: DIMS }, next))));
  }
  return idx;
}

describe("related notes read stored vectors without copies", () => {
  for (const precision of ["float32", "int8"] as const) {
    it(`reads each chunk's vector as get() gives it, bit for bit (${precision})`, () => {
      const idx = vault(precision);
      const out = new Float32Array(DIMS);
      const codes = new Int8Array(DIMS);
      for (const path of idx.notePaths()) {
        for (const id of idx.chunkIdsOf(path)) {
          const want = idx.get(id)?.vector;
          expect(readStoredVector(idx, id, out, codes)).toBe(want !== undefined);
          expect(hasStoredVector(idx, id)).toBe(want !== undefined);
          if (want) expect([...out]).toEqual([...want]);
          expect(storedVector(idx, id)).toEqual(want);
        }
      }
      expect(readStoredVector(idx, "missing.md#0", out, codes)).toBe(false);
    });

    it(`finds a note's related list without get(), which would decode a copy per call (${precision})`, () => {
      const idx = vault(precision);
      const get = vi.spyOn(idx, "get");
      for (const path of ["n11.md", "n4.md", "n23.md"]) {
        const r = findRelatedNotes(idx, path, { limit: 10, rrfK: 5, weights: { vector: 1, bm25: 1 }, learnt: { vector: 1, bm25: 1, body: 1 } });
        expect(r.status).toBe("ok");
        expect(r.entries.length).toBe(10);
        const section = findRelatedNotes(idx, path, { limit: 5, rrfK: 5, weights: { vector: 1, bm25: 1 }, learnt: { vector: 1, bm25: 1, body: 1 }, section: { line: 4 } });
        expect(section.entries.length).toBeGreaterThan(0);
      }
      expect(get).not.toHaveBeenCalled();
    });
  }
});

describe("vectorList ties", () => {
  it("works out each tied note's whole-note similarity once, however long the tie", () => {
    const idx = vault("int8");
    const sources = sourceVectors(idx, idx.chunkIdsOf("n11.md"));
    expect(sources.length).toBe(12);
    const chunkIdsOf = vi.spyOn(idx, "chunkIdsOf");
    // Every candidate ties on its pair: only the whole-note similarity tells them apart.
    const list = vectorList(idx, sources, new Set(["n11.md"]), 8, 0, (path) => ({ similarity: 0.5, weighted: 0.5, chunkId: `${path}#0`, sourceChunkId: sources[0]!.id }));
    expect(list).toHaveLength(8);
    expect(chunkIdsOf.mock.calls.length).toBe(8);
    const whole = list.map((p) => [p, storedMean(idx, p)] as const);
    const mean = meanDirection(sources.map((s) => s.vector))!;
    const sims = whole.map(([, m]) => cosine(mean, m));
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
  });
});

function storedMean(idx: ChunkIndex, path: string): Float32Array {
  return meanDirection(idx.chunkIdsOf(path).flatMap((id) => storedVector(idx, id) ?? []))!;
}

describe("pairRows", () => {
  it("lends a float32 index's stored views, and decodes an int8 index's chunks into one packed array", () => {
    const f32 = vault("float32");
    const rows = pairRows(f32, "n11.md", () => 1);
    expect(rows.ids).toHaveLength(12);
    rows.ids.forEach((id, c) => expect(rows.vectors[c]).toBe(f32.entry(id)!.vector));
    const i8 = vault("int8");
    const packed = pairRows(i8, "n11.md", () => 1);
    expect(packed.packed).toHaveLength(12 * DIMS);
    packed.ids.forEach((id, c) => {
      expect(packed.vectors[c]!.buffer).toBe(packed.packed!.buffer);
      expect([...packed.vectors[c]!]).toEqual([...i8.get(id)!.vector!]);
    });
  });
});

describe("related notes leave the typed search's kept words alone", () => {
  it("keeps none of the body list's word scores, and lists what keeping them listed", async () => {
    const { ClauseCache } = await import("../../../src/core/keyword/clause-cache");
    const { TermCache } = await import("../../../src/core/keyword/term-cache");
    const idx = vault("int8");
    const ids = idx.chunkIdsOf("n7.md");
    const clauses = vi.spyOn(ClauseCache.prototype, "set");
    const terms = vi.spyOn(TermCache.prototype, "set");
    // A query being typed is kept, and so are the title list's few words, which other notes' titles share.
    idx.keywordSearch("garden compost", { limit: 10 });
    titleList(idx, ids, new Set(["n7.md"]), 40);
    const kept = [clauses.mock.calls.length, terms.mock.calls.length];
    expect(kept[0]).toBeGreaterThan(0);
    const body = bodyList(idx, ids, new Set(["n7.md"]), 40);
    expect(body.paths.length).toBeGreaterThan(0);
    expect([clauses.mock.calls.length, terms.mock.calls.length]).toEqual(kept);
    clauses.mockRestore();
    terms.mockRestore();
    // The same list as from an index that keeps everything.
    const fresh = vault("int8");
    fresh.keywordSearch("garden compost", { limit: 10 });
    const words = fresh.distinctiveWords(ids, 25, undefined, 1).join(" ");
    expect(fresh.keywordSearch(words, { limit: 40, chunksPerNote: 1, maxEdits: 0 })).toEqual(idx.keywordSearch(words, { limit: 40, chunksPerNote: 1, maxEdits: 0, keepClauses: false }));
  });
});
