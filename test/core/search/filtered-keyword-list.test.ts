import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { embeddingInput } from "../../../src/core/index/embedding-input";
import { SearchEngine } from "../../../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS } from "../../../src/core/search/search-options";
import type { SearchMode } from "../../../src/core/types";
import { vectorFor } from "../sync/helpers/counting-embedder";

const DIMS = 8;
const FILLER = ["river", "stone", "lamp", "paper", "cloud", "bread", "field", "glass"];

/**
 * 150 short notes that say "garden" and "plan" apart, and one long note that says "garden plan" once, deep in its
 * text, so BM25 ranks it last of all: it lies beyond the hits an unfiltered search checks for word order.
 */
function engine(): SearchEngine {
  const index = new ChunkIndex(DIMS);
  const add = (path: string, md: string): void => {
    const note = chunkNote(path, md, { maxTokens: 400, overlapRatio: 0 });
    index.addNote(note, note.chunks.map((c) => vectorFor("filtered", embeddingInput(c), DIMS)));
  };
  for (let i = 0; i < 150; i++) add(`short/n${i}.md`, `# Short ${i}\n\nplan the ${FILLER[i % FILLER.length]} garden, then the garden again.\n`);
  const filler = Array.from({ length: 200 }, (_, i) => FILLER[i % FILLER.length]).join(" ");
  add("long/ordered.md", `# Long\n\n${filler} garden plan ${filler}\n`);
  const e = new SearchEngine({ index });
  e.setOptions({ ...DEFAULT_SEARCH_OPTIONS, autoWeights: false, limit: 5, depthFactor: 1 });
  return e;
}

describe("a filtered search's keyword list", () => {
  const e = engine();
  const vector = vectorFor("filtered", "garden plan", DIMS);
  const run = (query: string, mode: SearchMode): Promise<{ path: string; score: number; ranks: unknown }[]> =>
    e
      .search({ query, mode, limit: 5, ...(mode === "keyword" ? {} : { queryVector: vector }) })
      .then((r) => r.results.map((x) => ({ path: x.path, score: x.score, ranks: x.explain.ranks })));

  it("is the unfiltered one when the filter keeps every note: word order is checked as deep, the list read as deep", async () => {
    for (const mode of ["keyword", "hybrid"] as const) {
      const plain = await run("garden plan", mode);
      expect(plain.length).toBe(5);
      // An exclusion of a word no note holds, a folder every note is under: each keeps every note.
      expect(await run("garden plan -zebra", mode)).toEqual(plain);
      expect(await run('garden plan -"blue whale"', mode)).toEqual(plain);
    }
  });

  it("still keeps only the notes that pass", async () => {
    for (const mode of ["keyword", "hybrid"] as const) {
      const kept = (await run("garden plan path:long", mode)).map((r) => r.path);
      expect(kept).toEqual(["long/ordered.md"]);
      // "river" is in the long note and every eighth short one.
      const without = (await run("garden plan -river", mode)).map((r) => r.path);
      expect(without.length).toBe(5);
      expect(without.every((p) => p.startsWith("short/") && Number(/\d+/.exec(p)?.[0]) % 8 !== 0)).toBe(true);
      const phrase = (await run('"garden plan"', mode)).map((r) => r.path);
      expect(phrase).toEqual(["long/ordered.md"]);
    }
  });
});
