import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import type { ChunkedNote } from "../../../src/core/types";

function note(path: string): ChunkedNote {
  const chunk = { id: `${path}#0`, path, ordinal: 0, headingPath: [path], text: "text", startLine: 0, endLine: 0, tokens: 1 };
  return { path, meta: { title: path, aliases: [], tags: [], links: [] }, chunks: [chunk] };
}

const magnitude = (v: Float32Array): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** Cosine as Orama computes it: one running sum in index order over the product of the magnitudes. */
function cosine(q: Float32Array, v: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < q.length; i++) dot += (q[i] ?? 0) * (v[i] ?? 0);
  return dot / (magnitude(q) * magnitude(v));
}

describe("vector search over the index's vector store", () => {
  it("returns the best `limit` at or above the floor, best first, ties in insertion order, with Orama's scores", () => {
    const dims = 4;
    const vec = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: dims, maxLength: dims }).filter((v) => v.some((x) => x !== 0));
    // Drawn from a few vectors, so equal scores, and ties at the cut, are common.
    const vault = fc.array(vec, { minLength: 1, maxLength: 4 }).chain((pool) => fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 30 }));
    fc.assert(
      fc.property(vault, vec, fc.integer({ min: 1, max: 12 }), fc.constantFrom(-1, 0, 0.5), (vs, q, limit, floor) => {
        const idx = new ChunkIndex(dims);
        const stored = vs.map((v, i) => ({ id: `n${i}.md#0`, v: Float32Array.from(v), order: i }));
        for (const s of stored) idx.addNote(note(s.id.slice(0, -2)), [s.v]);
        const query = Float32Array.from(q);
        const expected = stored
          .map((s) => ({ id: s.id, score: cosine(query, s.v), order: s.order }))
          .filter((h) => h.score >= floor)
          .sort((a, b) => b.score - a.score || a.order - b.order)
          .slice(0, limit)
          .map(({ id, score }) => ({ id, score }));
        expect(idx.vectorSearch(query, { limit, similarity: floor })).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
