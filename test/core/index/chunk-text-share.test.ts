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

  it("reads a restored chunk's text from the index's entry, only when first asked, as often as a function would", () => {
    const eager = new ChunkTextShare();
    let reads = 0;
    const entry = (id: string, path: string, text: string) => ({ chunk: { id, path, get text() { return (reads++, text); } } });
    // The index's chunks, as the table reads them when first asked: a#0 and e#0 were restored (`addHeld`).
    const index = new Map<string, ReturnType<typeof entry>>();
    const held = new ChunkTextShare(() => index.values());
    const texts: [string, string, string][] = [["a#0", "a.md", "MOC"], ["b#0", "b.md", "moc"], ["c#0", "c.md", "Otters"], ["c#1", "c.md", "MOC"]];
    for (const [id, path, text] of texts) {
      eager.add(id, path, text);
      index.set(id, entry(id, path, text));
      if (id === "a#0") held.addHeld();
      else held.add(id, path, index.get(id)!);
    }
    // A restored chunk removed before any question leaves with its entry.
    index.set("e#0", entry("e#0", "e.md", "moc"));
    held.addHeld();
    held.remove("e#0", "e.md");
    index.delete("e#0");
    // A holder of another path (never made by the index) still counts under the path given.
    held.add("d#0", "d.md", { chunk: { path: "elsewhere.md", get text() { return (reads++, "Otters"); } } });
    eager.add("d#0", "d.md", "Otters");
    held.remove("c#1", "c.md");
    index.delete("c#1");
    eager.remove("c#1", "c.md");
    expect(reads).toBe(0);
    for (const id of ["a#0", "b#0", "c#0", "d#0"]) expect(held.notesSharing(id)).toBe(eager.notesSharing(id));
    expect(reads).toBe(4);
    // A restored chunk whose note was indexed again (counted by `add`) is counted once, with its new text.
    index.set("f#0", entry("f#0", "f.md", "Otters"));
    held.addHeld();
    held.add("f#0", "f.md", "MOC");
    eager.add("f#0", "f.md", "MOC");
    for (const id of ["a#0", "b#0", "c#0", "d#0", "f#0"]) expect(held.notesSharing(id)).toBe(eager.notesSharing(id));
  });
});
