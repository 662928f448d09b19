import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { notePathOfChunkId } from "../../../src/core/search/group-ranking";

// Common words, word pairs that occur in order or apart, several languages, and words a typo is near.
const WORDS = ["garden", "plan", "spring", "note", "copy", "this", "jardin", "printemps", "Frühling", "Gartenplan", "weather", "obsidian"];
const QUERIES = ["garden plan", "copy this note", "obsidian note", "spring garden", "gardn plan", "jardin printemps", "note", "frühling garten"];
/** Queries whose list is BM25's order alone: one word, or more words than word order is checked for. */
const PLAIN_QUERIES = ["note", "garden", "jardin", "copy this note garden plan", "spring weather obsidian note plan"];

const pathOf = (i: number): string => `${i % 3 === 0 ? "a" : "b"}/n${i}.md`;

function vault(notes: string[][][]): ChunkIndex {
  const index = new ChunkIndex(0);
  notes.forEach((sections, i) => {
    const md = `# Note ${i}\n\n${sections.map((words, s) => `## Part ${s}\n\n${words.join(" ")}.`).join("\n\n")}\n`;
    index.addNote(chunkNote(pathOf(i), md, { maxTokens: 24, overlapRatio: 0 }));
  });
  return index;
}

const noteArb = fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 });
const vaultArb = fc.array(noteArb, { minLength: 1, maxLength: 30 });
const keptArb = fc.array(fc.integer({ min: 0, max: 29 }), { maxLength: 25 });

describe("a keyword list of the notes a filter keeps (keepsNote)", () => {
  it("read whole, lists the kept notes' chunks in the order of the whole list (property)", () => {
    fc.assert(
      fc.property(vaultArb, fc.constantFrom(...QUERIES), keptArb, fc.constantFrom(undefined, 1, 2), (notes, query, chosen, chunksPerNote) => {
        const index = vault(notes);
        const kept = new Set(chosen.map(pathOf));
        const keeps = (path: string): boolean => kept.has(path);
        const opts = { limit: index.size + 1, maxEdits: 1, ...(chunksPerNote ? { chunksPerNote } : {}) };
        const plain = index.keywordSearch(query, opts).filter((h) => keeps(notePathOfChunkId(h.id)));
        const only = index.keywordSearch(query, { ...opts, keepsNote: keeps });
        expect(only.map((h) => [h.id, h.score, h.chunkScore])).toEqual(plain.map((h) => [h.id, h.score, h.chunkScore]));
      }),
      { numRuns: 200 },
    );
  });

  it("raises a note near a misspelt word by the whole list's best score, so the kept notes keep the whole list's order", () => {
    // Found by the property above: "garten" is an edit from "garden" (n0) and begins "Gartenplan" (n2, half as near).
    // Raised by a share of the filtered list's own best, n2 came first; in the whole list, n0 does.
    const index = vault([[["garden"]], [["Frühling", "garden"]], [["Gartenplan", "weather"], ["weather"]], [["garden"]], [["garden"]]]);
    const keeps = (path: string): boolean => path === "a/n0.md" || path === "b/n2.md";
    const opts = { limit: index.size + 1, maxEdits: 1 };
    const whole = index.keywordSearch("frühling garten", opts).filter((h) => keeps(notePathOfChunkId(h.id)));
    expect(whole.map((h) => h.id)).toEqual(["a/n0.md#0", "b/n2.md#0"]);
    expect(index.keywordSearch("frühling garten", { ...opts, keepsNote: keeps })).toEqual(whole);
  });

  it("read to any depth, is the first hits of the kept notes, with the whole list's scores (property)", () => {
    fc.assert(
      fc.property(
        vaultArb,
        fc.constantFrom(...PLAIN_QUERIES),
        keptArb,
        fc.constantFrom(undefined, 1, 2),
        fc.integer({ min: 1, max: 40 }),
        (notes, query, chosen, chunksPerNote, limit) => {
          const index = vault(notes);
          const kept = new Set(chosen.map(pathOf));
          const keeps = (path: string): boolean => kept.has(path);
          const opts = { maxEdits: 1, ...(chunksPerNote ? { chunksPerNote } : {}) };
          const whole = index.keywordSearch(query, { ...opts, limit: index.size + 1 });
          const expected = whole.filter((h) => keeps(notePathOfChunkId(h.id))).slice(0, limit);
          expect(index.keywordSearch(query, { ...opts, limit, keepsNote: keeps })).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the best chunks of the kept notes at a shallow depth, however low they rank in the whole list", () => {
    // Notes under b/ say "garden" often, the a/ ones once: the kept a/ notes rank last in the whole list.
    const notes = Array.from({ length: 30 }, (_, i) => [i % 3 === 0 ? ["garden", "weather", "plan", "spring", "copy"] : ["garden", "garden", "garden"]]);
    const index = vault(notes);
    const whole = index.keywordSearch("garden", { limit: index.size + 1 });
    expect(whole.slice(0, 20).every((h) => h.id.startsWith("b/"))).toBe(true);
    const keepsNote = (path: string): boolean => path.startsWith("a/");
    const top = index.keywordSearch("garden", { limit: 3, keepsNote });
    expect(top.map((h) => h.id)).toEqual(whole.filter((h) => h.id.startsWith("a/")).slice(0, 3).map((h) => h.id));
  });

  it("asks the filter once per note, and only about notes met near the top when most notes pass", () => {
    const index = vault(Array.from({ length: 60 }, () => [["garden", "plan"]]));
    const asked: string[] = [];
    const keepsNote = (path: string): boolean => (asked.push(path), path !== "b/n1.md");
    const top = index.keywordSearch("garden", { limit: 5, chunksPerNote: 1, keepsNote });
    expect(top).toHaveLength(5);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBeLessThan(30);
  });
});
