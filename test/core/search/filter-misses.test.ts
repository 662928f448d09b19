import { describe, expect, it, vi } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { SearchEngine } from "../../../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS } from "../../../src/core/search/search-options";

const NOTES: Record<string, string> = {
  "Runbooks/Postgres backup.md": "---\ntags: [ops, database]\n---\n# Postgres backup\n\nNightly base backups with pg_basebackup.\n",
  "Projects/Garden plan.md": "# Garden plan\n\n#garden/vegetables\n\nPlant tomatoes after the last frost.\n",
  "Рецепты/Борщ.md": "# Борщ\n\n#кухня\n\nСвёкла, капуста и картофель.\n",
};

function engine(): SearchEngine {
  const index = new ChunkIndex(0);
  for (const [path, md] of Object.entries(NOTES)) index.addNote(chunkNote(path, md));
  const e = new SearchEngine({ index });
  e.setOptions({ ...DEFAULT_SEARCH_OPTIONS, autoWeights: false });
  return e;
}

const misses = (query: string): string[] =>
  engine()
    .searchKeyword({ query })
    .notices.filter((n) => n.code === "FILTER_NO_MATCH")
    .map((n) => n.message);

describe("a path: or tag: filter that matches no note says so, with the closest folder or tag", () => {
  it("gathers the folders and tags once per change of the index, and sees every change, an empty note's too", () => {
    const index = new ChunkIndex(0);
    for (const [path, md] of Object.entries(NOTES)) index.addNote(chunkNote(path, md));
    const e = new SearchEngine({ index });
    const walks = vi.spyOn(index, "notePaths");
    const notice = (query: string) => e.searchKeyword({ query }).notices.find((n) => n.code === "FILTER_NO_MATCH")?.message;
    expect(notice("tomatoes tag:gardn")).toBe("No note matches tag:gardn; closest tag: garden.");
    expect(notice("backup tag:databse path:Runbok")).toBe("No note matches path:Runbok; closest folder or note: Runbooks.");
    // Once for the filter's folded paths and tags (place-catalog.ts), once for the notice's vocabulary.
    expect(walks).toHaveBeenCalledTimes(2);
    index.addNote({ path: "Runbok/empty.md", meta: { title: "empty", aliases: [], tags: [], links: [] }, chunks: [] });
    expect(notice("backup tag:databse path:Runbok")).toBe("No note matches tag:databse; closest tag: database.");
    index.removeNote("Runbok/empty.md");
    expect(notice("backup tag:databse path:Runbok")).toBe("No note matches path:Runbok; closest folder or note: Runbooks.");
    expect(walks).toHaveBeenCalledTimes(6);
  });

  it("names the closest folder for a mistyped or wrongly nested path, in any script", () => {
    expect(misses("backup path:Runbook")).toEqual(["No note matches path:Runbook; closest folder or note: Runbooks."]);
    // A note's name given as a folder points at the note.
    expect(misses("path:Garden")).toEqual(["No note matches path:Garden; closest folder or note: Projects/Garden plan.md."]);
    expect(misses("path:Рецепт")).toEqual(["No note matches path:Рецепт; closest folder or note: Рецепты."]);
  });

  it("names the closest tag, nested tags and their parents included", () => {
    expect(misses("tomatoes tag:gardn")).toEqual(["No note matches tag:gardn; closest tag: garden."]);
    expect(misses("tag:#databse")).toEqual(["No note matches tag:databse; closest tag: database."]);
    expect(misses("tag:кухни")).toEqual(["No note matches tag:кухни; closest tag: кухня."]);
  });

  it("says nothing when the filter matches a note, even if the words do not, and flags one of several paths", () => {
    expect(misses("zebra path:runbooks tag:garden/vegetables")).toEqual([]);
    expect(misses('path:"projects/garden plan.md" tag:GARDEN')).toEqual([]);
    // Paths are OR-ed: results from one do not hide the typo in the other.
    const e = engine().searchKeyword({ query: "backup path:Runbooks path:Projetcs" });
    expect(e.results.length).toBeGreaterThan(0);
    expect(e.notices.map((n) => n.message)).toEqual(["No note matches path:Projetcs; closest folder or note: Projects."]);
  });
});
