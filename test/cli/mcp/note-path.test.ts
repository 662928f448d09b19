import { describe, expect, it } from "vitest";
import { closestPaths } from "../../../src/cli/mcp/note-path";
import { notePathOf } from "../../../src/cli/mcp/note-path";

describe("notePathOf", () => {
  it("accepts vault-relative note paths, with or without .md, and Windows separators", () => {
    expect(notePathOf("Projects/Plan.md")).toEqual({ ok: true, value: "Projects/Plan.md" });
    expect(notePathOf("./Projects\\Plan")).toEqual({ ok: true, value: "Projects/Plan.md" });
    expect(notePathOf("Travel/京都")).toEqual({ ok: true, value: "Travel/京都.md" });
  });

  it("refuses what would leave the vault or read settings", () => {
    for (const bad of ["", "/etc/passwd", "C:\\Users\\x.md", "../x.md", "a/../../x.md", ".obsidian/app.json", "a/.git/config", "image.png"]) {
      const r = notePathOf(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.message, bad).toMatch(/relative to the vault/);
    }
  });
});

describe("closestPaths", () => {
  const paths = ["Runbooks/Postgres backup.md", "Runbooks/Redis.md", "Recipes/Sauerteig.md", "Archive/Postgres backup old.md"];

  it("puts the same file name in another folder first, then near misspellings", () => {
    expect(closestPaths("Runbook/Postgres backup.md", paths)[0]).toBe("Runbooks/Postgres backup.md");
    expect(closestPaths("Recipes/Sauertieg.md", paths)[0]).toBe("Recipes/Sauerteig.md");
    expect(closestPaths("postgres", paths).slice(0, 2).sort()).toEqual(["Archive/Postgres backup old.md", "Runbooks/Postgres backup.md"]);
  });

  it("returns at most the asked number, and nothing for an empty vault", () => {
    expect(closestPaths("x", paths, 2)).toHaveLength(2);
    expect(closestPaths("x", [])).toEqual([]);
  });
});
