import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import type { ChunkedNote } from "../../../src/core/types";

function add(idx: ChunkIndex, path: string, text: string): void {
  const note: ChunkedNote = {
    path,
    meta: { title: path, aliases: [], tags: [], links: [] },
    chunks: [{ id: `${path}#0`, path, ordinal: 0, headingPath: [path], text, startLine: 0, endLine: 0, tokens: 10 }],
  };
  idx.addNote(note, [undefined]);
}

describe("ChunkIndex.distinctiveWords", () => {
  it("leaves out words held by more than the given share of the chunks, the costly ones to query", () => {
    const idx = new ChunkIndex(0);
    add(idx, "source.md", "gardening gardening gardening tomatoes tomatoes");
    add(idx, "other.md", "tomatoes ripen late");
    for (let i = 0; i < 18; i++) add(idx, `n${i}.md`, `gardening note ${i} filler${i}`);
    // 20 chunks: "gardening" is in 19 of them, "tomatoes" in 2.
    expect(idx.distinctiveWords(["source.md#0"], 5)).toContain("gardening");
    const capped = idx.distinctiveWords(["source.md#0"], 5, undefined, 0.5);
    expect(capped).not.toContain("gardening");
    expect(capped).toContain("tomatoes");
  });
});
