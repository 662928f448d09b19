import { describe, expect, it } from "vitest";
import { createTestApp, getAllTags, type TFile, TFolder } from "./obsidian";

describe("Vault", () => {
  it("fires create/modify with the same TFile lookups return, and keeps stats current", async () => {
    let clock = 100;
    const t = createTestApp({ "notes/a.md": "a" }, { now: () => clock });
    const vault = t.fake.vault;
    const seen: string[] = [];
    vault.on("create", (f: TFile) => seen.push(`create ${f.path}`));
    vault.on("modify", (f: TFile) => seen.push(`modify ${f.path}`));
    const created = await vault.create("notes/b.md", "bb");
    expect(vault.getFileByPath("notes/b.md")).toBe(created);
    expect([created.name, created.basename, created.extension, created.parent?.path]).toEqual(["b.md", "b", "md", "notes"]);
    clock = 200;
    await vault.modify(created, "bbbb");
    expect(created.stat).toEqual({ ctime: 100, mtime: 200, size: 4 });
    expect(await vault.read(created)).toBe("bbbb");
    expect(seen).toEqual(["create notes/b.md", "modify notes/b.md"]);
    await expect(vault.create("notes/b.md", "")).rejects.toThrow("File already exists.");
    await expect(vault.create("missing/c.md", "")).rejects.toMatchObject({ code: "ENOENT" });
    expect(vault.getMarkdownFiles().map((f) => f.path)).toEqual(["notes/a.md", "notes/b.md"]);
  });

  it("renames folders firing rename(file, oldPath) for each entry, and deletes contents before the folder", async () => {
    const t = createTestApp({ "f/a.md": "", "f/sub/b.md": "", "c.txt": "" }, { config: { trashOption: "none" } });
    const vault = t.fake.vault;
    const seen: string[] = [];
    vault.on("rename", (f: TFile, old: string) => seen.push(`${old} -> ${f.path}`));
    vault.on("delete", (f: TFile) => seen.push(`delete ${f.path}`));
    const folder = vault.getFolderByPath("f");
    if (!folder) throw new Error("fixture folder missing");
    await vault.createFolder("g");
    await vault.rename(folder, "g/f");
    expect(seen).toEqual(["f -> g/f", "f/a.md -> g/f/a.md", "f/sub -> g/f/sub", "f/sub/b.md -> g/f/sub/b.md"]);
    expect(vault.getFileByPath("g/f/sub/b.md")?.parent?.path).toBe("g/f/sub");
    expect(await vault.adapter.exists("g/f/sub/b.md")).toBe(true);
    seen.length = 0;
    await t.fake.fileManager.trashFile(folder);
    expect(seen).toEqual(["delete g/f/sub/b.md", "delete g/f/sub", "delete g/f/a.md", "delete g/f"]);
    expect(vault.getAbstractFileByPath("g/f")).toBeNull();
    expect(vault.getFiles().map((f) => f.path)).toEqual(["c.txt"]);
  });

  it("trashes through the vault's .trash folder and keeps config-folder files out of the vault", async () => {
    const t = createTestApp({ "a.md": "", ".vault-config/plugins/p/data.json": "{}" }, { config: { userIgnoreFilters: ["x/"] } });
    const vault = t.fake.vault;
    expect(vault.getFiles().map((f) => f.path)).toEqual(["a.md"]);
    expect(await vault.adapter.read(`${vault.configDir}/plugins/p/data.json`)).toBe("{}");
    expect(vault.getConfig("userIgnoreFilters")).toEqual(["x/"]);
    expect(vault.getConfig("missing")).toBeNull();
    const file = vault.getFileByPath("a.md");
    if (!file) throw new Error("fixture file missing");
    await t.fake.fileManager.trashFile(file);
    expect(vault.getFileByPath("a.md")).toBeNull();
    expect(await vault.adapter.exists(".trash/a.md")).toBe(true);
    expect(vault.getRoot()).toBeInstanceOf(TFolder);
  });
});

