import { describe, expect, it } from "vitest";
import { ExtraFolderKeeper } from "../../../../src/core/sync/sources/extra-folder-keeper";
import { extraRootsOf, type ExtraRoot } from "../../../../src/core/sync/sources/extra-roots";
import { MultiNoteSource } from "../../../../src/core/sync/sources/multi-note-source";
import type { IndexService } from "../../../../src/core/sync/control/index-service";
import { dumpIndex, Harness, searchOver } from "../helpers/harness";
import { MemoryNoteSource } from "../helpers/memory-note-source";

// One index synced between devices: a desktop that reads the folder, and devices that have it in the setting but
// can't read it (another computer's path, an unmounted drive, mobile without Node).
const DIR = "/home/ana/Work notes";

/** A vault and an extra folder, indexed once by the desktop that reads the folder; the index is saved. */
async function indexedOnDesktop(): Promise<{ h: Harness; folder: MemoryNoteSource; root: ExtraRoot; before: string[]; calls: number }> {
  const h = new Harness();
  h.source.write("vault.md", "# Vault\n\nA note inside the vault about gardening.\n");
  const folder = new MemoryNoteSource();
  folder.write("Plan.md", "# Plan\n\nShip the release on Friday with the migration notes.\n");
  folder.write("Sub/Deep.md", "# Deep\n\nPostgres replicas lag behind during backups.\n");
  const [root] = extraRootsOf([DIR]);
  if (!root) throw new Error("no root");
  const desktop = h.service({ source: new MultiNoteSource(h.source, [{ root, source: folder }]) });
  await desktop.start();
  await desktop.whenIdle();
  expect([...desktop.notes.keys()].sort()).toEqual([".extra/Work notes/Plan.md", ".extra/Work notes/Sub/Deep.md", "vault.md"]);
  const before = dumpIndex(desktop);
  await desktop.stop();
  return { h, folder, root, before, calls: h.counting.calls };
}

/** Starts a service over `source`, lets it reconcile and settle, and returns it (still running). */
async function settled(h: Harness, source: MultiNoteSource): Promise<IndexService> {
  const s = h.service({ source });
  await s.start();
  await s.whenIdle();
  return s;
}

/** Records every write to the index files from now on. */
function watchWrites(h: Harness): string[] {
  const writes: string[] = [];
  h.store.failWhen = (op, path) => {
    if (op === "write") writes.push(path);
    return false;
  };
  return writes;
}

describe("an extra folder configured but unreadable on this device", () => {
  it("keeps its notes as they are across a full reconcile and a restart: no embedding, no read, no save", async () => {
    const { h, folder, root, before, calls } = await indexedOnDesktop();
    folder.listFails = true;
    const reads = folder.reads.length;
    const writes = watchWrites(h);

    // A laptop where the folder's path doesn't exist: its listing fails; the vault is still reconciled, no error.
    const laptop = await settled(h, new MultiNoteSource(h.source, [{ root, source: folder }]));
    expect(laptop.status().lastError).toBeUndefined();
    expect(dumpIndex(laptop)).toEqual(before);
    expect(searchOver(laptop, h.embedder).searchKeyword({ query: "postgres replicas" }).results[0]?.path).toBe(".extra/Work notes/Sub/Deep.md");
    await laptop.stop();
    // A restart on a device with no way to open the folder at all (only its prefix is known, from the setting).
    const again = await settled(h, new MultiNoteSource(h.source, [], [root]));
    expect(again.status().lastError).toBeUndefined();
    expect(dumpIndex(again)).toEqual(before);
    await again.stop();

    expect(h.counting.calls).toBe(calls);
    expect(folder.reads.length).toBe(reads);
    expect(writes).toEqual([]);
    expect(h.notices).toEqual([]);
  });

  it("reconciles the folder when it is readable again: an edit made meanwhile is read, the rest is not", async () => {
    const { h, folder, root } = await indexedOnDesktop();
    const away = await settled(h, new MultiNoteSource(h.source, [], [root]));
    await away.stop();

    folder.write("Plan.md", "# Plan\n\nThe release moved to Monday; the migration notes are done.\n");
    const reads = folder.reads.length;
    const calls = h.counting.calls;
    const back = await settled(h, new MultiNoteSource(h.source, [{ root, source: folder }]));
    expect(folder.reads.slice(reads)).toEqual(["Plan.md"]);
    expect(h.counting.calls).toBe(calls + 1);
    expect(searchOver(back, h.embedder).searchKeyword({ query: "monday" }).results[0]?.path).toBe(".extra/Work notes/Plan.md");
    await back.stop();
  });

  it("removes its notes once the folder is taken out of the configuration, and notes under a prefix no folder maps to", async () => {
    const { h, folder, root } = await indexedOnDesktop();
    folder.listFails = true;
    const other = extraRootsOf(["/mnt/other/Archive"]);
    const kept = await settled(h, new MultiNoteSource(h.source, other.map((r) => ({ root: r, source: new MemoryNoteSource() })), [root]));
    expect([...kept.notes.keys()].sort()).toEqual([".extra/Work notes/Plan.md", ".extra/Work notes/Sub/Deep.md", "vault.md"]);
    await kept.stop();

    const out = await settled(h, new MultiNoteSource(h.source, other.map((r) => ({ root: r, source: new MemoryNoteSource() }))));
    expect([...out.notes.keys()]).toEqual(["vault.md"]);
    expect(searchOver(out, h.embedder).searchKeyword({ query: "postgres replicas" }).results).toEqual([]);
    await out.stop();
  });

  it("keeps them on a mobile-like plugin set-up (no way to open the folder, the synced setting names it) until the setting drops it", async () => {
    const { h, before, calls } = await indexedOnDesktop();
    const source = new MultiNoteSource(h.source, []);
    const writes = watchWrites(h);
    const s = h.service({ source });
    // As main.ts: the keeper without an opener, started from the setting before the service reconciles.
    const keeper = new ExtraFolderKeeper({ source, enqueue: (e) => s.enqueue(e), indexed: () => s.index.notePaths() });
    await keeper.start([DIR]);
    await s.start();
    await s.whenIdle();
    await keeper.rescan();
    await s.flush();
    expect(dumpIndex(s)).toEqual(before);
    expect(h.counting.calls).toBe(calls);
    expect(writes).toEqual([]);

    await keeper.apply([]);
    await s.flush();
    expect([...s.notes.keys()]).toEqual(["vault.md"]);
    await s.stop();
  });

  it("on the desktop plugin, a folder unmounted at start-up is compared in full at the first rescan that reads it", async () => {
    const { h, folder } = await indexedOnDesktop();
    folder.listFails = true;
    const source = new MultiNoteSource(h.source, []);
    const s = h.service({ source });
    const keeper = new ExtraFolderKeeper({ source, open: () => folder, enqueue: (e) => s.enqueue(e), indexed: () => s.index.notePaths() });
    await keeper.start([DIR]);
    await s.start();
    await s.whenIdle();
    expect(s.notes.has(".extra/Work notes/Plan.md")).toBe(true);

    folder.write("Plan.md", "# Plan\n\nThe release moved to Monday; the migration notes are done.\n");
    folder.listFails = false;
    const reads = folder.reads.length;
    await keeper.rescan();
    await s.flush();
    expect(folder.reads.slice(reads)).toEqual(["Plan.md"]);
    expect(searchOver(s, h.embedder).searchKeyword({ query: "monday" }).results[0]?.path).toBe(".extra/Work notes/Plan.md");
    await s.stop();
  });
});
