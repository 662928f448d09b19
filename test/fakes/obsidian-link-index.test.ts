import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TFile } from "./obsidian";
import { FileTree } from "./obsidian/file-tree";
import { LinkIndex } from "./obsidian/link-resolver";
import { parentPath } from "./obsidian/path";

/** The fake's link resolution as it was before the index: one scan of every file per link, kept as the reference. */
function scanResolve(files: TFile[], linkpath: string, sourcePath: string): TFile | null {
  const resolveDots = (path: string): string => {
    const out: string[] = [];
    for (const part of path.split("/")) {
      if (part === "..") out.pop();
      else if (part !== "." && part !== "") out.push(part);
    }
    return out.join("/");
  };
  if (linkpath === "") return files.find((f) => f.path === sourcePath) ?? null;
  const wanted = (p: string): string[] => [p.toLowerCase(), `${p.toLowerCase()}.md`];
  const byPath = (p: string): TFile | null => files.find((f) => wanted(p).includes(f.path.toLowerCase())) ?? null;
  if (linkpath.startsWith("./") || linkpath.startsWith("../")) {
    const folder = parentPath(sourcePath);
    return byPath(resolveDots(folder === "/" ? linkpath : `${folder}/${linkpath}`));
  }
  const exact = byPath(resolveDots(linkpath));
  if (exact) return exact;
  const suffixes = wanted(resolveDots(linkpath)).map((k) => `/${k}`);
  const matches = files.filter((f) => suffixes.some((s) => `/${f.path.toLowerCase()}`.endsWith(s)));
  const sourceFolder = parentPath(sourcePath);
  matches.sort(
    (a, b) =>
      Number(parentPath(b.path) === sourceFolder) - Number(parentPath(a.path) === sourceFolder) ||
      a.path.length - b.path.length ||
      a.path.localeCompare(b.path),
  );
  return matches[0] ?? null;
}

afterEach(() => vi.restoreAllMocks());

const segment = fc.constantFrom("a", "A", "b", "note", "Note", "x.md", "N.md", "é", "É");
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
const link = fc.oneof(
  path,
  path.map((p) => `./${p}`),
  path.map((p) => `../${p}`),
  path.map((p) => `${p}.md`),
  fc.constant(""),
  fc.constant("."),
);

describe("LinkIndex", () => {
  it("resolves every link to the file a scan of every file finds, with case, folders, dots and .md", () => {
    fc.assert(
      fc.property(fc.uniqueArray(path, { minLength: 1, maxLength: 12 }), fc.array(fc.tuple(link, fc.nat()), { maxLength: 12 }), (paths, links) => {
        const files: Record<string, string> = {};
        for (const p of paths) files[p.endsWith(".md") ? p : `${p}.md`] = "";
        let t;
        try {
          t = createTestApp(files);
        } catch {
          return; // A path used as both a file and a folder: not a vault.
        }
        const all = t.fake.vault.getFiles();
        const index = new LinkIndex(all);
        for (const [linkpath, k] of links) {
          const source = all[k % all.length]?.path ?? "";
          expect(index.resolve(linkpath, source)?.path).toBe(scanResolve(all, linkpath, source)?.path);
        }
        t.dispose();
      }),
      { numRuns: 300 },
    );
  });

  it("lists the vault's files a fixed number of times to resolve every link at start, not once per link", () => {
    const files: Record<string, string> = {};
    const count = 400;
    for (let i = 0; i < count; i++) files[`f${i % 7}/Note ${i}.md`] = `[[Note ${(i * 31) % count}]] and [[f${i % 3}/Note ${i}]]`;
    const listings = vi.spyOn(FileTree.prototype, "all");
    const t = createTestApp(files);
    // The scan listed every file for each of the 800 links; the index lists them once, plus once for the Markdown files.
    expect(listings.mock.calls.length).toBeLessThanOrEqual(2);
    expect(t.fake.metadataCache.resolvedLinks["f3/Note 10.md"]).toEqual({ "f2/Note 310.md": 1 });
    expect(t.fake.metadataCache.unresolvedLinks["f3/Note 10.md"]).toEqual({ "f1/Note 10": 1 });
  });

  it("follows files added, moved and deleted after it was built", async () => {
    const t = createTestApp({ "a/Note.md": "", "src.md": "" }, { config: { trashOption: "none" } });
    const mc = t.fake.metadataCache;
    expect(mc.getFirstLinkpathDest("note", "src.md")?.path).toBe("a/Note.md");
    await t.fake.vault.create("Note.md", "");
    expect(mc.getFirstLinkpathDest("note", "src.md")?.path).toBe("Note.md");
    const top = t.fake.vault.getFileByPath("Note.md");
    if (!top) throw new Error("fixture file missing");
    await t.fake.vault.createFolder("b");
    await t.fake.vault.rename(top, "b/Other.md");
    expect(mc.getFirstLinkpathDest("note", "src.md")?.path).toBe("a/Note.md");
    expect(mc.getFirstLinkpathDest("other", "src.md")?.path).toBe("b/Other.md");
    const folder = t.fake.vault.getFolderByPath("a");
    if (!folder) throw new Error("fixture folder missing");
    await t.fake.fileManager.trashFile(folder);
    expect(mc.getFirstLinkpathDest("note", "src.md")).toBeNull();
  });
});
