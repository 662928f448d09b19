import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FolderNoteSource } from "../../../src/cli/node/folder-note-source";

describe("FolderNoteSource", () => {
  let root = "";
  const put = async (path: string, text: string): Promise<void> => {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text, "utf8");
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "hvs-folder-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("lists markdown notes with vault paths, mtime and size, skipping dot-folders and node_modules", async () => {
    await put("a.md", "# A\n");
    await put("Sub/Deep/b.MD", "é\n");
    await put("notes.txt", "not markdown");
    await put(".vault-config/plugins/x/readme.md", "config");
    await put(".trash/old.md", "trashed");
    await put(".hidden/h.md", "hidden");
    await put("node_modules/pkg/readme.md", "dependency");
    await utimes(join(root, "a.md"), 1_700_000_000, 1_700_000_000);
    await symlink(root, join(root, "loop"));
    const src = new FolderNoteSource(root);
    const listed = await src.list();
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    const byPath = new Map(listed.value.map((s) => [s.path, s]));
    expect([...byPath.keys()].sort()).toEqual(["Sub/Deep/b.MD", "a.md"]);
    // Created before it was last modified: a birth time later than the mtime (a copy) counts as the mtime.
    expect(byPath.get("a.md")).toEqual({ path: "a.md", mtime: 1_700_000_000_000, ctime: 1_700_000_000_000, size: 4 });
    expect(byPath.get("Sub/Deep/b.MD")?.size).toBe(3);
  });

  it("reads UTF-8, stats missing notes as null and refuses paths outside the folder", async () => {
    await put("x/é.md", "Grüße, 世界\n");
    const src = new FolderNoteSource(root);
    expect(await src.read("x/é.md")).toEqual({ ok: true, value: "Grüße, 世界\n" });
    expect(await src.stat("x/gone.md")).toEqual({ ok: true, value: null });
    expect(await src.stat("x")).toEqual({ ok: true, value: null });
    const escaped = await src.read("../outside.md");
    expect(escaped.ok ? "" : escaped.error.code).toBe("BAD_INPUT");
    const missing = await src.read("nope.md");
    expect(missing.ok ? "" : missing.error.code).toBe("IO");
  });

  describe("symbolic links, never followed", () => {
    let outside = "";
    beforeEach(async () => {
      outside = await mkdtemp(join(tmpdir(), "hvs-outside-"));
      await writeFile(join(outside, "secret.md"), "SECRET-OUTSIDE\n", "utf8");
      await mkdir(join(outside, "folder"));
      await writeFile(join(outside, "folder", "inner.md"), "SECRET-FOLDER\n", "utf8");
    });
    afterEach(async () => {
      await rm(outside, { recursive: true, force: true });
    });

    it("refuses a note or a folder linked from outside the vault on stat and read, as the listing leaves them out", async () => {
      await put("real.md", "# Real\n");
      await symlink(join(outside, "secret.md"), join(root, "linked.md"));
      await symlink(join(outside, "folder"), join(root, "Linked folder"));
      const src = new FolderNoteSource(root);
      const listed = await src.list();
      expect(listed.ok && listed.value.map((s) => s.path)).toEqual(["real.md"]);
      for (const path of ["linked.md", "Linked folder/inner.md"]) {
        expect(await src.stat(path)).toEqual({ ok: true, value: null });
        const read = await src.read(path);
        expect(read.ok).toBe(false);
        if (!read.ok) expect(read.error.message).toContain("outside the vault");
      }
    });

    it("refuses a link that stays inside the vault too (no note is indexed twice)", async () => {
      await put("Sub/real.md", "# Real\n");
      await symlink(join(root, "Sub", "real.md"), join(root, "alias.md"));
      await symlink(join(root, "Sub"), join(root, "Alias folder"));
      const src = new FolderNoteSource(root);
      expect(await src.stat("alias.md")).toEqual({ ok: true, value: null });
      expect(await src.stat("Alias folder/real.md")).toEqual({ ok: true, value: null });
      const read = await src.read("alias.md");
      expect(read.ok ? "" : read.error.message).toMatch(/symbolic link/);
      expect((await src.stat("Sub/real.md")).ok).toBe(true);
    });

    it("drops a note that was replaced by a link after it was listed", async () => {
      await put("note.md", "# Note\n");
      const src = new FolderNoteSource(root);
      expect((await src.stat("note.md")).ok && (await src.read("note.md")).ok).toBe(true);
      await rm(join(root, "note.md"));
      await symlink(join(outside, "secret.md"), join(root, "note.md"));
      expect(await src.stat("note.md")).toEqual({ ok: true, value: null });
      expect((await src.read("note.md")).ok).toBe(false);
      expect((await src.list()).ok && (await src.list())).toEqual({ ok: true, value: [] });
    });

    it("follows no link on the vault folder's own path: a vault opened through a link works as usual", async () => {
      await put("a.md", "# A\n");
      const via = join(outside, "vault-link");
      await symlink(root, via);
      const src = new FolderNoteSource(via);
      expect(await src.read("a.md")).toEqual({ ok: true, value: "# A\n" });
      expect((await src.stat("a.md")).ok && (await src.stat("a.md"))).toMatchObject({ value: { path: "a.md" } });
    });
  });

  it("lists the same notes whether the file system answers from its cache (stat'ed in slices) or slowly (in parallel)", async () => {
    // More notes than one synchronous slice, so the slow clock sends all but the first slice to the parallel stats.
    for (let i = 0; i < 600; i++) await put(`F${i % 7}/n${i}.md`, `# ${i}\n${"x".repeat(i % 50)}`);
    await symlink(join(root, "F1", "n1.md"), join(root, "alias.md"));
    let t = 0;
    const fast = await new FolderNoteSource(root, { now: () => 0 }).list();
    const slow = await new FolderNoteSource(root, { now: () => (t += 1_000) }).list();
    expect(fast.ok && fast.value.length).toBe(600);
    expect(slow).toEqual(fast);
    expect(t).toBe(2_000);
    expect(fast.ok && fast.value.find((s) => s.path === "F3/n10.md")).toMatchObject({ size: 15 });
  });

  it("says which folder it can't read", async () => {
    const listed = await new FolderNoteSource(join(root, "does-not-exist")).list();
    expect(listed.ok).toBe(false);
    if (!listed.ok) expect(listed.error.message).toContain("does-not-exist");
  });
});
