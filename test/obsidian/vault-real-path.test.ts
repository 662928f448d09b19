import * as fsPromises from "node:fs/promises";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataAdapter } from "obsidian";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VaultNoteSource } from "../../src/obsidian/vault-note-source";
import { realPathCheckOf } from "../../src/obsidian/vault-real-path";
import { createTestApp, FileSystemAdapter } from "../fakes/obsidian";

/** The fake desktop adapter over a real folder, typed as what the plugin receives. */
const desktopAdapter = (dir: string): DataAdapter => new FileSystemAdapter(dir, fsPromises) as unknown as DataAdapter;

// Obsidian's desktop app lists and reads the notes behind symbolic links as if they were in the vault. The fake
// vault lists them the same way; the real folder beside it holds the links, which the adapter's check looks at.
describe("VaultNoteSource on the desktop app, with links", () => {
  let vault = "";
  let outside = "";
  beforeEach(async () => {
    vault = await mkdtemp(join(tmpdir(), "hvs-plugin-vault-"));
    outside = await mkdtemp(join(tmpdir(), "hvs-plugin-outside-"));
    await mkdir(join(vault, "Sub"));
    await writeFile(join(vault, "Sub", "real.md"), "inside");
    await writeFile(join(outside, "secret.md"), "SECRET");
    await mkdir(join(outside, "folder"));
    await writeFile(join(outside, "folder", "inner.md"), "SECRET");
    await symlink(join(outside, "secret.md"), join(vault, "passwd.md"));
    await symlink(join(outside, "folder"), join(vault, "Linked"));
    await symlink(join(vault, "Sub", "real.md"), join(vault, "alias.md"));
  });
  afterEach(async () => {
    await rm(vault, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  const obsidianSees = { "Sub/real.md": "inside", "passwd.md": "SECRET", "Linked/inner.md": "SECRET", "alias.md": "inside" };

  it("lists, stats and reads only the notes that are really where their paths say", async () => {
    const t = createTestApp(obsidianSees);
    const check = realPathCheckOf(desktopAdapter(vault));
    expect(check).toBeDefined();
    const src = new VaultNoteSource(t.app.vault, check);
    const listed = await src.list();
    expect(listed.ok && listed.value.map((s) => s.path)).toEqual(["Sub/real.md"]);
    for (const path of ["passwd.md", "Linked/inner.md", "alias.md"]) expect(await src.stat(path)).toEqual({ ok: true, value: null });
    expect(await src.read("Sub/real.md")).toEqual({ ok: true, value: "inside" });
    const secret = await src.read("passwd.md");
    expect(secret.ok ? secret.value : secret.error.message).toMatch(/outside the vault/);
    const alias = await src.read("alias.md");
    expect(alias.ok ? alias.value : alias.error.message).toMatch(/symbolic link/);
  });

  it("drops a note replaced by a link after it was listed", async () => {
    const t = createTestApp({ "note.md": "inside" });
    await writeFile(join(vault, "note.md"), "inside");
    const src = new VaultNoteSource(t.app.vault, realPathCheckOf(desktopAdapter(vault)));
    expect((await src.stat("note.md")).ok && (await src.stat("note.md"))).toMatchObject({ value: { path: "note.md" } });
    await rm(join(vault, "note.md"));
    await symlink(join(outside, "secret.md"), join(vault, "note.md"));
    expect(await src.stat("note.md")).toEqual({ ok: true, value: null });
  });

  it("checks nothing where the adapter has no real paths (mobile)", () => {
    expect(realPathCheckOf(createTestApp().app.vault.adapter)).toBeUndefined();
  });
});
