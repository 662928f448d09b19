import { describe, expect, it } from "vitest";
import { compileExclusions, proseChars } from "../../../../src/core/sync/rules/exclusions";
import { globToRegExp } from "../../../../src/core/sync/rules/exclusions";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import type { NoteMeta } from "../../../../src/core/types";
import { Harness, searchOver, updateSettings } from "../helpers/harness";

const meta = (tags: string[]): NoteMeta => ({ title: "T", aliases: [], tags, links: [] });

describe("globToRegExp", () => {
  it.each([
    ["*.md", "a.md", true],
    ["*.md", "dir/a.md", false],
    ["Daily/**", "Daily/2024/01.md", true],
    ["Daily/**", "Dailyx/a.md", false],
    ["a/**/b.md", "a/b.md", true],
    ["a/**/b.md", "a/x/y/b.md", true],
    ["**/draft-*.md", "draft-1.md", true],
    ["**/draft-*.md", "x/y/draft-1.md", true],
    ["n?.md", "n1.md", true],
    ["n?.md", "n/.md", false],
    ["copy (1).md", "copy (1).md", true],
    ["a+b.md", "aab.md", false],
  ])("%s on %s is %s", (glob, path, expected) => {
    expect(globToRegExp(glob).test(path)).toBe(expected);
  });
});

describe("compileExclusions", () => {
  const ex = compileExclusions(
    resolveIndexSettings({
      excludeFolders: ["Private/", "/Archive/2019"],
      excludeGlobs: ["*.excalidraw.md", "Daily/**"],
      hostIgnore: ["Temp", "/\\.draft\\.md$/", "/[unclosed/"],
      excludeTags: ["#Private"],
      minNoteChars: 10,
    }),
  );

  it("excludes by folder, glob and Obsidian's excluded files", () => {
    expect(ex.byPath("Private/a.md")).toBe(true);
    expect(ex.byPath("Private/sub/b.md")).toBe(true);
    expect(ex.byPath("PrivateX/a.md")).toBe(false);
    expect(ex.byPath("Archive/2019/x.md")).toBe(true);
    expect(ex.byPath("Archive/2020/x.md")).toBe(false);
    expect(ex.byPath("deep/dir/sketch.excalidraw.md")).toBe(true);
    expect(ex.byPath("Daily/2024-01-01.md")).toBe(true);
    expect(ex.byPath("Templates/t.md")).toBe(true);
    expect(ex.byPath("notes/x.draft.md")).toBe(true);
    expect(ex.byPath("notes/plain.md")).toBe(false);
  });

  it("applies every rule to an extra folder's note by its path inside that folder too", () => {
    expect(ex.byPath(".extra/field/Private/a.md")).toBe(true);
    expect(ex.byPath(".extra/field/Daily/2024-01-01.md")).toBe(true);
    expect(ex.byPath(".extra/field/deep/sketch.excalidraw.md")).toBe(true);
    expect(ex.byPath(".extra/field/Temp/t.md")).toBe(true);
    expect(ex.byPath(".extra/field/notes/x.draft.md")).toBe(true);
    expect(ex.byPath(".extra/field/notes/plain.md")).toBe(false);
    // "Private/" as the extra folder's own name is not a folder of the vault: only the inner path counts.
    expect(ex.byPath(".extra/Private/notes/plain.md")).toBe(false);
  });

  it("excludes by tag (nested too) and by length", () => {
    expect(ex.byContent(meta(["private"]), 100)).toBe(true);
    expect(ex.byContent(meta(["private/diary"]), 100)).toBe(true);
    expect(ex.byContent(meta(["privateer"]), 100)).toBe(false);
    expect(ex.byContent(meta([]), 9)).toBe(true);
    expect(ex.byContent(meta([]), 10)).toBe(false);
  });

  it("counts a note that is only a title as no prose", () => {
    const chunk = { id: "a#0", path: "a", ordinal: 0, headingPath: ["T"], text: "T", startLine: 0, endLine: 0, tokens: 1 };
    expect(proseChars({ meta: meta([]), chunks: [chunk] })).toBe(0);
    expect(proseChars({ meta: meta([]), chunks: [{ ...chunk, text: "Some text" }] })).toBe(9);
  });
});

