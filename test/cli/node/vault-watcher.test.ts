import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FolderNoteSource } from "../../../src/cli/node/folder-note-source";
import { VaultWatcher } from "../../../src/cli/node/vault-watcher";
import type { NoteEvent, NoteSource } from "../../../src/core/sync/notes/note-source";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`gave up waiting for ${what}`);
}

function watched(extra: Partial<ConstructorParameters<typeof VaultWatcher>[1]> = {}): { dir: string; events: NoteEvent[]; watcher: VaultWatcher } {
  const dir = mkdtempSync(join(tmpdir(), "hvs-watch-"));
  mkdirSync(join(dir, "Old"));
  writeFileSync(join(dir, "Old", "A.md"), "# A\n");
  const events: NoteEvent[] = [];
  const watcher = new VaultWatcher(dir, { enqueue: (e) => events.push(e), source: new FolderNoteSource(dir), log: () => undefined, ...extra });
  cleanups.push(() => {
    watcher.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, events, watcher };
}

/**
 * A watcher whose listing never changes after its first one: the comparison of listings (which any non-note event
 * sets off) finds nothing, so whatever is reported came from the file-system events themselves.
 */
function frozenListing(): { dir: string; events: NoteEvent[]; watcher: VaultWatcher; listings: () => number } {
  const made = watched();
  const live = new FolderNoteSource(made.dir);
  let first: ReturnType<NoteSource["list"]> | undefined;
  let listings = 0;
  const list = (): ReturnType<NoteSource["list"]> => {
    listings++;
    return (first ??= live.list());
  };
  const source: NoteSource = { list, stat: (p) => live.stat(p), read: (p) => live.read(p) };
  made.watcher.close();
  const watcher = new VaultWatcher(made.dir, { enqueue: (e) => made.events.push(e), source, log: () => undefined });
  cleanups.push(() => watcher.close());
  return { ...made, watcher, listings: () => listings };
}

describe("VaultWatcher", () => {
  it("passes on a note written on disk, and ignores the config folder", async () => {
    const { dir, events, watcher } = watched();
    await watcher.start();
    mkdirSync(join(dir, ".obsidian"));
    writeFileSync(join(dir, ".obsidian", "x.md"), "config, not a note");
    writeFileSync(join(dir, "New.md"), "# New\n");
    await until(() => events.some((e) => e.path === "New.md"), "the new note");
    expect(events.some((e) => e.path.startsWith(".obsidian"))).toBe(false);
  });

  it("turns a folder rename into a delete of the old paths and an upsert of the new ones", async () => {
    const { dir, events, watcher } = watched();
    await watcher.start();
    renameSync(join(dir, "Old"), join(dir, "Moved"));
    await until(() => events.some((e) => e.kind === "delete" && e.path === "Old/A.md"), "the old path's delete");
    await until(() => events.some((e) => e.kind === "upsert" && e.path === "Moved/A.md"), "the new path");
  });

  // An editor's atomic save: the new text goes to a temp file, renamed over the note. On Linux, Node's recursive
  // watch then kept watching the replaced file, so the note's next save and its delete went unreported until the
  // periodic comparison (60 s). Both temp names editors use: one the watcher looks at, one in a dot-name it skips.
  for (const temp of ["A.md.tmp", ".A.md.swp"]) {
    it(`reports a delete or a save right after an atomic save through ${temp}, by events alone`, async () => {
      const { dir, events, watcher } = frozenListing();
      await watcher.start();
      const note = join(dir, "Old", "A.md");
      const atomicSave = (text: string): void => {
        writeFileSync(join(dir, "Old", temp), text);
        renameSync(join(dir, "Old", temp), note);
      };
      const reported = (): boolean => events.some((e) => e.path === "Old/A.md");
      atomicSave("# A, saved\n");
      await until(reported, "the atomic save");
      events.length = 0;
      unlinkSync(note);
      await until(reported, "the delete right after an atomic save");
      events.length = 0;
      writeFileSync(note, "# A again\n");
      await until(reported, "the note written again");
      atomicSave("# A, saved once\n");
      await until(reported, "the atomic save");
      events.length = 0;
      atomicSave("# A, saved twice\n");
      await until(reported, "the next atomic save");
    });
  }

  it("watches a folder made while watching, and one moved in, from their first note on", async () => {
    const { dir, events, watcher, listings } = frozenListing();
    await watcher.start();
    // A folder's event sets off a comparison of listings: once it has, the watcher has seen the folder.
    mkdirSync(join(dir, "New", "Deep"), { recursive: true });
    await until(() => listings() > 1, "the new folder's event");
    writeFileSync(join(dir, "New", "Deep", "B.md"), "# B\n");
    await until(() => events.some((e) => e.path === "New/Deep/B.md"), "the note in the new folder");
    const elsewhere = mkdtempSync(join(tmpdir(), "hvs-watch-moved-"));
    cleanups.push(() => rmSync(elsewhere, { recursive: true, force: true }));
    mkdirSync(join(elsewhere, "Moved in", "Sub"), { recursive: true });
    const seen = listings();
    renameSync(join(elsewhere, "Moved in"), join(dir, "Moved in"));
    await until(() => listings() > seen, "the moved-in folder's event");
    writeFileSync(join(dir, "Moved in", "Sub", "C.md"), "# C\n");
    await until(() => events.some((e) => e.path === "Moved in/Sub/C.md"), "the note in the moved-in folder");
  });

  it("falls back to comparing listings when the platform can't watch recursively", async () => {
    const logs: string[] = [];
    const unsupported = () => {
      throw new Error("The feature watch recursively is unavailable on the current platform");
    };
    const { dir, events, watcher } = watched({ watch: unsupported, rescanMs: 50, log: (l) => logs.push(l) });
    await watcher.start();
    expect(logs.join("\n")).toMatch(/Can't watch .* looking for changes every 0.05 s/);
    writeFileSync(join(dir, "Polled.md"), "# Polled\n");
    await until(() => events.some((e) => e.kind === "upsert" && e.path === "Polled.md"), "the polled note");
  });
});