describe("MetadataCache", () => {
  const note = [
    "---",
    "tags: [alpha, beta]",
    "aliases:",
    "  - First",
    'title: "Quoted: yes"',
    "count: 3",
    "draft: false",
    "---",
    "# Title ##",
    "Text with #inline/tag, not #123 or x#y, see [[Other#Part|alias]] and ![[pic.png]].",
    "A [md link](sub/Other.md) and [web](https://example.com/#frag).",
    "```",
    "# not a heading #nottag [[notalink]]",
    "```",
    "`#code [[code]]` ### Not heading either",
    "### Third level",
  ].join("\n");

  it("parses frontmatter, headings, tags, links and embeds, skipping code", () => {
    const t = createTestApp({ "n.md": note, "sub/Other.md": "" });
    const cache = t.fake.metadataCache.getCache("n.md");
    expect(cache?.frontmatter).toEqual({ tags: ["alpha", "beta"], aliases: ["First"], title: "Quoted: yes", count: 3, draft: false });
    expect(cache?.frontmatterPosition?.end.line).toBe(7);
    expect(cache?.headings?.map((h) => [h.level, h.heading, h.position.start.line])).toEqual([
      [1, "Title", 8],
      [3, "Third level", 15],
    ]);
    expect(cache?.tags?.map((x) => x.tag)).toEqual(["#inline/tag"]);
    expect(cache?.links?.map((l) => [l.link, l.displayText])).toEqual([
      ["Other#Part", "alias"],
      ["sub/Other.md", "md link"],
    ]);
    expect(cache?.embeds?.map((e) => e.link)).toEqual(["pic.png"]);
    expect(cache && getAllTags(cache)).toEqual(["#alpha", "#beta", "#inline/tag"]);
    expect(t.fake.metadataCache.resolvedLinks["n.md"]).toEqual({ "sub/Other.md": 2 });
    expect(t.fake.metadataCache.unresolvedLinks["n.md"]).toEqual({ "pic.png": 1 });
  });

  it("re-indexes asynchronously on modify, moves entries on rename, and reports deletions", async () => {
    const t = createTestApp({ "a.md": "# One" }, { config: { trashOption: "none" } });
    const mc = t.fake.metadataCache;
    const events: string[] = [];
    mc.on("changed", (f: TFile, data: string) => events.push(`changed ${f.path} ${data}`));
    mc.on("deleted", (f: TFile) => events.push(`deleted ${f.path}`));
    const file = t.fake.vault.getFileByPath("a.md");
    if (!file) throw new Error("fixture file missing");
    await t.fake.vault.modify(file, "# Two");
    await t.idle();
    expect(mc.getFileCache(file)?.headings?.[0]?.heading).toBe("Two");
    await t.fake.vault.rename(file, "b.md");
    expect(mc.getCache("b.md")?.headings?.[0]?.heading).toBe("Two");
    expect(mc.getCache("a.md")).toBeNull();
    await t.fake.fileManager.trashFile(file);
    expect(events).toEqual(["changed a.md # Two", "deleted b.md"]);
  });

  it("resolves links case-insensitively, preferring the source's folder, and writes the shortest link text", () => {
    const t = createTestApp({ "x/Note.md": "", "y/note.md": "", "y/src.md": "", "Unique.md": "" });
    const mc = t.fake.metadataCache;
    expect(mc.getFirstLinkpathDest("note", "y/src.md")?.path).toBe("y/note.md");
    expect(mc.getFirstLinkpathDest("x/note", "y/src.md")?.path).toBe("x/Note.md");
    expect(mc.getFirstLinkpathDest("../Unique", "y/src.md")?.path).toBe("Unique.md");
    expect(mc.getFirstLinkpathDest("absent", "y/src.md")).toBeNull();
    const unique = t.fake.vault.getFileByPath("Unique.md");
    const ambiguous = t.fake.vault.getFileByPath("x/Note.md");
    if (!unique || !ambiguous) throw new Error("fixture files missing");
    expect(t.fake.fileManager.generateMarkdownLink(unique, "y/src.md")).toBe("[[Unique]]");
    expect(t.fake.fileManager.generateMarkdownLink(ambiguous, "y/src.md", "#H", "alias")).toBe("[[x/Note#H|alias]]");
  });
});
