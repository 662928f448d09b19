import { describe, expect, it } from "vitest";
import { MemoryFileStore } from "../memory-file-store";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { lockGuardedStore } from "../../../../src/core/persist/lock/lock-guarded-store";
import { loadSegments } from "../../../../src/core/persist/segments/segment-load";
import { CHUNKING, loadedContent, MODEL, modelContent, sourceOf, type ModelNote } from "./segment-fixtures";

const note = (path: string, mtime: number, ...texts: string[]): ModelNote => ({ path, mtime, texts });

function vault(count: number): Map<string, ModelNote> {
  const notes = new Map<string, ModelNote>();
  for (let i = 0; i < count; i++) notes.set(`n${i}.md`, note(`n${i}.md`, 1000 + i, `first ${i}`, `second ${i}`));
  return notes;
}

describe("SegmentWriter", () => {
  it("saves everything once, then only the notes that changed, and loads what was saved", async () => {
    const store = new MemoryFileStore();
    const writer = new SegmentWriter(store, "idx", { writer: "a", targetBytes: 2000 });
    const notes = vault(40);
    const first = await writer.save(sourceOf(notes), { changed: "all" });
    expect(first.ok && first.value.segments).toBeGreaterThan(1);
    expect(await loadedContent(store)).toEqual(modelContent(notes));

    notes.set("n3.md", note("n3.md", 5000, "first 3 edited", "second 3"));
    notes.delete("n7.md");
    notes.set("new.md", note("new.md", 5001, "brand new"));
    const before = store.files.size;
    const second = await writer.save(sourceOf(notes), { changed: new Set(["n3.md", "n7.md", "new.md"]) });
    expect(second.ok && second.value.segments).toBe(1);
    expect(store.files.size).toBe(before + 1);
    expect(second.ok && second.value.bytes).toBeLessThan(first.ok ? first.value.bytes / 4 : 0);
    expect(await loadedContent(store)).toEqual(modelContent(notes));
  });

  it("writes nothing but the manifest when only the exclusion check changed", async () => {
    const store = new MemoryFileStore();
    const writer = new SegmentWriter(store, "idx", { writer: "a" });
    const notes = vault(5);
    await writer.save(sourceOf(notes), { changed: "all" });
    const report = await writer.save(sourceOf(notes, 1_750_000_000_001, "rules-2"), { changed: new Set() });
    expect(report.ok && report.value.segments).toBe(0);
    const loaded = await loadSegments(store, "idx", { model: MODEL, chunkingHash: CHUNKING });
    expect(loaded.kind === "loaded" && loaded.snapshot.header.exclusionsHash).toBe("rules-2");
  });

  it("compacts many small segments into few, and deletes the old ones only after the grace time", async () => {
    const store = new MemoryFileStore();
    let now = 1_000_000;
    const writer = new SegmentWriter(store, "idx", { writer: "a", now: () => now, graceMs: 60_000 });
    const notes = vault(20);
    await writer.save(sourceOf(notes), { changed: "all" });
    for (let i = 0; i < 12; i++) {
      notes.set(`n${i}.md`, note(`n${i}.md`, 9000 + i, `edit ${i}`));
      await writer.save(sourceOf(notes), { changed: new Set([`n${i}.md`]) });
    }
    expect(writer.compactionDue()).toBe(true);
    const segmentsBefore = writer.current.segments.size;
    const compacted = await writer.save(sourceOf(notes), { changed: new Set(), compact: true });
    expect(compacted.ok && compacted.value.retired).toBeGreaterThan(1);
    expect(writer.current.segments.size).toBeLessThan(segmentsBefore);
    expect(writer.compactionDue()).toBe(false);
    expect(await loadedContent(store)).toEqual(modelContent(notes));
    // A reader that loaded the old manifest may still read the retired files: they stay until the grace time passed.
    const retired = [...writer.current.retired.keys()];
    expect(retired.every((name) => store.files.has(`idx/${name}`))).toBe(true);
    now += 61_000;
    await writer.save(sourceOf(notes), { changed: new Set() });
    expect(retired.some((name) => store.files.has(`idx/${name}`))).toBe(false);
    expect(await loadedContent(store)).toEqual(modelContent(notes));
  });

  it("writes again the notes of saves that never reached the disk (the writer lock was lost meanwhile)", async () => {
    const store = new MemoryFileStore();
    let mayWrite = true;
    const writer = new SegmentWriter(lockGuardedStore(store, () => mayWrite), "idx", { writer: "a" });
    const notes = vault(6);
    await writer.save(sourceOf(notes), { changed: "all" });
    mayWrite = false;
    notes.set("n1.md", note("n1.md", 5000, "edited while not the writer"));
    expect((await writer.save(sourceOf(notes), { changed: new Set(["n1.md"]) })).ok).toBe(true);
    mayWrite = true;
    notes.set("n2.md", note("n2.md", 5001, "edited as the writer again"));
    expect((await writer.save(sourceOf(notes), { changed: new Set(["n2.md"]) })).ok).toBe(true);
    expect(await loadedContent(store)).toEqual(modelContent(notes));
  });
});
