import { describe, expect, it } from "vitest";
import { ok } from "../../../../src/core/result";
import { extraRootsOf, splitExtraPath } from "../../../../src/core/sync/sources/extra-roots";
import { MultiNoteSource } from "../../../../src/core/sync/sources/multi-note-source";
import type { NoteSource, NoteStat } from "../../../../src/core/sync/notes/note-source";
import { compileExclusions } from "../../../../src/core/sync/rules/exclusions";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";

function memory(files: Record<string, string>): NoteSource {
  const stat = (path: string): NoteStat => ({ path, mtime: 1, size: files[path]?.length ?? 0 });
  return {
    list: async () => ok(Object.keys(files).map(stat)),
    stat: async (p) => ok(p in files ? stat(p) : null),
    read: async (p) => ok(files[p] ?? ""),
  };
}

describe("extra roots", () => {
  it("names folders by basename, apart when two share one, whatever the order or the separator", () => {
    expect(extraRootsOf(["/home/me/notes/"]).map((r) => r.prefix)).toEqual([".extra/notes/"]);
    const two = extraRootsOf(["/a/notes", "C:\\b\\notes", "/a/notes"]);
    expect(two).toHaveLength(2);
    expect(two[0]?.name).toMatch(/^notes-[0-9a-f]{6}$/);
    expect(two[0]?.name).not.toBe(two[1]?.name);
    expect(extraRootsOf(["C:\\b\\notes", "/a/notes"]).map((r) => r.name).reverse()).toEqual(two.map((r) => r.name));
    expect(extraRootsOf(["/x/.hidden"])[0]?.name).toBe("hidden");
  });

  it("routes paths to their folder, keeps a vault folder called extra in the vault, and applies exclusions inside a folder", async () => {
    const [root] = extraRootsOf(["/x/field"]);
    if (!root) throw new Error("no root");
    const source = new MultiNoteSource(memory({ "extra/field/A.md": "vault" }), [{ root, source: memory({ "A.md": "outside", "Private/B.md": "b" }) }]);
    const listed = await source.list();
    expect(listed.ok && listed.value.map((s) => s.path).sort()).toEqual([".extra/field/A.md", ".extra/field/Private/B.md", "extra/field/A.md"]);
    expect(await source.read(".extra/field/A.md")).toEqual(ok("outside"));
    expect(await source.read("extra/field/A.md")).toEqual(ok("vault"));
    expect((await source.read(".extra/gone/A.md")).ok).toBe(false);
    expect(splitExtraPath(".extra/field/Private/B.md")).toEqual({ name: "field", inner: "Private/B.md" });
    const ex = compileExclusions(resolveIndexSettings({ excludeFolders: ["Private"] }));
    expect(ex.byPath(".extra/field/Private/B.md")).toBe(true);
    expect(ex.byPath(".extra/field/A.md")).toBe(false);
  });
});
