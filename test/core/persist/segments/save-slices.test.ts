import { describe, expect, it } from "vitest";
import { planSegments } from "../../../../src/core/persist/segments/segment-file";
import type { SnapshotToSave } from "../../../../src/core/persist/snapshot";
import { SLICE_ITEMS } from "../../../../src/core/shared/slices";
import { SyncedIndex } from "../../../../src/core/sync/store/synced-index";
import type { Chunk } from "../../../../src/core/types";
import { drainSteps } from "../../../fakes/drain-steps";


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
});
