import { describe, expect, it } from "vitest";
import { planSegments } from "../../../../src/core/persist/segments/segment-file";
import type { SnapshotToSave } from "../../../../src/core/persist/snapshot";
import { SLICE_ITEMS } from "../../../../src/core/shared/slices";
import { SyncedIndex } from "../../../../src/core/sync/store/synced-index";
import type { Chunk } from "../../../../src/core/types";
import { drainSteps } from "../../../fakes/drain-steps";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { MemoryFileStore } from "../memory-file-store";
import { sourceOf, type ModelNote } from "./segment-fixtures";


const chunk = (path: string, i: number): Chunk => ({ id: `${path}#${i}`, path, ordinal: i, headingPath: [path], text: `word${i % 97} plain`, startLine: i, endLine: i, tokens: 2 });

describe("a save works in slices", () => {
  it("plans the segments of a full save yielding every SLICE_ITEMS notes, with runs that cover every note once", () => {
    const count = 5 * SLICE_ITEMS + 17;
    const notes = Array.from({ length: count }, (_, n) => ({ path: `n${n}.md`, chunkStart: n, chunkCount: 1 }));
    const chunks = notes.map((n) => ({ ...chunk(n.path, 0), text: "x".repeat(3000), embedHash: "" }));
    const s = { header: { dims: 768 }, vectorPrecision: "float32", notes, chunks } as unknown as SnapshotToSave;
    const { value: runs, yields } = drainSteps(planSegments(s, 1 << 20));
    expect(yields).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeGreaterThan(1);
    expect(runs[0]?.[0]).toBe(0);
    for (let r = 1; r < runs.length; r++) expect(runs[r]?.[0]).toBe(runs[r - 1]?.[1]);
    expect(runs[runs.length - 1]?.[1]).toBe(count);
  });

  it("takes the snapshot of a note of thousands of chunks with pauses inside it", async () => {
    const synced = new SyncedIndex(0, false);
    const chunks = Array.from({ length: 9000 }, (_, i) => chunk("big.md", i));
    const meta = { title: "big", aliases: [], tags: [], links: [] };
    const noPause = (): Promise<void> => Promise.resolve();
    await synced.put({ path: "big.md", mtime: 1, size: 1, contentHash: "h", meta, chunks, embedHashes: chunks.map((c) => `e${c.ordinal}`) }, noPause);
    let pauses = 0;
    const snapshot = await synced.snapshotOf(["big.md"], () => {
      pauses++;
      return Promise.resolve();
    });
    expect(snapshot.chunks.length).toBe(9000);
    expect(pauses).toBeGreaterThanOrEqual(2);
  });

  it("goes through the notes of a save of 10,000 changed notes with pauses, at most 4,096 between two", async () => {
    const notes = new Map<string, ModelNote>();
    for (let n = 0; n < 10_000; n++) notes.set(`n${n}.md`, { path: `n${n}.md`, mtime: n, texts: [`text ${n}`] });
    let asked = 0;
    let most = 0;
    const pause = (): Promise<void> => {
      most = Math.max(most, asked);
      asked = 0;
      return Promise.resolve();
    };
    const writer = new SegmentWriter(new MemoryFileStore(), "idx", { writer: "a", pause });
    const source = sourceOf(notes);
    const counted = { ...source, has: (p: string) => (asked++, source.has(p)) };
    expect((await writer.save(counted, { changed: "all" })).ok).toBe(true);
    [asked, most] = [0, 0];
    const report = await writer.save(counted, { changed: new Set(notes.keys()) });
    expect(report.ok).toBe(true);
    most = Math.max(most, asked);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(4096);
  });
});
