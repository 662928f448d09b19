import { describe, expect, it, vi } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { embeddingInput } from "../../../src/core/index/embedding-input";
import { createNoteFilter } from "../../../src/core/search/note-filter";
import { parseQuery } from "../../../src/core/search/query-parser";
import { vectorFor } from "../sync/helpers/counting-embedder";

const DIMS = 8;
const SMALL_CHUNKS = { maxTokens: 24, overlapRatio: 0 };

/** An int8 index (the default precision) of notes in two folders, a few chunks each, in more than one language. */
function int8Index(): ChunkIndex {
  const index = new ChunkIndex(DIMS, undefined, undefined, "int8");
  const bodies = ["the garden plan for spring", "Der Gartenplan für den Frühling", "plan du jardin au printemps"];
  for (let i = 0; i < 30; i++) {
    const path = `${i % 2 === 0 ? "Projects" : "Archive"}/note ${i}.md`;
    const md = `---\ntags: [${i % 3 === 0 ? "garden" : "misc"}]\n---\n# Note ${i}\n\n## One\n\n${bodies[i % 3]} number ${i}.\n\n## Two\n\nMore words about week ${i} and the weather.\n`;
    const note = chunkNote(path, md, SMALL_CHUNKS);
    index.addNote(note, note.chunks.map((c) => vectorFor("filter", embeddingInput(c), DIMS)));
  }
  return index;
}

describe("createNoteFilter over an int8 index", () => {
  it("checks phrases, exclusions, paths and tags without decoding a single vector", () => {
    const index = int8Index();
    const store = index.vectorStore;
    if (!store) throw new Error("no vector store");
    const decode = vi.spyOn(store, "get");
    const filter = createNoteFilter(index, parseQuery('"garden plan" -weather path:Projects tag:garden'));
    const other = createNoteFilter(index, parseQuery('"für den" path:Archive'));
    const passed = [...index.notePaths()].filter((p) => filter?.pass(p));
    const passedOther = [...index.notePaths()].filter((p) => other?.pass(p));
    expect(decode).not.toHaveBeenCalled();
    // The filters still read the notes: "-weather" drops every note (each says "the weather"), "für den" keeps the
    // German notes under Archive.
    expect(passed).toEqual([]);
    expect(passedOther.sort()).toEqual(["Archive/note 1.md", "Archive/note 7.md", "Archive/note 13.md", "Archive/note 19.md", "Archive/note 25.md"].sort());
    const kept = createNoteFilter(index, parseQuery('"garden plan" path:Projects tag:garden'));
    expect([...index.notePaths()].filter((p) => kept?.pass(p)).sort()).toEqual(["Projects/note 0.md", "Projects/note 12.md", "Projects/note 24.md", "Projects/note 6.md", "Projects/note 18.md"].sort());
    expect(decode).not.toHaveBeenCalled();
  });
});
