import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FolderNoteSource } from "../../src/cli/folder-note-source";
import { VaultWatcher } from "../../src/cli/vault-watcher";
import type { NoteEvent } from "../../src/core/sync/notes/note-source";

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
