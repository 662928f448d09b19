import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { runAll } from "../../../src/core/shared/slices";
import { scanNearestNotes } from "../../../src/core/vectors/vector-scan";
import type { ChunkedNote } from "../../../src/core/types";

/** Rows the exact int8 kernel has scored: the bounded first pass should leave it only a few. */
const scored = vi.hoisted(() => ({ rows: 0 }));
vi.mock("../../../src/core/vectors/int8-dot-kernel", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/core/vectors/int8-dot-kernel")>();
  return {
    int8DotKernel: (dims: number) => {
      const kernel = real.int8DotKernel(dims);
      return kernel && {
        scoreRows: (...args: Parameters<typeof kernel.scoreRows>) => {
          scored.rows += args[2];
          kernel.scoreRows(...args);
        },
      };
    },
  };
});

function note(path: string, count: number): ChunkedNote {
  return {
    path,
    meta: { title: path, aliases: [], tags: [], links: [] },
    chunks: Array.from({ length: count }, (_, i) => ({ id: `${path}#${i}`, path, ordinal: i, headingPath: [path], text: `t${i}`, startLine: i, endLine: i, tokens: 1 })),
  };
}

function int8Index(dims: number, vault: readonly (readonly (readonly number[] | undefined)[])[]): ChunkIndex {
  const idx = new ChunkIndex(dims, undefined, undefined, "int8");
  vault.forEach((vectors, i) => idx.addNote(note(`n${i}.md`, vectors.length), vectors.map((v) => (v ? Float32Array.from(v) : undefined))));
  return idx;
}

/** A deterministic pseudo-random sequence, so the test never depends on the run. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
}

describe("int8 prefilter of the related scan", () => {
  it("finds exactly the notes and scores of a full exact scan, ties and duplicates included", () => {
    const dims = 32;
    const vec = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: dims, maxLength: dims });
    const vault = fc.array(fc.array(fc.option(vec, { nil: undefined, freq: 6 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(vault, fc.array(vec, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 12 }), fc.boolean(), (notes, probes, limit, dup) => {
        // Duplicated notes give exact ties at every place of the list.
        const idx = int8Index(dims, dup ? [...notes, ...notes] : notes);
        const ps = probes.map((p) => Float32Array.from(p));
        const skip = new Set(["n0.md"]);
        expect(scanNearestNotes(idx, ps, skip, limit)).toEqual(scanNearestNotes(idx, ps, skip, limit, true));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every note whose exact score is within the int16 probe's rounding of the list's last place", () => {
    // Rows one code apart around a common vector (one dimension held at 127, so the codes are the values as given):
    // their cosines with a probe near that vector differ by about as much as rounding the probe to int16 moves them.
    const dims = 64;
    const base = Array.from({ length: dims }, (_, i) => (i === 0 ? 127 : ((i * 37) % 90) - 45));
    const delta = fc.array(fc.tuple(fc.integer({ min: 1, max: dims - 1 }), fc.integer({ min: -1, max: 1 })), { maxLength: 3 });
    const row = delta.map((ds) => {
      const v = [...base];
      for (const [i, d] of ds) v[i] = v[i]! + d;
      return v;
    });
    const probe = fc.array(fc.float({ min: -0.5, max: 0.5, noNaN: true }), { minLength: dims, maxLength: dims }).map((noise) => Float32Array.from(base, (x, i) => x + noise[i]!));
    fc.assert(
      fc.property(fc.array(fc.array(row, { minLength: 1, maxLength: 2 }), { minLength: 5, maxLength: 60 }), fc.array(probe, { minLength: 1, maxLength: 2 }), fc.integer({ min: 1, max: 8 }), (notes, probes, limit) => {
        const idx = int8Index(dims, notes);
        expect(scanNearestNotes(idx, probes, new Set(), limit)).toEqual(scanNearestNotes(idx, probes, new Set(), limit, true));
      }),
      { numRuns: 800 },
    );
  });

  it("scores only a few of 2,000 rows exactly for a list of 10 and still gives the full scan's list", () => {
    const dims = 64;
    const next = lcg(7);
    const vault = Array.from({ length: 1000 }, () => Array.from({ length: 2 }, () => Array.from({ length: dims }, next)));
    const idx = int8Index(dims, vault);
    const probes = [Float32Array.from(vault[3]![0]!), Float32Array.from(vault[500]![1]!)];
    scored.rows = 0;
    const fast = scanNearestNotes(idx, probes, new Set(["n3.md"]), 10);
    const exactRows = scored.rows;
    scored.rows = 0;
    const full = scanNearestNotes(idx, probes, new Set(["n3.md"]), 10, true);
    expect(scored.rows).toBeGreaterThanOrEqual(2000);
    expect(fast).toEqual(full);
    expect(fast).toHaveLength(10);
    expect(exactRows).toBeLessThan(200);
  });
});

describe("int8 prefilter of the search's nearest chunks", () => {
  /** The best `limit` chunks of a scan that ranks every vector (no prefilter), as the search would list them. */
  const exact = (idx: ChunkIndex, q: Float32Array, limit: number, similarity: number): unknown =>
    runAll(idx.rankVectorsSteps(q, { similarity, limit: Infinity })).take(limit);

  it("gives exactly the hits, scores and tie order of ranking every vector", () => {
    const dims = 32;
    const vec = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: dims, maxLength: dims });
    const vault = fc.array(fc.array(fc.option(vec, { nil: undefined, freq: 6 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(vault, vec, fc.integer({ min: 1, max: 20 }), fc.constantFrom(-1, 0, 0.5), fc.boolean(), (notes, probe, limit, similarity, dup) => {
        const idx = int8Index(dims, dup ? [...notes, ...notes] : notes);
        const q = Float32Array.from(probe, (x) => x * 0.37);
        expect(idx.vectorSearch(q, { limit, similarity })).toEqual(exact(idx, q, limit, similarity));
      }),
      { numRuns: 300 },
    );
  });

  it("scores only a few of 2,000 rows exactly for 10 hits, and a filtered search scores every kept note", () => {
    const dims = 64;
    const next = lcg(11);
    const vault = Array.from({ length: 1000 }, () => Array.from({ length: 2 }, () => Array.from({ length: dims }, next)));
    const idx = int8Index(dims, vault);
    const q = Float32Array.from(vault[42]![1]!, (x) => x * 3);
    scored.rows = 0;
    const hits = idx.vectorSearch(q, { limit: 10, similarity: -1 });
    expect(scored.rows).toBeLessThan(200);
    expect(hits).toEqual(exact(idx, q, 10, -1));
    expect(hits[0]?.id).toBe("n42.md#1");
    scored.rows = 0;
    idx.vectorSearch(q, { limit: 10, similarity: -1, allowNote: () => true });
    expect(scored.rows).toBeGreaterThanOrEqual(2000);
  });
});

