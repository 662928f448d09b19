import { describe, expect, it } from "vitest";
import {
  indexFilePaths,
  loadIndexFiles,
  saveIndexFiles,
  type LoadOutcome,
} from "../../../src/core/persist/index-files";
import type { IndexSnapshot } from "../../../src/core/persist/snapshot";
import { encodeSnapshot } from "../../../src/core/persist/snapshot-codec";
import { MemoryFileStore, storeWith } from "./memory-file-store";
import { buildSnapshot, expectationsOf, expectSameSnapshot } from "./snapshot-fixtures";

const DIR = "config/plugins/hybrid-vault-search";
const paths = indexFilePaths(DIR);
const older = buildSnapshot([{ path: "a.md", chunks: [{ text: "old text" }] }], { savedAt: 1 });
const newer = buildSnapshot(
  [
    { path: "a.md", chunks: [{ text: "new text" }, { text: "more" }] },
    { path: "b.md", chunks: [{ text: "b" }] },
  ],
  { savedAt: 2, hasVector: (i) => i !== 2 },
);
const expected = expectationsOf(older);

async function saved(s: IndexSnapshot, store = new MemoryFileStore()): Promise<MemoryFileStore> {
  const result = await saveIndexFiles(store, DIR, s);
  expect(result.ok).toBe(true);
  return store;
}

function expectLoaded(outcome: LoadOutcome, s: IndexSnapshot, recovered = false): void {
  expect(outcome.kind).toBe("loaded");
  if (outcome.kind !== "loaded") return;
  expectSameSnapshot(outcome.snapshot, s);
  expect(outcome.recovered).toBe(recovered);
}

function expectDiscarded(outcome: LoadOutcome, code: string): void {
  expect(outcome.kind).toBe("discarded");
  if (outcome.kind === "discarded") expect(outcome.error.code).toBe(code);
}

describe("saveIndexFiles and loadIndexFiles", () => {
  it("load what was saved, and report the bytes written", async () => {
    const store = await saved(newer);
    const result = await saveIndexFiles(store, DIR, newer);
    const onDisk = [paths.meta, paths.vectors].reduce((n, p) => n + (store.files.get(p)?.length ?? 0), 0);
    expect(result).toEqual({ ok: true, value: { bytes: onDisk } });
    expect([...store.files.keys()].sort()).toEqual([paths.meta, paths.vectors].sort());
    expectLoaded(await loadIndexFiles(store, DIR, expected), newer);
  });

  it("report missing when nothing was saved yet", async () => {
    expect(await loadIndexFiles(new MemoryFileStore(), DIR, expected)).toEqual({ kind: "missing" });
  });

  it("refuse an inconsistent snapshot without touching the disk", async () => {
    const store = await saved(older);
    const before = store.snapshotFiles();
    const result = await saveIndexFiles(store, DIR, { ...newer, hasVector: new Uint8Array(0) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("BAD_INPUT");
    expect(store.files).toEqual(before);
  });

  it.each([paths.vectorsTemp, paths.metaTemp])("keep the old files when writing %s fails", async (failing) => {
    const store = await saved(older);
    store.failWhen = (op, path) => op === "write" && path === failing;
    const result = await saveIndexFiles(store, DIR, newer);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("IO");
    expect([...store.files.keys()].sort()).toEqual([paths.meta, paths.vectors].sort());
    expectLoaded(await loadIndexFiles(store, DIR, expected), older);
  });

  it("still load the new data when the save failed between its two renames", async () => {
    const store = await saved(older);
    store.failWhen = (op, path) => op === "rename" && path === paths.metaTemp;
    expect((await saveIndexFiles(store, DIR, newer)).ok).toBe(false);
    expectLoaded(await loadIndexFiles(store, DIR, expected), newer, true);
  });

  for (const renameReplaces of [true, false]) {
    it(`load the old or the new index after a crash at any step (rename replaces: ${renameReplaces})`, async () => {
      for (const before of [older, null]) {
        // Two temp writes, two renames, and a remove before each rename when replacing needs one.
        const steps = renameReplaces || before === null ? 4 : 6;
        for (let crashAfter = 0; crashAfter <= steps; crashAfter++) {
          const store = before === null ? new MemoryFileStore() : storeWith((await saved(before)).snapshotFiles());
          store.renameReplaces = renameReplaces;
          store.crashAfter = crashAfter;
          const saving = saveIndexFiles(store, DIR, newer);
          if (crashAfter < steps) await store.crashed;
          else expect((await saving).ok).toBe(true);
          const outcome = await loadIndexFiles(storeWith(store.snapshotFiles()), DIR, expected);
          // Both temp files written: from then on the new index is what loads, from the temp files if need be.
          if (crashAfter <= 2 && before !== null) expectLoaded(outcome, before);
          else if (crashAfter < 2) expect(outcome).toEqual({ kind: "missing" });
          else expectLoaded(outcome, newer, crashAfter < steps);
        }
      }
    });
  }

  it("discard a pair mixed from two saves with no temp files to recover from", async () => {
    const store = await saved(older);
    const other = encodeSnapshot(newer);
    if (!other.ok) throw new Error("encode failed");
    store.files.set(paths.vectors, other.value.vectors);
    expectDiscarded(await loadIndexFiles(store, DIR, expected), "INDEX_CORRUPT");
  });

  it.each([paths.meta, paths.vectors])("discard the index when only %s is missing", async (gone) => {
    const store = await saved(older);
    store.files.delete(gone);
    expectDiscarded(await loadIndexFiles(store, DIR, expected), "INDEX_CORRUPT");
  });

  it("discard garbage with one corrupt error, and ignore a torn temp file next to a good index", async () => {
    const store = await saved(older);
    store.files.set(paths.metaTemp, new Uint8Array([1, 2, 3]));
    expectLoaded(await loadIndexFiles(store, DIR, expected), older);
    store.files.set(paths.meta, new Uint8Array(100).fill(7));
    expectDiscarded(await loadIndexFiles(store, DIR, expected), "INDEX_CORRUPT");
  });

  it("report a read failure as an IO discard", async () => {
    const store = await saved(older);
    store.failWhen = (op, path) => op === "read" && path === paths.vectors;
    expectDiscarded(await loadIndexFiles(store, DIR, expected), "IO");
  });

  it("hand back a reusable snapshot when the settings changed", async () => {
    const store = await saved(older);
    const outcome = await loadIndexFiles(store, DIR, { ...expected, chunkingHash: "chunking-2" });
    expectDiscarded(outcome, "INDEX_MISMATCH");
    expect(outcome.kind === "discarded" && outcome.reusable?.header.savedAt).toBe(older.header.savedAt);
  });

  it("join paths under a folder, with or without a trailing slash, or at the root", () => {
    expect(indexFilePaths("dir/").meta).toBe(indexFilePaths("dir").meta);
    expect(indexFilePaths("dir").vectorsTemp).toBe("dir/index-vectors.bin.tmp");
    expect(indexFilePaths("").meta).toBe("index-meta.bin");
  });
});
