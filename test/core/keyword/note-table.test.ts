import { describe, expect, it } from "vitest";
import { NoteTable } from "../../../src/core/keyword/note-table";
import { FieldPostings } from "../../../src/core/keyword/field-postings";

const lengths = (text: number, title: number) => (field: string) => (field === "text" ? text : field === "title" ? title : 0);

/** Note a.md in chunks 1 and 2 (text 10 + 20, title 3), b.md in chunk 3 (text 6, title 1). */
function twoNotes(): NoteTable {
  const t = new NoteTable(["text", "title"], new Set(["title"]));
  t.add(1, "a.md", lengths(10, 3));
  t.add(2, "a.md", lengths(20, 3));
  t.add(3, "b.md", lengths(6, 1));
  return t;
}

describe("NoteTable", () => {
  it("sums body lengths over a note's chunks and counts a note-wide field once", () => {
    const t = twoNotes();
    const a = t.noteOf(1);
    expect(t.noteOf(2)).toBe(a);
    expect(t.noteOf(3)).not.toBe(a);
    expect(t.noteCount).toBe(2);
    expect(t.lengthsOf("text")[a]).toBe(30);
    expect(t.lengthsOf("title")[a]).toBe(3);
    expect(t.averageLength("text")).toBe(18);
    expect(t.averageLength("title")).toBe(2);
  });

  it("frees a note's ordinal with its last chunk and gives it to the next new note, with clean lengths", () => {
    const t = twoNotes();
    const a = t.noteOf(1);
    t.remove(1, "a.md", lengths(10, 3));
    expect(t.noteCount).toBe(2);
    expect(t.lengthsOf("text")[a]).toBe(20);
    t.remove(2, "a.md", lengths(20, 3));
    expect(t.noteCount).toBe(1);
    expect(t.noteOf(2)).toBe(-1);
    expect(t.averageLength("text")).toBe(6);
    expect(t.averageLength("title")).toBe(1);
    t.add(7, "c.md", lengths(4, 2));
    expect(t.noteOf(7)).toBe(a);
    expect(t.lengthsOf("text")[a]).toBe(4);
    expect(t.lengthsOf("title")[a]).toBe(2);
    expect(t.capacity).toBe(2);
  });

  it("ignores a chunk added twice or removed when unknown, and grows past its first arrays", () => {
    const t = new NoteTable(["text"], new Set());
    t.add(1, "a.md", lengths(5, 0));
    t.add(1, "a.md", lengths(5, 0));
    t.remove(9, "a.md", lengths(5, 0));
    expect(t.lengthsOf("text")[t.noteOf(1)]).toBe(5);
    for (let i = 2; i < 500; i++) t.add(i, `n${i}.md`, lengths(1, 0));
    expect(t.noteCount).toBe(499);
    expect(t.noteOf(499)).toBeGreaterThan(0);
    expect(t.averageLength("text")).toBeCloseTo((5 + 498) / 499, 10);
  });

  it("adds a restore's chunks in runs (addMany) with the ordinals, lengths and averages of adding them one by one", () => {
    // 150 notes of 1–4 chunks (past the tables' first growth), a note's chunks not always together, ids out of order,
    // a chunk already in the table, and a field no chunk has.
    const fields = { text: new FieldPostings(), title: new FieldPostings(), path: new FieldPostings() };
    const ids: number[] = [];
    const paths: string[] = [];
    for (let n = 0; n < 150; n++) {
      for (let c = 0; c <= n % 4; c++) {
        const id = 1000 - ids.length * 3;
        fields.text.add(id, new Map([["w", 1]]), 5 + ((n * 7 + c * 3) % 40));
        fields.title.add(id, new Map([["t", 1]]), 1 + (n % 5));
        ids.push(id);
        paths.push(n % 10 === 9 && c === 1 ? `n${n - 1}.md` : `n${n}.md`);
      }
    }
    const oneByOne = new NoteTable(["text", "title", "aliases"], new Set(["title"]));
    const runs = new NoteTable(["text", "title", "aliases"], new Set(["title"]));
    for (const t of [oneByOne, runs]) t.track("add", ids[5]!, paths[5]!, fields);
    for (let i = 0; i < ids.length; i++) oneByOne.track("add", ids[i]!, paths[i]!, fields);
    const idOf = Int32Array.from(ids);
    for (let from = 0; from < ids.length; from += 64) runs.addMany(idOf, (i) => paths[i]!, from, Math.min(ids.length, from + 64), fields);
    expect(runs.noteCount).toBe(oneByOne.noteCount);
    expect(runs.capacity).toBe(oneByOne.capacity);
    for (const id of ids) expect(runs.noteOf(id)).toBe(oneByOne.noteOf(id));
    for (const f of ["text", "title", "aliases"]) {
      expect(runs.averageLength(f)).toBe(oneByOne.averageLength(f));
      expect([...runs.lengthsOf(f).subarray(0, runs.capacity)]).toEqual([...oneByOne.lengthsOf(f).subarray(0, oneByOne.capacity)]);
    }
    expect(runs.averageLength("text")).toBeGreaterThan(0);
  });
});
