import { Component, type Vault } from "obsidian";
import { describe, expect, it } from "vitest";
import type { NoteEvent } from "../../src/core/sync/notes/note-source";
import { forwardVaultEvents, hostIgnoreFilters, VaultNoteSource } from "../../src/obsidian/vault-note-source";
import { createTestApp } from "../fakes/obsidian";

describe("VaultNoteSource", () => {
  it("lists, stats and reads markdown notes only", async () => {
    const t = createTestApp({ "a.md": "# A\n", "dir/b.md": "bb", "img.png": "x", "c.txt": "c" });
    const src = new VaultNoteSource(t.app.vault);
    const listed = await src.list();
    expect(listed.ok && listed.value.map((s) => s.path).sort()).toEqual(["a.md", "dir/b.md"]);
    expect(listed.ok && listed.value.find((s) => s.path === "dir/b.md")?.size).toBe(2);
    expect(await src.read("dir/b.md")).toEqual({ ok: true, value: "bb" });
    expect(await src.stat("c.txt")).toEqual({ ok: true, value: null });
    expect(await src.stat("gone.md")).toEqual({ ok: true, value: null });
    const missing = await src.read("gone.md");
    expect(missing.ok ? "" : missing.error.code).toBe("IO");
  });

  it("reads Obsidian's excluded files setting", () => {
    const t = createTestApp({}, { config: { userIgnoreFilters: ["Templates/", "/\\.draft\\.md$/", 3, " "] } });
    expect(hostIgnoreFilters(t.app.vault)).toEqual(["Templates/", "/\\.draft\\.md$/"]);
    expect(hostIgnoreFilters(createTestApp().app.vault)).toEqual([]);
  });
});

describe("forwardVaultEvents", () => {
  it("forwards note events, per-file renames of a folder, and stops when its owner unloads", async () => {
    const t = createTestApp({ "f/a.md": "a", "f/sub/b.md": "b", "f/pic.png": "p", "x.md": "x" }, { config: { trashOption: "none" } });
    const vault: Vault = t.app.vault;
    const owner = new Component();
    owner.load();
    const seen: NoteEvent[] = [];
    forwardVaultEvents(owner, vault, (e) => seen.push(e));

    const created = await vault.create("new.md", "n");
    await vault.create("skip.txt", "s");
    await vault.modify(created, "n2");
    const folder = vault.getAbstractFileByPath("f");
    if (!folder) throw new Error("no folder");
    await vault.rename(folder, "g");
    const x = vault.getFileByPath("x.md");
    if (!x) throw new Error("no x.md");
    await vault.rename(x, "x.txt");
    const gone = vault.getFileByPath("g/a.md");
    if (!gone) throw new Error("no g/a.md");
    await t.app.fileManager.trashFile(gone);
    expect(seen).toEqual([
      { kind: "upsert", path: "new.md" },
      { kind: "upsert", path: "new.md" },
      { kind: "rename", path: "g/a.md", oldPath: "f/a.md" },
      { kind: "rename", path: "g/sub/b.md", oldPath: "f/sub/b.md" },
      { kind: "delete", path: "x.md" },
      { kind: "delete", path: "g/a.md" },
    ]);

    owner.unload();
    await vault.create("after.md", "z");
    expect(seen.map((e) => e.path)).not.toContain("after.md");
  });
});
