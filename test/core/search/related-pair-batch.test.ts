import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { bestPair, chunkRarity, sourceVectors, type BestPair, type SourceVector } from "../../../src/core/search/related-pairing";
import { bestPairBatched, pairRows } from "../../../src/core/search/related-pair-batch";
import { bestPairInt8 } from "../../../src/core/search/related-pair-int8";
import { dot } from "../../../src/core/vectors/vector-math";
import { kthLargest } from "../../../src/core/vectors/vector-scan";
import type { ChunkedNote } from "../../../src/core/types";

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function note(path: string, texts: string[]): ChunkedNote {
  return {
    path,
    meta: { title: path, aliases: [], tags: [], links: [] },
    chunks: texts.map((text, i) => ({ id: `${path}#${i}`, path, ordinal: i, headingPath: [path], text, startLine: i, endLine: i, tokens: 3 })),
  };
}

/** The pair as the plain loop finds it: every chunk against every source, the first highest weighed similarity. */
function loopPair(index: ChunkIndex, sources: readonly SourceVector[], path: string): BestPair | undefined {
  let best: BestPair | undefined;
  for (const id of index.chunkIdsOf(path)) {
    const vector = index.get(id)?.vector;
    const rarity = vector ? chunkRarity(index, id) : 0;
    const norm = vector && rarity > 0 ? Math.sqrt(dot(vector, vector)) : 0;
    if (!vector || norm === 0) continue;
    for (const s of sources) {
      const similarity = dot(s.unit, vector) / norm;
      const weighted = similarity * rarity * s.rarity;
      if (!best || weighted > best.weighted) best = { similarity, weighted, chunkId: id, sourceChunkId: s.id };
    }
  }
  return best;
}

const word = (n: number): string => n.toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)));

/** Two long notes whose vectors repeat (so pairs tie) and a shared template chunk in many notes. */
function vault(dims: number, precision: "float32" | "int8" = "float32"): ChunkIndex {
  const rnd = random(7);
  const index = new ChunkIndex(dims, undefined, undefined, precision);
  const pool = Array.from({ length: 12 }, () => Float32Array.from({ length: dims }, () => rnd() - 0.5));
  const template = Float32Array.from({ length: dims }, () => rnd());
  for (let n = 0; n < 12; n++) {
    const count = n < 2 ? 40 : 3;
    // Digits don't tell texts apart (the shared-text count folds them), letters do.
    const texts = Array.from({ length: count }, (_, i) => (i === 0 ? "shared footer" : `note ${word(n)} part ${word(i)}`));
    const vectors = texts.map((_, i) => (i === 0 ? template : pool[Math.floor(rnd() * pool.length)]!.map((x) => x * (1 + Math.floor(rnd() * 3)))));
    index.addNote(note(`n${n}.md`, texts), vectors);
  }
  return index;
}

describe("bestPairBatched", () => {
  for (const dims of [8, 384]) {
    it(`finds the plain loop's pair bit for bit, ties included (${dims} dims)`, () => {
      const index = vault(dims);
      let found = 0;
      for (const from of ["n0.md", "n1.md", "n5.md"]) {
        const sources = sourceVectors(index, index.chunkIdsOf(from));
        for (const to of [...index.notePaths()].filter((p) => p !== from)) {
          const expected = loopPair(index, sources, to);
          expect(bestPair(index, sources, to)).toEqual(expected);
          if (expected) found++;
        }
      }
      expect(found).toBe(33);
    });
  }

  it("is what bestPair uses for a long note against another long one", () => {
    const index = vault(8);
    const sources = sourceVectors(index, index.chunkIdsOf("n0.md"));
    const rows = pairRows(index, "n1.md", (id) => chunkRarity(index, id));
    expect(rows.ids.length).toBe(39);
    expect(bestPairBatched(rows, sources, index.dims)).toEqual(loopPair(index, sources, "n1.md"));
  });

  it("leaves a few pairs, and dimensions the kernel can't take, to the loop", () => {
    const index = vault(8);
    const one = sourceVectors(index, index.chunkIdsOf("n5.md")).slice(0, 1);
    expect(bestPairBatched(pairRows(index, "n6.md", () => 1), one, index.dims)).toBeUndefined();
    const sources = sourceVectors(index, index.chunkIdsOf("n0.md"));
    expect(bestPairBatched(pairRows(index, "n1.md", () => 1), sources, 6)).toBeUndefined();
  });
});

