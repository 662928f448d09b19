import { describe, expect, it } from "vitest";
import { loadIndexFiles, saveIndexFiles } from "../../src/core/persist/index-files";
import { VaultFileStore, type FileAdapter } from "../../src/obsidian/vault-file-store";
import { buildSnapshot, expectationsOf, expectSameSnapshot } from "../core/persist/snapshot-fixtures";

/** Just enough of Obsidian's adapter: folders must exist before writing, and rename refuses to replace a file. */
class FakeAdapter implements FileAdapter {
  readonly files = new Map<string, ArrayBuffer>();
  readonly folders = new Set<string>();
  readonly seen: string[] = [];
  renameReplaces = false;
  failing = false;

  exists(path: string): Promise<boolean> {
    this.use(path);
    return Promise.resolve(this.files.has(path) || this.folders.has(path));
  }
  readBinary(path: string): Promise<ArrayBuffer> {
    this.use(path);
    const data = this.files.get(path);
    return data ? Promise.resolve(data.slice(0)) : Promise.reject(new Error(`ENOENT ${path}`));
  }
  writeBinary(path: string, data: ArrayBuffer): Promise<void> {
    this.use(path);
    const parent = path.slice(0, Math.max(0, path.lastIndexOf("/")));
    if (parent !== "" && !this.folders.has(parent)) return Promise.reject(new Error(`no folder ${parent}`));
    this.files.set(path, data.slice(0));
    return Promise.resolve();
  }
  rename(from: string, to: string): Promise<void> {
    this.use(from, to);
    const data = this.files.get(from);
    if (!data) return Promise.reject(new Error(`ENOENT ${from}`));
    if (this.files.has(to) && !this.renameReplaces) {
      return Promise.reject(new Error("Destination file already exists!"));
    }
    this.files.delete(from);
    this.files.set(to, data);
    return Promise.resolve();
  }
  remove(path: string): Promise<void> {
    this.use(path);
    return this.files.delete(path) ? Promise.resolve() : Promise.reject(new Error(`ENOENT ${path}`));
  }
  list(path: string): Promise<{ files: string[]; folders: string[] }> {
    this.use(path);
    const files = [...this.files.keys()].filter((f) => f.slice(0, Math.max(0, f.lastIndexOf("/"))) === path);
    return Promise.resolve({ files, folders: [] });
  }
  mkdir(path: string): Promise<void> {
    this.use(path);
    this.folders.add(path);
    return Promise.resolve();
  }
  private use(...paths: string[]): void {
    if (this.failing) throw new Error("adapter is broken");
    this.seen.push(...paths);
  }
}

const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);

describe("VaultFileStore", () => {
  it("normalizes every path before it reaches the adapter", async () => {
    const adapter = new FakeAdapter();
    const store = new VaultFileStore(adapter);
    await store.write("cfg//plugins\\hvs/a.bin", bytes(1));
    await store.rename("cfg/plugins/hvs/a.bin/", "/cfg/plugins/hvs/b.bin");
    await store.read("cfg\\plugins\\hvs\\b.bin");
    await store.remove("cfg//plugins/hvs/b.bin");
    expect(adapter.seen.length).toBeGreaterThan(0);
    expect(adapter.seen.filter((p) => /\\|\/\/|^\/|\/$/.test(p))).toEqual([]);
    expect([...adapter.folders]).toEqual(["cfg", "cfg/plugins", "cfg/plugins/hvs"]);
  });

  it("reads a missing file as null and written bytes back", async () => {
    const store = new VaultFileStore(new FakeAdapter());
    expect(await store.read("x/y.bin")).toEqual({ ok: true, value: null });
    await store.write("x/y.bin", bytes(1, 2, 3));
    expect(await store.read("x/y.bin")).toEqual({ ok: true, value: bytes(1, 2, 3) });
  });

  it("writes only the bytes of a view, not the rest of its buffer", async () => {
    const adapter = new FakeAdapter();
    const store = new VaultFileStore(adapter);
    await store.write("f.bin", bytes(9, 1, 2, 9).subarray(1, 3));
    expect(new Uint8Array(adapter.files.get("f.bin") ?? new ArrayBuffer(0))).toEqual(bytes(1, 2));
  });

  it.each([false, true])("renames over an existing file (adapter replaces: %s)", async (replaces) => {
    const adapter = new FakeAdapter();
    adapter.renameReplaces = replaces;
    const store = new VaultFileStore(adapter);
    await store.write("a.bin", bytes(1));
    await store.write("b.bin", bytes(2));
    expect((await store.rename("a.bin", "b.bin")).ok).toBe(true);
    expect([...adapter.files.keys()]).toEqual(["b.bin"]);
    expect(await store.read("b.bin")).toEqual({ ok: true, value: bytes(1) });
  });

  it("fails a rename of a missing file without touching the target", async () => {
    const adapter = new FakeAdapter();
    const store = new VaultFileStore(adapter);
    await store.write("b.bin", bytes(2));
    const result = await store.rename("a.bin", "b.bin");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("IO");
    expect(await store.read("b.bin")).toEqual({ ok: true, value: bytes(2) });
  });

  it("removes files, and succeeds when the file is already gone", async () => {
    const adapter = new FakeAdapter();
    const store = new VaultFileStore(adapter);
    await store.write("a.bin", bytes(1));
    expect((await store.remove("a.bin")).ok).toBe(true);
    expect((await store.remove("a.bin")).ok).toBe(true);
    expect(adapter.files.size).toBe(0);
  });

  it("turns adapter failures into IO errors instead of throwing", async () => {
    const adapter = new FakeAdapter();
    const store = new VaultFileStore(adapter);
    adapter.failing = true;
    for (const result of [
      await store.read("a.bin"),
      await store.write("a.bin", bytes(1)),
      await store.rename("a.bin", "b.bin"),
      await store.remove("a.bin"),
    ]) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe("IO");
    }
  });

  it("saves an index over an older one and loads it back", async () => {
    const store = new VaultFileStore(new FakeAdapter());
    const first = buildSnapshot([{ path: "a.md", chunks: [{ text: "one" }] }], { savedAt: 1 });
    const second = buildSnapshot([{ path: "b.md", chunks: [{ text: "two" }, { text: "three" }] }], { savedAt: 2 });
    expect((await saveIndexFiles(store, "cfg/plugins/hvs", first)).ok).toBe(true);
    expect((await saveIndexFiles(store, "cfg/plugins/hvs", second)).ok).toBe(true);
    const outcome = await loadIndexFiles(store, "cfg/plugins/hvs", expectationsOf(second));
    expect(outcome.kind === "loaded" && outcome.recovered).toBe(false);
    if (outcome.kind === "loaded") expectSameSnapshot(outcome.snapshot, second);
  });

  it("lists the names of the files in a folder, and nothing for a folder that isn't there", async () => {
    const adapter = new FakeAdapter();
    const store = new VaultFileStore(adapter);
    await store.write("index/a.bin", bytes(1));
    await store.write("index/b.bin", bytes(2));
    await store.write("other/c.bin", bytes(3));
    const listed = await store.list("index");
    expect(listed.ok && listed.value.sort()).toEqual(["a.bin", "b.bin"]);
    expect(await store.list("missing")).toEqual({ ok: true, value: [] });
  });
});