const SECRETS = {
  "Private/diary.md": "# Diary\n\nSECRET-FOLDER words.\n",
  "Daily/2024-01-01.md": "# Day\n\nSECRET-GLOB words.\n",
  "Templates/t.md": "# Tpl\n\nSECRET-HOST words.\n",
  "tagged.md": "---\ntags: [private]\n---\n# Tagged\n\nSECRET-FRONTMATTER-TAG words.\n",
  "inline.md": "# Inline\n\nSECRET-INLINE-TAG words #private/deep here.\n",
  "short.md": "tiny",
};

describe("IndexService exclusions", () => {
  const settings = {
    excludeFolders: ["Private"],
    excludeGlobs: ["Daily/**"],
    hostIgnore: ["Templates/"],
    excludeTags: ["private"],
    minNoteChars: 8,
  };

  it("never sends excluded text to the embedder and never indexes it", async () => {
    const h = new Harness(settings);
    for (const [p, t] of Object.entries(SECRETS)) h.source.write(p, t);
    h.source.write("open.md", "# Open\n\nOrdinary public words.\n");
    const s = await h.started();
    expect([...s.index.notePaths()]).toEqual(["open.md"]);
    expect(h.counting.inputs.join("\n")).not.toMatch(/SECRET|tiny/);
    expect(searchOver(s, h.embedder).searchKeyword({ query: "words" }).results.map((r) => r.path)).toEqual(["open.md"]);
    // Notes ruled out by their path are never even read.
    expect(h.source.reads).not.toContain("Private/diary.md");
    expect(h.source.reads).not.toContain("Daily/2024-01-01.md");
    expect(h.source.reads).not.toContain("Templates/t.md");
    await s.stop();
  });

  it("keeps excluded notes out through edits, renames and restarts", async () => {
    const h = new Harness(settings);
    h.source.write("open.md", "# Open\n\nOrdinary public words.\n");
    const s = await h.started();
    h.source.write("open.md", "# Open\n\nNow SECRET-EDIT words. #private\n");
    s.enqueue({ kind: "upsert", path: "open.md" });
    h.source.write("moved.md", "# Moved\n\nSECRET-MOVED words.\n");
    h.source.rename("moved.md", "Private/moved.md");
    s.enqueue({ kind: "rename", path: "Private/moved.md", oldPath: "moved.md" });
    await s.flush();
    await s.stop();
    const again = await h.started();
    expect([...again.index.notePaths()]).toEqual([]);
    expect(h.counting.inputs.join("\n")).not.toMatch(/SECRET/);
    await again.stop();
  });

  it("adds and removes exactly the affected notes when the exclusions change", async () => {
    const h = new Harness({ excludeTags: ["private"] });
    h.source.write("a/one.md", "# One\n\nFirst note text.\n");
    h.source.write("a/two.md", "# Two\n\nSecond note text.\n");
    h.source.write("b/three.md", "# Three\n\nThird note text.\n");
    h.source.write("c/four.md", "# Four\n\nFourth note text. #work\n");
    h.source.write("c/five.md", "# Five\n\nFifth note text. #private\n");
    const s = await h.started();
    const sent = h.counting.inputs.length;
    const paths = (): string[] => [...s.index.notePaths()].sort();
    expect(paths()).toEqual(["a/one.md", "a/two.md", "b/three.md", "c/four.md"]);

    h.source.reads.length = 0;
    updateSettings(s, resolveIndexSettings({ ...h.settings, excludeFolders: ["a"] }));
    await s.flush();
    expect(paths()).toEqual(["b/three.md", "c/four.md"]);
    // Only the note excluded by its content is read again (its tag may no longer exclude it).
    expect(h.source.reads).toEqual(["c/five.md"]);

    h.source.reads.length = 0;
    updateSettings(s, resolveIndexSettings({ ...h.settings, excludeFolders: [], excludeTags: ["work"] }));
    await s.flush();
    expect(paths()).toEqual(["a/one.md", "a/two.md", "b/three.md", "c/five.md"]);
    expect(h.source.reads.sort()).toEqual(["a/one.md", "a/two.md", "c/five.md", "c/four.md"]);
    // Notes that come back cost no embedding; only the note never indexed before is embedded.
    expect(h.counting.inputs.slice(sent)).toEqual([expect.stringContaining("Fifth note text.")]);
    expect(s.index.vectorCount).toBe(s.index.size);
    await s.stop();
  });
});
