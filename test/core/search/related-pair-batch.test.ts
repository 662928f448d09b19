import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { bestPair, chunkRarity, sourceVectors, type BestPair, type SourceVector } from "../../../src/core/search/related-pairing";
import { bestPairBatched, pairRows } from "../../../src/core/search/related-pair-batch";
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
function vault(dims: number): ChunkIndex {
  const rnd = random(7);
  const index = new ChunkIndex(dims);
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
