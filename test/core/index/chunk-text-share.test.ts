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

  it("counts in steps what one question would count at once, while chunks come and go between the steps", () => {
    const next = (() => {
      let x = 11;
      return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    })();
    const words = ["MOC", "moc", "Otters", "## Thoughts", "Daily 2024-01-01", "daily 2025-02-02", "unique"];
    const text = () => words[Math.floor(next() * words.length)]!;
    // The index's chunks (what `held` walks), the table counting in steps, and one told the same changes eagerly.
    const index = new Map<string, { chunk: { id: string; path: string; text: string } }>();
    const stepped = new ChunkTextShare(() => index.values());
    const eager = new ChunkTextShare();
    const put = (id: string, path: string, restored: boolean) => {
      const entry = { chunk: { id, path, text: text() } };
      if (index.has(id)) {
        stepped.remove(id, path);
        eager.remove(id, path);
      }
      index.set(id, entry);
      if (restored) stepped.addHeld();
      else stepped.add(id, path, entry);
      eager.add(id, path, entry.chunk.text);
    };
    const drop = (id: string, path: string) => {
      index.delete(id);
      stepped.remove(id, path);
      eager.remove(id, path);
    };
    for (let i = 0; i < 60; i++) put(`n${i}.md#0`, `n${i}.md`, i % 2 === 0);
    expect(stepped.settled).toBe(false);
    const steps = stepped.settleSteps(4);
    let yields = 0;
    while (!steps.next().done) {
      yields++;
      // Between steps: a note indexed again, one removed, one new (lazily counted), one restored.
      const i = Math.floor(next() * 80);
      const roll = next();
      if (roll < 0.4) put(`n${i}.md#0`, `n${i}.md`, false);
      else if (roll < 0.7 && index.has(`n${i}.md#0`)) drop(`n${i}.md#0`, `n${i}.md`);
      else put(`n${i}.md#1`, `n${i}.md`, roll > 0.9);
    }
    expect(yields).toBeGreaterThan(10);
    for (const id of [...index.keys(), "n999.md#0"]) expect(stepped.notesSharing(id)).toBe(eager.notesSharing(id));
    expect(stepped.settled).toBe(true);
    // With nothing changing between them, the steps alone leave nothing for a question to count.
    for (let i = 100; i < 140; i++) put(`n${i}.md#0`, `n${i}.md`, i % 3 === 0);
    expect(stepped.settled).toBe(false);
    for (const _ of stepped.settleSteps(4)) void _;
    expect(stepped.settled).toBe(true);
    for (const id of index.keys()) expect(stepped.notesSharing(id)).toBe(eager.notesSharing(id));
  });
});
