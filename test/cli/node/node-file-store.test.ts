import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NodeFileStore } from "../../../src/cli/node/node-file-store";
import { loadIndexFiles, saveIndexFiles } from "../../../src/core/persist/index-files";
import { buildSnapshot, expectationsOf, expectSameSnapshot } from "../../core/persist/snapshot-fixtures";

describe("NodeFileStore", () => {
  let root = "";
  const store = new NodeFileStore();

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "hvs-store-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("reads a missing file as null", async () => {
    expect(await store.read(join(root, "nope.bin"))).toEqual({ ok: true, value: null });
  });

  it("writes into folders it creates, and reads the bytes back as a plain Uint8Array", async () => {
    const path = join(root, "a", "b", "file.bin");
    expect((await store.write(path, new Uint8Array([1, 2, 3]))).ok).toBe(true);
    const read = await store.read(path);
    expect(read.ok && read.value?.constructor).toBe(Uint8Array);
    expect(read).toEqual({ ok: true, value: new Uint8Array([1, 2, 3]) });
  });

  it("renames over an existing file", async () => {
    const from = join(root, "from.bin");
    const to = join(root, "to.bin");
    await store.write(from, new Uint8Array([1]));
    await store.write(to, new Uint8Array([2]));
    expect((await store.rename(from, to)).ok).toBe(true);
    expect(await store.read(to)).toEqual({ ok: true, value: new Uint8Array([1]) });
    expect(await readdir(root)).toEqual(["to.bin"]);
  });

  it("removes files, and succeeds when the file is already gone", async () => {
    const path = join(root, "x.bin");
    await store.write(path, new Uint8Array([1]));
    expect((await store.remove(path)).ok).toBe(true);
    expect((await store.remove(path)).ok).toBe(true);
    expect(await readdir(root)).toEqual([]);
  });

  it("returns IO errors that name the path instead of throwing", async () => {
    const blocker = join(root, "blocker");
    await writeFile(blocker, "a file, not a folder");
    const write = await store.write(join(blocker, "x.bin"), new Uint8Array([1]));
    expect(write.ok).toBe(false);
    if (!write.ok) {
      expect(write.error.code).toBe("IO");
      expect(write.error.message).toContain(blocker);
    }
    const read = await store.read(root);
    expect(read.ok || read.error.code).toBe("IO");
    const rename = await store.rename(join(root, "missing"), join(root, "y"));
    expect(rename.ok || rename.error.code).toBe("IO");
  });

  it("saves and loads an index through the real file system", async () => {
    const notes = [{ path: "Ünïcode/笔记.md", chunks: [{ text: "héllo 世界" }, { text: "two" }] }];
    const s = buildSnapshot(notes, { dims: 16 });
    const dir = join(root, "plugin");
    expect((await saveIndexFiles(store, dir, s)).ok).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(["index-meta.bin", "index-vectors.bin"]);
    const outcome = await loadIndexFiles(store, dir, expectationsOf(s));
    expect(outcome.kind).toBe("loaded");
    if (outcome.kind === "loaded") expectSameSnapshot(outcome.snapshot, s);
  });
});
