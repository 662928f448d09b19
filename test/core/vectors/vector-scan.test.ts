import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { dot } from "../../../src/core/vectors/vector-math";
import { scanNearestNotes, type ScannedNote } from "../../../src/core/vectors/vector-scan";
import type { ChunkedNote } from "../../../src/core/types";

function note(path: string, count: number): ChunkedNote {
  return {
    path,
    meta: { title: path, aliases: [], tags: [], links: [] },
    chunks: Array.from({ length: count }, (_, i) => ({
      id: `${path}#${i}`,
      path,
      ordinal: i,
      headingPath: [path],
      text: `text ${i}`,
      startLine: i,
      endLine: i,
      tokens: 2,
    })),
  };
}

function add(idx: ChunkIndex, path: string, vectors: (number[] | undefined)[]): void {
  idx.addNote(note(path, vectors.length), vectors.map((v) => (v ? Float32Array.from(v) : undefined)));
}

const norm = (v: Float32Array): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** The scan written the plain way: every note, every chunk, every probe, one dot product each, then a full sort. */
function reference(idx: ChunkIndex, probes: readonly Float32Array[], skip: ReadonlySet<string>, limit: number): ScannedNote[] {
  const units = probes.filter((p) => p.length === idx.dims && norm(p) > 0).map((p) => Float32Array.from(p, (x) => x / norm(p)));
  if (units.length === 0 || limit <= 0) return [];
  const out: ScannedNote[] = [];
  for (const path of idx.notePaths()) {
    if (skip.has(path)) continue;
    let top = -Infinity;
    for (const id of idx.chunkIdsOf(path)) {
      const v = idx.get(id)?.vector;
      if (!v || norm(v) === 0) continue;
      for (const u of units) top = Math.max(top, dot(u, v) / norm(v));
    }
    if (top > -Infinity) out.push({ path, similarity: top });
  }
  out.sort((a, b) => b.similarity - a.similarity || (a.path < b.path ? -1 : 1));
  return out.slice(0, limit);
}

const small = fc.integer({ min: -4, max: 4 });

describe("scanNearestNotes", () => {
  it("gives exactly the plain scan's notes and scores, for one, two and three probes", () => {
    const dims = 6;
    const vec = fc.array(small, { minLength: dims, maxLength: dims });
    const notes = fc.array(fc.array(fc.option(vec, { nil: undefined }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(notes, fc.array(vec, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 8 }), (vault, probes, limit) => {
        const idx = new ChunkIndex(dims);
        vault.forEach((vectors, i) => add(idx, `n${i}.md`, vectors));
        const ps = probes.map((p) => Float32Array.from(p));
        const skip = new Set(["n0.md"]);
        expect(scanNearestNotes(idx, ps, skip, limit)).toEqual(reference(idx, ps, skip, limit));
      }),
      { numRuns: 200 },
    );
  });

  it("follows the index as notes are added, replaced and removed and as vectors arrive", () => {
    const idx = new ChunkIndex(2);
    const probe = [Float32Array.from([1, 0])];
    const near = (): string[] => scanNearestNotes(idx, probe, new Set(), 5).map((n) => n.path);
    add(idx, "a.md", [[1, 1]]);
    add(idx, "b.md", [[0, 1]]);
    expect(near()).toEqual(["a.md", "b.md"]);
    add(idx, "c.md", [[1, 0]]);
    expect(near()).toEqual(["c.md", "a.md", "b.md"]);
    add(idx, "c.md", [[-1, 0]]);
    expect(near()).toEqual(["a.md", "b.md", "c.md"]);
    idx.removeNote("a.md");
    expect(near()).toEqual(["b.md", "c.md"]);
    add(idx, "d.md", [undefined]);
    expect(near()).toEqual(["b.md", "c.md"]);
    idx.setVector("d.md#0", Float32Array.from([2, 0.1]));
    expect(near()).toEqual(["d.md", "b.md", "c.md"]);
    idx.setVector("d.md#0", Float32Array.from([-1, -1]));
    expect(near()).toEqual(["b.md", "d.md", "c.md"]);
  });

  it("keeps each index's own vectors apart", () => {
    const one = new ChunkIndex(2);
    const two = new ChunkIndex(2);
    add(one, "a.md", [[1, 0]]);
    add(two, "b.md", [[1, 0]]);
    const probe = [Float32Array.from([1, 0])];
    expect(scanNearestNotes(one, probe, new Set(), 5).map((n) => n.path)).toEqual(["a.md"]);
    expect(scanNearestNotes(two, probe, new Set(), 5).map((n) => n.path)).toEqual(["b.md"]);
  });
});
