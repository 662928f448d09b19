import { describe, expect, it } from "vitest";
import { MemoryFileStore, storeWith } from "../memory-file-store";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { loadSegments } from "../../../../src/core/persist/segments/segment-load";
import { conflictCopyOf, MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import { ForeignRows } from "../../../../src/core/persist/segments/foreign-rows";
import { CHUNKING, DIMS, hashOf, loadedContent, MODEL, modelContent, sourceOf, vectorOf, type ModelNote } from "./segment-fixtures";

const note = (path: string, mtime: number, ...texts: string[]): ModelNote => ({ path, mtime, texts });

async function writerOver(store: MemoryFileStore, id: string): Promise<SegmentWriter> {
  const writer = new SegmentWriter(store, "idx", { writer: id, graceMs: 0 });
  const loaded = await loadSegments(store, "idx", { model: MODEL, chunkingHash: CHUNKING });
  if (loaded.kind === "loaded") writer.adopt(loaded.state);
  return writer;
}

const COPIES = {
  Syncthing: "index-manifest.sync-conflict-20261126-181502-ABCDEF7.bin",
  Dropbox: "index-manifest (Ann's conflicted copy 2026-11-26).bin",
  iCloud: "index-manifest 2.bin",
};

describe("conflict copies of the segmented index", () => {
  it("recognises the names sync tools give conflict copies, and nothing else", () => {
    for (const name of Object.values(COPIES)) expect(conflictCopyOf(name)).toEqual({ of: MANIFEST_FILE });
    expect(conflictCopyOf("index-seg-ab12-3-0000abcd.sync-conflict-20261126-181502-ABCDEF7.bin")).toEqual({ of: "index-seg-ab12-3-0000abcd.bin" });
    for (const name of [MANIFEST_FILE, "index-manifest.bin.tmp", "index-seg-ab12-3-0000abcd.bin", "index-meta.bin", "notes 2.md"]) {
      expect(conflictCopyOf(name)).toBeUndefined();
    }
  });

  for (const [tool, copyName] of Object.entries(COPIES)) {
    it(`merges a ${tool} conflict copy of the manifest per note (newest wins), then cleans it up`, async () => {
      const shared = new MemoryFileStore();
      const base = new Map<string, ModelNote>();
      for (let i = 0; i < 6; i++) base.set(`n${i}.md`, note(`n${i}.md`, 1000 + i, `text ${i}`));
      await (await writerOver(shared, "a")).save(sourceOf(base), { changed: "all" });
      const onA = storeWith(shared.snapshotFiles());
      const onB = storeWith(shared.snapshotFiles());
      const [a, b] = [await writerOver(onA, "a"), await writerOver(onB, "b")];
      const notesA = new Map(base);
      notesA.set("n1.md", note("n1.md", 3000, "A edits one"));
      notesA.set("n2.md", note("n2.md", 3000, "A edits two"));
      await a.save(sourceOf(notesA, 1_760_000_000_000), { changed: new Set(["n1.md", "n2.md"]) });
      const notesB = new Map(base);
      notesB.set("n2.md", note("n2.md", 3500, "B edits two later"));
      notesB.set("n3.md", note("n3.md", 3000, "B edits three"));
      notesB.delete("n4.md");
      await b.save(sourceOf(notesB, 1_760_000_000_500), { changed: new Set(["n2.md", "n3.md", "n4.md"]) });
      // The sync tool brings B's segments over, and keeps B's manifest as a conflict copy next to A's.
      for (const [path, bytes] of onB.files) {
        if (path.startsWith("idx/index-seg-") && !onA.files.has(path)) onA.files.set(path, bytes);
      }
      onA.files.set(`idx/${copyName}`, onB.files.get("idx/index-manifest.bin") as Uint8Array);
      const expected = new Map(notesA);
      expected.set("n2.md", notesB.get("n2.md") as ModelNote);
      expected.set("n3.md", notesB.get("n3.md") as ModelNote);
      expected.delete("n4.md");
      expect(await loadedContent(onA)).toEqual(modelContent(expected));
      const reopened = await writerOver(onA, "a2");
      expect(reopened.unsaved).toBe(true);
      const saved = await reopened.save(sourceOf(expected, 1_760_000_001_000), { changed: new Set() });
      expect(saved.ok).toBe(true);
      expect(onA.files.has(`idx/${copyName}`)).toBe(false);
      expect(await loadedContent(onA)).toEqual(modelContent(expected));
    });
  }

  it("keeps where the versions the index does not hold are, so that their texts are not embedded again if they return", async () => {
    const shared = new MemoryFileStore();
    const base = new Map<string, ModelNote>([["n0.md", note("n0.md", 1000, "zero")], ["n1.md", note("n1.md", 1001, "one")]]);
    await (await writerOver(shared, "a")).save(sourceOf(base), { changed: "all" });
    const onB = storeWith(shared.snapshotFiles());
    // Both devices edit n1.md; B's edit is the newer one, and A also edits n0.md.
    const notesA = new Map(base);
    notesA.set("n1.md", note("n1.md", 3000, "A's one", "A's second chunk"));
    notesA.set("n0.md", note("n0.md", 3000, "A's zero"));
    await (await writerOver(shared, "a")).save(sourceOf(notesA, 1_760_000_000_000), { changed: new Set(["n0.md", "n1.md"]) });
    const notesB = new Map(base);
    notesB.set("n1.md", note("n1.md", 3500, "B's one"));
    await (await writerOver(onB, "b")).save(sourceOf(notesB, 1_760_000_000_500), { changed: new Set(["n1.md"]) });
    for (const [path, bytes] of onB.files) if (path.startsWith("idx/index-seg-") && !shared.files.has(path)) shared.files.set(path, bytes);
    shared.files.set(`idx/${COPIES.Syncthing}`, onB.files.get("idx/index-manifest.bin") as Uint8Array);
    const loaded = await loadSegments(shared, "idx", { model: MODEL, chunkingHash: CHUNKING });
    if (loaded.kind !== "loaded") throw new Error(loaded.kind);
    // A's version of n1.md lost to B's. The first save's n0.md lost to A's edit: A retired that segment, but B's
    // fork still lists it. Its n1.md is dead in B's fork. Every version the index does not hold is listed.
    expect(loaded.superseded.map((r) => r.hash).sort()).toEqual([hashOf("A's one"), hashOf("A's second chunk"), hashOf("one"), hashOf("zero")]);
    // The segment is loaded, so a scan would never read it; the remembered rows are still found.
    const rows = new ForeignRows({ store: shared, dir: "idx", writer: "a3", loaded: (n) => loaded.state.segments.has(n) });
    expect(await rows.vectorsFor([hashOf("A's second chunk"), hashOf("A's zero")], MODEL, DIMS)).toEqual([undefined, undefined]);
    rows.remember(loaded.superseded);
    expect(await rows.vectorsFor([hashOf("A's second chunk"), hashOf("A's zero")], MODEL, DIMS)).toEqual([vectorOf("A's second chunk"), undefined]);
  });

  it("merges another device's manifest that replaced this writer's, instead of dropping its segments", async () => {
    const shared = new MemoryFileStore();
    const base = new Map<string, ModelNote>([["n0.md", note("n0.md", 1000, "zero")], ["n1.md", note("n1.md", 1001, "one")]]);
    const a = await writerOver(shared, "a");
    await a.save(sourceOf(base), { changed: "all" });
    // B saves into the same folder (the sync tool delivered its files, manifest included) while A runs on.
    const bStore = storeWith(shared.snapshotFiles());
    const notesB = new Map(base);
    notesB.set("n1.md", note("n1.md", 4000, "one from B"));
    await (await writerOver(bStore, "b")).save(sourceOf(notesB, 1_760_000_000_000), { changed: new Set(["n1.md"]) });
    for (const [path, bytes] of bStore.files) shared.files.set(path, bytes);
    const notesA = new Map(base);
    notesA.set("n0.md", note("n0.md", 4000, "zero from A"));
    await a.save(sourceOf(notesA, 1_760_000_000_100), { changed: new Set(["n0.md"]) });
    const expected = new Map([["n0.md", notesA.get("n0.md") as ModelNote], ["n1.md", notesB.get("n1.md") as ModelNote]]);
    expect(await loadedContent(shared)).toEqual(modelContent(expected));
  });

  it("takes a segment's conflict copy when the segment itself is missing, and puts it in its place", async () => {
    const store = new MemoryFileStore();
    const notes = new Map<string, ModelNote>([["n0.md", note("n0.md", 1000, "zero")]]);
    await (await writerOver(store, "a")).save(sourceOf(notes), { changed: "all" });
    const segment = [...store.files.keys()].find((p) => p.startsWith("idx/index-seg-")) as string;
    const copy = segment.replace(/\.bin$/, ".sync-conflict-20261126-181502-ABCDEF7.bin");
    store.files.set(copy, store.files.get(segment) as Uint8Array);
    store.files.delete(segment);
    expect(await loadedContent(store)).toEqual(modelContent(notes));
    await (await writerOver(store, "a2")).save(sourceOf(notes), { changed: new Set() });
    expect(store.files.has(segment) && !store.files.has(copy)).toBe(true);
  });
});
