import { describe, expect, it } from "vitest";
import { ForeignRows } from "../../../../src/core/persist/segments/foreign-rows";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { parseSegmentName } from "../../../../src/core/persist/segments/segment-names";
import { MemoryFileStore } from "../memory-file-store";
import { DIMS, MODEL, hashOf, sourceOf, vectorOf, type ModelNote } from "./segment-fixtures";

const DIR = "data";

async function savedBy(store: MemoryFileStore, writer: string, notes: ModelNote[]): Promise<string[]> {
  const map = new Map(notes.map((n) => [n.path, n]));
  const w = new SegmentWriter(store, DIR, { writer });
  const saved = await w.save(sourceOf(map), { changed: "all" });
  expect(saved.ok).toBe(true);
  return [...store.files.keys()].map((p) => p.slice(DIR.length + 1)).filter((n) => parseSegmentName(n)?.writer === writer);
}

const note = (path: string, ...texts: string[]): ModelNote => ({ path, mtime: 1, texts });

function rowsOver(store: MemoryFileStore, opts: { writer?: string; loaded?: (n: string) => boolean; clock?: () => number } = {}): ForeignRows {
  return new ForeignRows({ store, dir: DIR, writer: opts.writer ?? "mine", loaded: opts.loaded ?? (() => false), ...(opts.clock ? { clock: opts.clock } : {}) });
}

describe("ForeignRows", () => {
  it("gives the saved vector of each text another writer's segment holds, and nothing for the others", async () => {
    const store = new MemoryFileStore();
    await savedBy(store, "other", [note("a.md", "apples", "pears"), note("b.md", "plums")]);
    const found = await rowsOver(store).vectorsFor([hashOf("pears"), hashOf("figs"), hashOf("plums")], MODEL, DIMS);
    expect(found).toEqual([vectorOf("pears"), undefined, vectorOf("plums")]);
  });

  it("never reads this writer's own segments, nor the ones the index loaded", async () => {
    const store = new MemoryFileStore();
    const own = await savedBy(store, "mine", [note("a.md", "apples")]);
    const loaded = await savedBy(store, "other", [note("b.md", "plums")]);
    const reads: string[] = [];
    const read = store.read.bind(store);
    store.read = (path) => {
      reads.push(path);
      return read(path);
    };
    const rows = rowsOver(store, { loaded: (n) => loaded.includes(n) });
    expect(await rows.vectorsFor([hashOf("apples"), hashOf("plums")], MODEL, DIMS)).toEqual([undefined, undefined]);
    expect(reads.filter((p) => [...own, ...loaded].some((n) => p.endsWith(n)))).toEqual([]);
  });

  it("ignores segments of another model or size", async () => {
    const store = new MemoryFileStore();
    await savedBy(store, "other", [note("a.md", "apples")]);
    const rows = rowsOver(store);
    expect(await rows.vectorsFor([hashOf("apples")], "all-minilm", DIMS)).toEqual([undefined]);
    expect(await rows.vectorsFor([hashOf("apples")], MODEL, DIMS + 1)).toEqual([undefined]);
    expect(await rows.vectorsFor([hashOf("apples")], `${MODEL}:latest`, DIMS)).toEqual([vectorOf("apples")]);
  });

  it("tries a segment that was still arriving again later, and reads a sync tool's copy of one", async () => {
    const store = new MemoryFileStore();
    const [name = ""] = await savedBy(store, "other", [note("a.md", "apples")]);
    const whole = store.files.get(`${DIR}/${name}`) as Uint8Array;
    store.files.set(`${DIR}/${name}`, whole.subarray(0, whole.length - 9));
    let now = 1_000;
    const rows = rowsOver(store, { clock: () => now });
    expect(await rows.vectorsFor([hashOf("apples")], MODEL, DIMS)).toEqual([undefined]);
    store.files.set(`${DIR}/${name}`, whole);
    now += 1_000;
    expect(await rows.vectorsFor([hashOf("apples")], MODEL, DIMS)).toEqual([undefined]);
    now += 60_000;
    expect(await rows.vectorsFor([hashOf("apples")], MODEL, DIMS)).toEqual([vectorOf("apples")]);
    const copy = new MemoryFileStore();
    copy.files.set(`${DIR}/${name.replace(".bin", " (Ann's conflicted copy 2026-11-27).bin")}`, whole);
    expect(await rowsOver(copy).vectorsFor([hashOf("apples")], MODEL, DIMS)).toEqual([vectorOf("apples")]);
  });

  it("forgets a segment that was deleted after it was read (the other device compacted it)", async () => {
    const store = new MemoryFileStore();
    const [name = ""] = await savedBy(store, "other", [note("a.md", "apples")]);
    const rows = rowsOver(store);
    expect(await rows.vectorsFor([hashOf("apples")], MODEL, DIMS)).toEqual([vectorOf("apples")]);
    expect(rows.known).toBe(1);
    store.files.delete(`${DIR}/${name}`);
    expect(await rows.vectorsFor([hashOf("apples")], MODEL, DIMS)).toEqual([undefined]);
    expect(rows.known).toBe(0);
  });

  it("answers with nothing, and does not throw, when the folder can't be listed", async () => {
    const store = new MemoryFileStore();
    await savedBy(store, "other", [note("a.md", "apples")]);
    store.failWhen = (op) => op === "list";
    expect(await rowsOver(store).vectorsFor([hashOf("apples")], MODEL, DIMS)).toEqual([undefined]);
  });
});
