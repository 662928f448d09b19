import { describe, expect, it } from "vitest";
import { loadIndexFiles, saveIndexFiles } from "../../../src/core/persist/index-files";
import { SLICE_BYTES, SLICE_ITEMS } from "../../../src/core/shared/slices";
import { MemoryFileStore } from "./memory-file-store";
import { buildSnapshot, expectationsOf, expectSameSnapshot, sameFiles } from "./snapshot-fixtures";

// Big enough for several slices of every kind: more than 2 x SLICE_ITEMS chunks, vectors over SLICE_BYTES.
const CHUNKS = 2 * SLICE_ITEMS + 500;
const DIMS = Math.ceil((SLICE_BYTES * 1.2) / 4 / CHUNKS);
const big = buildSnapshot(
  Array.from({ length: CHUNKS / 4 }, (_, n) => ({
    path: `folder/note ${n}.md`,
    chunks: Array.from({ length: 4 }, (_c, i) => ({ text: `note ${n} chunk ${i} ✓` })),
  })),
  { dims: DIMS, hasVector: (i) => i % 7 !== 0 },
);

describe("saving and loading in slices", () => {
  it("pauses between slices and produces the same files and snapshot as an unsliced run", async () => {
    const plain = new MemoryFileStore();
    expect((await saveIndexFiles(plain, "d", big)).ok).toBe(true);

    let pauses = 0;
    const pause = (): Promise<void> => {
      pauses++;
      return Promise.resolve();
    };
    const sliced = new MemoryFileStore();
    expect((await saveIndexFiles(sliced, "d", big, { pause })).ok).toBe(true);
    // At least: the vector copy and its checksum, the text measuring and writing, and the records.
    expect(pauses).toBeGreaterThanOrEqual(6);
    expect(sameFiles(sliced.files, plain.files)).toBe(true);

    pauses = 0;
    const outcome = await loadIndexFiles(sliced, "d", expectationsOf(big), { pause });
    expect(pauses).toBeGreaterThanOrEqual(3);
    expect(outcome.kind).toBe("loaded");
    if (outcome.kind === "loaded") expectSameSnapshot(outcome.snapshot, big);
  });

  it("refuses, without throwing or touching the disk, a snapshot whose text changes during the save", async () => {
    const s = structuredClone(big);
    const store = new MemoryFileStore();
    expect((await saveIndexFiles(store, "d", s)).ok).toBe(true);
    const before = new Map(store.files);
    const victim = s.chunks[CHUNKS - 1];
    if (!victim) throw new Error("fixture has too few chunks");
    const result = await saveIndexFiles(store, "d", s, {
      pause: () => {
        victim.text += "!";
        return Promise.resolve();
      },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("BAD_INPUT");
    expect(sameFiles(store.files, before)).toBe(true);
  });
});
