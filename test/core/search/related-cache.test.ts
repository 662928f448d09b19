import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import type { FileStore } from "../../../src/core/persist/file-store";
import { ok } from "../../../src/core/result";
import { RelatedCache } from "../../../src/core/search/related-cache";
import { findRelatedNotes, type RelatedOptions } from "../../../src/core/search/related-notes";
import { RelatedWeightsKeeper } from "../../../src/core/search/related-weights";
import type { ChunkedNote } from "../../../src/core/types";

function note(path: string, title: string, texts: string[]): ChunkedNote {
  return {
    path,
    meta: { title, aliases: [], tags: [], links: [] },
    chunks: texts.map((text, i) => ({ id: `${path}#${i}`, path, ordinal: i, headingPath: [title], text, startLine: i * 3, endLine: i * 3 + 2, tokens: 4 })),
  };
}

function vault(): ChunkIndex {
  const index = new ChunkIndex(3);
  index.addNote(note("a.md", "Compost", ["compost heaps and worms", "turning the pile"]), [Float32Array.of(1, 0, 0), Float32Array.of(0.9, 0.1, 0)]);
  index.addNote(note("b.md", "Worms", ["worms in the soil"]), [Float32Array.of(0.95, 0.05, 0)]);
  index.addNote(note("c.md", "Databases", ["indexes and queries"]), [Float32Array.of(0, 0, 1)]);
  index.addNote(note("d.md", "Queries", ["slow queries"]), [Float32Array.of(0, 0.2, 0.9)]);
  return index;
}

const OPTS: RelatedOptions = { limit: 10, rrfK: 5, weights: { vector: 1, bm25: 1 } };

/** A cache with a counter of the lists it had to compute. */
function counted() {
  const cache = new RelatedCache();
  let computed = 0;
  const related = (index: ChunkIndex, path: string, opts: RelatedOptions = OPTS) =>
    cache.get(index, path, opts, () => {
      computed++;
      return findRelatedNotes(index, path, opts);
    });
  return { cache, related, computed: () => computed };
}

describe("RelatedCache", () => {
  it("hands out the kept list for the same note and options while the index is unchanged", () => {
    const index = vault();
    const { related, computed } = counted();
    const first = related(index, "a.md");
    expect(related(index, "a.md")).toBe(first);
    expect(related(index, "a.md", { ...OPTS })).toBe(first);
    expect(computed()).toBe(1);
    expect(first.entries[0]?.path).toBe("b.md");
  });

  it("computes again after an edit to any note, and the new list shows the edit", () => {
    const index = vault();
    const { related, computed } = counted();
    expect(related(index, "a.md").entries.map((e) => e.path)).not.toContain("e.md");
    index.addNote(note("e.md", "Worm farm", ["compost worms"]), [Float32Array.of(1, 0.01, 0)]);
    const after = related(index, "a.md");
    expect(computed()).toBe(2);
    expect(after.entries[0]?.path).toBe("e.md");
    index.removeNote("e.md");
    expect(related(index, "a.md").entries.map((e) => e.path)).not.toContain("e.md");
    expect(computed()).toBe(3);
  });

  it("computes again when a vector arrives for a note that had none", () => {
    const index = vault();
    index.addNote(note("e.md", "Worm farm", ["compost worms"]), []);
    const { related, computed } = counted();
    const before = related(index, "e.md");
    expect(before.status).toBe("no-embeddings");
    expect(index.setVector("e.md#0", Float32Array.of(1, 0, 0))).toBe(true);
    const after = related(index, "e.md");
    expect(computed()).toBe(2);
    expect(after.status).toBe("ok");
  });

  it("keeps lists apart by note, options and index", () => {
    const index = vault();
    const { related, computed } = counted();
    related(index, "a.md");
    related(index, "c.md");
    related(index, "a.md", { ...OPTS, limit: 1 });
    related(index, "a.md", { ...OPTS, excludeLinked: ["b.md"] });
    related(index, "a.md", { ...OPTS, section: { line: 4 } });
    related(vault(), "a.md");
    expect(computed()).toBe(6);
    expect(related(index, "a.md", { ...OPTS, excludeLinked: ["b.md"] }).entries.map((e) => e.path)).not.toContain("b.md");
    expect(computed()).toBe(6);
  });

  it("computes again once the weights are learnt in the background, which leaves the index as it was", async () => {
    const index = vault();
    const { related, computed } = counted();
    related(index, "a.md");
    const saved = { weights: { vector: 2, bm25: 0, body: 0 }, samples: 9, ndcg: 0.5, equalNdcg: 0.4, notes: 4, k: 5 };
    const store = { read: () => Promise.resolve(ok(new TextEncoder().encode(JSON.stringify(saved)))), write: () => Promise.resolve(ok(undefined)) };
    const revision = index.vectorRevision;
    await new RelatedWeightsKeeper(store as unknown as FileStore, "w.json").load(index);
    expect(index.vectorRevision).toBe(revision);
    const after = related(index, "a.md");
    expect(computed()).toBe(2);
    expect(Object.keys(after.entries[0]?.ranks ?? {})).toEqual(["vector"]);
  });

  it("keeps the most recently used lists, up to its size", () => {
    const index = vault();
    const cache = new RelatedCache(2);
    let computed = 0;
    const related = (path: string) => cache.get(index, path, OPTS, () => (computed++, findRelatedNotes(index, path, OPTS)));
    related("a.md");
    related("b.md");
    related("a.md");
    related("c.md");
    expect(computed).toBe(3);
    related("a.md");
    expect(computed).toBe(3);
    related("b.md");
    expect(computed).toBe(4);
    cache.clear();
    related("c.md");
    expect(computed).toBe(5);
  });
});
