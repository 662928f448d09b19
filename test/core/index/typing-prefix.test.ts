import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";

describe("the word being typed", () => {
  const idx = new ChunkIndex(0);
  const notes: Record<string, string> = {
    "a.md": "# Salad\n\nA tomato salad with basil.",
    "b.md": "# Soup\n\nTomato soup for the winter.",
    "c.md": "# Sauce\n\nSauce of tomato and garlic.",
    "tomas.md": "# Visit\n\nTomas came over for dinner.",
  };
  for (const [path, md] of Object.entries(notes)) idx.addNote(chunkNote(path, md));
  const paths = (q: string, prefixLast: boolean) => idx.keywordSearch(q, { limit: 10, prefixLast }).map((h) => h.id.split("#")[0]);

  it("is not corrected while it begins words of the notes: it is unfinished, not misspelt", () => {
    expect(paths("tomat", true).sort()).toEqual(["a.md", "b.md", "c.md"]);
    // Finished (no longer a prefix), the same letters are a misspelling and corrected as before.
    expect(paths("tomat", false)).toContain("tomas.md");
  });

  it("is corrected when it begins no word of the notes", () => {
    expect(paths("tomsto", true).sort()).toEqual(["a.md", "b.md", "c.md"]);
  });
});
