import { describe, expect, it } from "vitest";
import { ChunkTextShare } from "../../../src/core/index/chunk-text-share";

describe("ChunkTextShare", () => {
  it("counts notes per chunk text, evening out case, spacing and digits", () => {
    const share = new ChunkTextShare();
    share.add("a#0", "a.md", "## Thoughts");
    share.add("b#0", "b.md", "##  thoughts");
    share.add("c#0", "c.md", "Daily note 2025-01-02");
    share.add("d#0", "d.md", "Daily note 2024-12-31");
    share.add("d#1", "d.md", "## Thoughts");
    expect(share.notesSharing("a#0")).toBe(3);
    expect(share.notesSharing("c#0")).toBe(2);
    share.remove("b#0", "b.md");
    expect(share.notesSharing("a#0")).toBe(2);
    expect(share.notesSharing("zz")).toBe(0);
  });

  it("reads a lazily given text only when a count is asked for, and counts it the same", () => {
    const eager = new ChunkTextShare();
    const lazy = new ChunkTextShare();
    let reads = 0;
    const texts: [string, string, string][] = [["a#0", "a.md", "MOC"], ["b#0", "b.md", "moc"], ["c#0", "c.md", "Otters"], ["c#1", "c.md", "MOC"]];
    for (const [id, path, text] of texts) {
      eager.add(id, path, text);
      lazy.add(id, path, () => (reads++, text));
    }
    lazy.remove("c#1", "c.md");
    eager.remove("c#1", "c.md");
    expect(reads).toBe(0);
    for (const [id] of texts) expect(lazy.notesSharing(id)).toBe(eager.notesSharing(id));
    expect(reads).toBe(3);
  });

  it("reads a restored chunk's text from its entry, only when first asked, as often as a function would", () => {
    const eager = new ChunkTextShare();
    const held = new ChunkTextShare();
    let reads = 0;
    const entry = (path: string, text: string) => ({ chunk: { path, get text() { return (reads++, text); } } });
    const texts: [string, string, string][] = [["a#0", "a.md", "MOC"], ["b#0", "b.md", "moc"], ["c#0", "c.md", "Otters"], ["c#1", "c.md", "MOC"]];
    for (const [id, path, text] of texts) {
      eager.add(id, path, text);
      if (id === "a#0") held.addUnseen(id, path, entry(path, text));
      else held.add(id, path, entry(path, text));
    }
    // A holder of another path (never made by the index) still counts under the path given.
    held.add("d#0", "d.md", entry("elsewhere.md", "Otters"));
    eager.add("d#0", "d.md", "Otters");
    held.remove("c#1", "c.md");
    eager.remove("c#1", "c.md");
    expect(reads).toBe(0);
    for (const id of ["a#0", "b#0", "c#0", "d#0"]) expect(held.notesSharing(id)).toBe(eager.notesSharing(id));
    expect(reads).toBe(4);
  });
});
