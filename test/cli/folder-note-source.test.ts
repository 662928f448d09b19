import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FolderNoteSource } from "../../src/cli/folder-note-source";

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
    expect(byPath.get("a.md")).toEqual({ path: "a.md", mtime: 1_700_000_000_000, size: 4 });
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

  it("says which folder it can't read", async () => {
    const listed = await new FolderNoteSource(join(root, "does-not-exist")).list();
    expect(listed.ok).toBe(false);
    if (!listed.ok) expect(listed.error.message).toContain("does-not-exist");
  });
});
