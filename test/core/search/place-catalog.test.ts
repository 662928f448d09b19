import { describe, expect, it, vi } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { embeddingInput } from "../../../src/core/index/embedding-input";
import { createNoteFilter } from "../../../src/core/search/note-filter";
import { notesInPlace } from "../../../src/core/search/place-catalog";
import { compileQueryFilter } from "../../../src/core/search/query-filter";
import { parseQuery } from "../../../src/core/search/query-parser";
import { vectorFor } from "../sync/helpers/counting-embedder";

const DIMS = 8;

function add(index: ChunkIndex, path: string, tags: string, body: string): void {
  const note = chunkNote(path, `---\ntags: [${tags}]\n---\n# ${path}\n\n${body}\n`, { maxTokens: 24, overlapRatio: 0 });
  index.addNote(note, note.chunks.map((c) => vectorFor("place", embeddingInput(c), DIMS)));
}

/** Folders and tags in several scripts and cases, nested ones, a decomposed accent (NFD) and a folder prefix trap. */
function vault(): ChunkIndex {
  const index = new ChunkIndex(DIMS, undefined, undefined, "int8");
  const folders = ["Projects", "Projects/Alpha", "projects-old", "Café", "Cafe\u0301/Menü", "Проекты", "日記"];
  const tags = ["garden", "garden/roses", "Gardening", "#work", "проект", "日記/2025", ""];
  for (let i = 0; i < 42; i++) add(index, `${folders[i % folders.length]}/note ${i}.md`, `${tags[i % tags.length]}, t${i % 5}`, `words ${i}`);
  add(index, "top level.md", "garden", "a note at the root");
  return index;
}

/** The notes the plain per-note check keeps: `compileQueryFilter` on each note's path and first chunk's tags. */
function plain(index: ChunkIndex, query: string): string[] {
  const q = parseQuery(query);
  const test = compileQueryFilter({ ...q, phrases: [], excluded: [] });
  return [...index.notePaths()].filter((path) => {
    const first = index.entry(index.chunkIdsOf(path)[0] ?? "");
    return first !== undefined && test({ path, tags: first.tags, text: "" });
  });
}

const QUERIES = [
  "x path:Projects",
  "x path:projects/alpha",
  'x path:"Projects" path:Café',
  "x path:Cafe\u0301",
  "x path:проекты tag:проект",
  "x path:日記",
  "x tag:garden",
  "x tag:#GARDEN/roses",
  "x tag:work tag:t1",
  "x tag:日記",
  "x path:Projects tag:garden",
  // Matching nothing: a folder that is only a prefix of one, a missing tag.
  "x path:Proj",
  "x tag:nothing-here",
];

describe("notesInPlace", () => {
  it("keeps exactly the notes the per-note path: and tag: check keeps", () => {
    const index = vault();
    for (const query of QUERIES) {
      const kept = [...(notesInPlace(index, parseQuery(query)) ?? [])].sort();
      expect(kept, query).toEqual(plain(index, query).sort());
      const filter = createNoteFilter(index, parseQuery(query));
      expect([...index.notePaths()].filter((p) => filter?.pass(p)).sort(), query).toEqual(kept);
    }
    expect(plain(index, "x path:Proj")).toEqual([]);
    expect(notesInPlace(index, parseQuery('"only a phrase" -word'))).toBeUndefined();
  });

  it("folds each note's path and tags once per index revision, not once per search", () => {
    const index = vault();
    notesInPlace(index, parseQuery("x path:Projects"));
    const lookups = vi.spyOn(index, "chunkIdsOf");
    const entries = vi.spyOn(index, "entry");
    for (const query of QUERIES) notesInPlace(index, parseQuery(query));
    const filter = createNoteFilter(index, parseQuery("x path:Café tag:t2"));
    for (const path of index.notePaths()) filter?.place?.(path);
    expect(lookups).not.toHaveBeenCalled();
    expect(entries).not.toHaveBeenCalled();
  });

  it("folds again only the notes that changed when the next revision's catalog is made", () => {
    const index = vault();
    notesInPlace(index, parseQuery("x path:Projects"));
    const normalize = vi.spyOn(String.prototype, "normalize");
    const query = "x tag:fresh path:projects";
    notesInPlace(index, parseQuery(query));
    // What asking costs when the catalog is made: the query's own path and tag.
    const asking = normalize.mock.calls.length;
    add(index, "Projects/new.md", "fresh, Other", "new words");
    normalize.mockClear();
    expect(notesInPlace(index, parseQuery(query))).toEqual(new Set(["Projects/new.md"]));
    // The new note's path and its two tags; before, every one of the 44 notes' paths and tags again.
    expect(normalize.mock.calls.length - asking).toBeLessThanOrEqual(3);
    normalize.mockRestore();
  });

  it("sees notes added, changed and removed since the last search", () => {
    const index = vault();
    expect(notesInPlace(index, parseQuery("x tag:fresh"))).toEqual(new Set());
    add(index, "Projects/new.md", "fresh", "new words");
    expect(notesInPlace(index, parseQuery("x tag:fresh path:projects"))).toEqual(new Set(["Projects/new.md"]));
    add(index, "Projects/new.md", "stale", "changed words");
    expect(notesInPlace(index, parseQuery("x tag:fresh"))).toEqual(new Set());
    index.removeNote("Projects/Alpha/note 1.md");
    expect(notesInPlace(index, parseQuery("x path:Projects/Alpha"))?.has("Projects/Alpha/note 1.md")).toBe(false);
    expect([...(notesInPlace(index, parseQuery("x path:Projects/Alpha")) ?? [])].sort()).toEqual(plain(index, "x path:Projects/Alpha").sort());
  });
});
