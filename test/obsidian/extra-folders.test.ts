import * as fsPromises from "node:fs/promises";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataAdapter } from "obsidian";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ok } from "../../src/core/result";
import { ExtraFolderKeeper } from "../../src/core/sync/sources/extra-folder-keeper";
import { MultiNoteSource } from "../../src/core/sync/sources/multi-note-source";
import type { NoteEvent } from "../../src/core/sync/notes/note-source";
import { defaultSettings } from "../../src/core/settings/plugin-settings";
import { extraFolderOpener } from "../../src/obsidian/extra-folders";
import { SearchModal } from "../../src/ui/search/search-modal";
import { createTestApp, FileSystemAdapter, setPlatform, type TestApp } from "../fakes/obsidian";
import { FakeSearch } from "../ui/fake-search";
import { ManualTimers } from "../ui/fake-timers";
import { result } from "../ui/fixtures";

const desktopAdapter = (dir: string): DataAdapter => new FileSystemAdapter(dir, fsPromises) as unknown as DataAdapter;
const noVault = { list: async () => ok([]), stat: async () => ok(null), read: async () => ok("") };

let scratch = "";
let t: TestApp | undefined;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hvs-plugin-extra-"));
  await mkdir(join(scratch, "work", "Sub"), { recursive: true });
  await writeFile(join(scratch, "work", "Plan.md"), "# Plan\n\nship it\n");
  await writeFile(join(scratch, "work", "Sub", "Deep.md"), "deep");
  await mkdir(join(scratch, "elsewhere"));
  await writeFile(join(scratch, "elsewhere", "secret.md"), "SECRET");
  await symlink(join(scratch, "elsewhere", "secret.md"), join(scratch, "work", "Leak.md"));
});
afterEach(async () => {
  t?.dispose();
  t = undefined;
  setPlatform();
  await rm(scratch, { recursive: true, force: true });
});

describe("the plugin's extra folders", () => {
  it("reads a folder outside the vault through the desktop adapter's Node fs, refusing links out of it, and not on mobile", async () => {
    const open = extraFolderOpener(desktopAdapter(join(scratch, "vault")));
    if (!open) throw new Error("no opener on desktop");
    const source = open({ dir: join(scratch, "work"), name: "work", prefix: ".extra/work/" });
    const listed = await source.list();
    expect(listed.ok && listed.value.map((s) => s.path).sort()).toEqual(["Plan.md", "Sub/Deep.md"]);
    expect(await source.read("Plan.md")).toEqual(ok("# Plan\n\nship it\n"));
    const leak = await source.read("Leak.md");
    expect(leak.ok).toBe(false);
    if (!leak.ok) expect(leak.error.message).toMatch(/links to a file outside/);
    setPlatform({ isDesktopApp: false, isDesktop: false, isMobile: true, isMobileApp: true });
    expect(extraFolderOpener(desktopAdapter(join(scratch, "vault")))).toBeUndefined();
  });

  it("sends a new folder's notes at once, an edit at the next comparison, and removes a folder's notes when it is taken out", async () => {
    const open = extraFolderOpener(desktopAdapter(join(scratch, "vault")));
    if (!open) throw new Error("no opener on desktop");
    const source = new MultiNoteSource(noVault, []);
    const events: NoteEvent[] = [];
    const indexed = new Set<string>();
    const keeper = new ExtraFolderKeeper({ source, open, enqueue: (e) => events.push(e), indexed: () => indexed });
    await keeper.start([]);
    await keeper.apply([join(scratch, "work")]);
    expect(events.map((e) => `${e.kind} ${e.path}`).sort()).toEqual(["upsert .extra/work/Plan.md", "upsert .extra/work/Sub/Deep.md"]);
    for (const e of events.splice(0)) indexed.add(e.path);
    await writeFile(join(scratch, "work", "Plan.md"), "# Plan\n\nship it on Friday, with the release notes\n");
    await keeper.rescan();
    expect(events.splice(0)).toEqual([{ kind: "upsert", path: ".extra/work/Plan.md" }]);
    expect(keeper.fileOf(".extra/work/Sub/Deep.md", "/")).toBe(join(scratch, "work", "Sub", "Deep.md"));
    await keeper.apply([]);
    expect(events.map((e) => `${e.kind} ${e.path}`).sort()).toEqual(["delete .extra/work/Plan.md", "delete .extra/work/Sub/Deep.md"]);
    expect(keeper.fileOf(".extra/work/Plan.md", "/")).toBeUndefined();
  });

  it("marks extra results read-only in the modal and opens them in the default app, never as a link", () => {
    t = createTestApp({ "Draft.md": "Writing here: \n" });
    const search = new FakeSearch(() => []);
    search.searchKeyword = (req) => ({
      ...FakeSearch.prototype.searchKeyword.call(search, req),
      results: [result(".extra/work/Plan.md", "ship it", 2)],
    });
    const opened: string[] = [];
    const modal = new SearchModal(t.app, { search, settings: defaultSettings, timers: new ManualTimers(), openExtra: (p) => opened.push(p) });
    modal.open();
    modal.inputEl.value = "ship";
    modal.inputEl.dispatchEvent(new Event("input"));
    const row = modal.resultContainerEl.querySelector(".hvs-result");
    expect(row?.hasClass("hvs-result-extra")).toBe(true);
    expect(row?.querySelector(".hvs-result-readonly")?.getText()).toBe("Read-only, outside the vault");
    const shiftEnter = Object.assign(new Event("keydown", { cancelable: true }), { key: "Enter", shiftKey: true, ctrlKey: false, metaKey: false, altKey: false });
    t.shell.body.dispatchEvent(shiftEnter);
    expect(opened).toEqual([".extra/work/Plan.md"]);
    expect(t.app.workspace.getActiveFile()).toBeNull();
  });
});