describe("bestPairInt8", () => {
  for (const dims of [16, 384]) {
    it(`finds the plain loop's pair bit for bit in an int8 index, ties included (${dims} dims)`, () => {
      const index = vault(dims, "int8");
      let found = 0;
      let ran = 0;
      for (const from of ["n0.md", "n1.md", "n5.md"]) {
        const sources = sourceVectors(index, index.chunkIdsOf(from));
        for (const to of [...index.notePaths()].filter((p) => p !== from)) {
          const expected = loopPair(index, sources, to);
          expect(bestPair(index, sources, to)).toEqual(expected);
          const int8 = bestPairInt8(index, sources, to, (id) => chunkRarity(index, id));
          if (int8) {
            ran++;
            expect(int8.pair).toEqual(expected);
          }
          if (expected) found++;
        }
      }
      expect(found).toBe(33);
      // Every pairing of more than one pair, 3-chunk notes against each other too (the related view's usual case).
      expect(ran).toBe(33);
    });
  }

  it("picks the same pair among near ties: vectors a rounding apart", () => {
    const rnd = random(11);
    const dims = 32;
    const index = new ChunkIndex(dims, undefined, undefined, "int8");
    const base = Float32Array.from({ length: dims }, () => rnd() - 0.5);
    // Scaled copies quantize to the same codes; nudged ones differ in one code, a hair apart in similarity.
    const near = (k: number) => base.map((x, i) => (i === k % dims ? x + 0.004 * ((k % 3) - 1) : x * (1 + (k % 4))));
    const texts = (n: string, count: number) => Array.from({ length: count }, (_, i) => `${n} ${word(i + 1)}`);
    index.addNote(note("a.md", texts("alpha", 30)), Array.from({ length: 30 }, (_, k) => near(k)));
    index.addNote(note("b.md", texts("beta", 30)), Array.from({ length: 30 }, (_, k) => near(k + 7)));
    const sources = sourceVectors(index, index.chunkIdsOf("a.md"));
    const int8 = bestPairInt8(index, sources, "b.md", (id) => chunkRarity(index, id));
    expect(int8?.pair).toEqual(loopPair(index, sources, "b.md"));
    expect(int8?.pair?.similarity).toBeGreaterThan(0.999);
    // Equal vectors under different texts tie exactly: the first chunk, and its first source, win.
    index.addNote(note("c.md", texts("gamma", 30)), Array.from({ length: 30 }, () => base));
    const tied = bestPairInt8(index, sources, "c.md", (id) => chunkRarity(index, id))?.pair;
    expect(tied).toEqual(loopPair(index, sources, "c.md"));
    expect(tied?.chunkId).toBe("c.md#0");
  });

  it("leaves a float32 index, and a single pair, to the other ways", () => {
    const index = vault(16);
    const sources = sourceVectors(index, index.chunkIdsOf("n0.md"));
    expect(bestPairInt8(index, sources, "n1.md", () => 1)).toBeUndefined();
    const small = vault(16, "int8");
    const one = sourceVectors(small, small.chunkIdsOf("n5.md")).slice(0, 1);
    small.addNote(note("single.md", ["one chunk alone"]), [Float32Array.from({ length: 16 }, (_, i) => i - 7)]);
    expect(bestPairInt8(small, one, "single.md", () => 1)).toBeUndefined();
  });

  it("pairs a short note with another short one from the codes, as the loop would", () => {
    const small = vault(16, "int8");
    const one = sourceVectors(small, small.chunkIdsOf("n5.md")).slice(0, 1);
    const int8 = bestPairInt8(small, one, "n6.md", (id) => chunkRarity(small, id));
    expect(int8).toBeDefined();
    expect(int8?.pair).toEqual(loopPair(small, one, "n6.md"));
  });
});

describe("kthLargest", () => {
  it("is the k-th largest score counting repeats, as sorting them all gives", () => {
    const rnd = random(3);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(rnd() * 60);
      const values = Float64Array.from({ length: n }, () => (rnd() < 0.2 ? -Infinity : Math.round(rnd() * 10) / 10));
      const k = 1 + Math.floor(rnd() * 20);
      const sorted = values.slice().sort();
      const old = sorted.length > k ? sorted[sorted.length - k]! : -Infinity;
      const floor = kthLargest(values, k);
      // The notes a floor lets through (as topNotes picks them) are those the full sort let through.
      const through = (f: number) => [...values.keys()].filter((i) => values[i]! >= f && values[i]! > -Infinity);
      expect(through(floor)).toEqual(through(old));
    }
  });
});
