import { describe, expect, it } from "vitest";
import { MemoryFileStore } from "../memory-file-store";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { loadedContent, modelContent, sourceOf, type ModelNote } from "./segment-fixtures";
import type { Result } from "../../../../src/core/result";

/** A store whose reads settle a tick later, counting how many were under way at once. */
class SlowReads extends MemoryFileStore {
  inFlight = 0;
  most = 0;

  override async read(path: string): Promise<Result<Uint8Array | null>> {
    this.inFlight++;
    this.most = Math.max(this.most, this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    this.inFlight--;
    return super.read(path);
  }
}

describe("loading a segmented index", () => {
  it("reads the next segment while decoding one, and loads what reading them one by one loads", async () => {
    const store = new SlowReads();
    const notes = new Map<string, ModelNote>();
    for (let i = 0; i < 12; i++) notes.set(`n${i}.md`, { path: `n${i}.md`, mtime: 1000 + i, texts: [`text ${i}`, `more ${i}`] });
    await new SegmentWriter(store, "idx", { writer: "a", targetBytes: 1000 }).save(sourceOf(notes), { changed: "all" });
    const segments = [...store.files.keys()].filter((p) => p.includes("index-seg-"));
    expect(segments.length).toBeGreaterThan(3);
    store.most = 0;
    expect(await loadedContent(store)).toEqual(modelContent(notes));
    // The manifest alone, then two segments at a time, never more: reading ahead holds one extra file in memory.
    expect(store.most).toBe(2);
  });
});
