import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { notePathOfChunkId } from "../../../src/core/search/group-ranking";

// Common words, word pairs that occur in order or apart, several languages, and words a typo is near.
const WORDS = ["garden", "plan", "spring", "note", "copy", "this", "jardin", "printemps", "Frühling", "Gartenplan", "weather", "obsidian"];
const QUERIES = ["garden plan", "copy this note", "obsidian note", "spring garden", "gardn plan", "jardin printemps", "note", "frühling garten"];

function vault(notes: string[][][]): ChunkIndex {
  const index = new ChunkIndex(0);
  notes.forEach((sections, i) => {
    const md = `# Note ${i}\n\n${sections.map((words, s) => `## Part ${s}\n\n${words.join(" ")}.`).join("\n\n")}\n`;
    index.addNote(chunkNote(`${i % 3 === 0 ? "a" : "b"}/n${i}.md`, md, { maxTokens: 24, overlapRatio: 0 }));
  });
  return index;
}

describe("a keyword list read whole for a filter (keepsNote)", () => {
  it("lists the kept notes' chunks with the scores and order of the whole list (property)", () => {
    const noteArb = fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(noteArb, { minLength: 1, maxLength: 30 }),
        fc.constantFrom(...QUERIES),
        fc.array(fc.integer({ min: 0, max: 29 }), { maxLength: 12 }),
        fc.constantFrom(undefined, 1, 2),
        (notes, query, chosen, chunksPerNote) => {
          const index = vault(notes);
          const kept = new Set(chosen.map((i) => `${i % 3 === 0 ? "a" : "b"}/n${i}.md`));
          const keeps = (path: string): boolean => kept.has(path);
          const opts = { limit: index.size + 1, maxEdits: 1, ...(chunksPerNote ? { chunksPerNote } : {}) };
          const plain = index.keywordSearch(query, opts).filter((h) => keeps(notePathOfChunkId(h.id)));
          const fast = index.keywordSearch(query, { ...opts, keepsNote: keeps });
          expect(fast.filter((h) => keeps(notePathOfChunkId(h.id)))).toEqual(plain);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("leaves out the other notes' chunks, save the list's first hit, even when no note is kept", () => {
    const index = vault(Array.from({ length: 12 }, (_, i) => [["copy", "this", "note", i % 2 === 0 ? "garden" : "plan"]]));
    const whole = index.keywordSearch("copy this note", { limit: index.size + 1 });
    expect(whole.length).toBe(12);
    const onlyA = index.keywordSearch("copy this note", { limit: index.size + 1, keepsNote: (p) => p.startsWith("a/") });
    expect(onlyA.slice(1).every((h) => h.id.startsWith("a/"))).toBe(true);
    expect(onlyA.length).toBeLessThanOrEqual(5);
    const none = index.keywordSearch("copy this note", { limit: index.size + 1, keepsNote: () => false });
    // Not kept, so not checked for word order either: its place is its BM25 one.
    expect(none.map((h) => h.id)).toEqual(whole.slice(0, 1).map((h) => h.id));
  });
});
