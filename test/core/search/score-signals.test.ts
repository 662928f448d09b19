import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import type { NoteSignalFields, NoteSignalSource } from "../../../src/core/search/note-signals";
import { resolveNoteLink } from "../../../src/core/search/note-link";
import { assembleResults } from "../../../src/core/search/result-assembly";
import { folderWeightOf, recencyFactor, RECENCY_MAX_BOOST, scoreAdjuster } from "../../../src/core/search/score-signals";
import { formatFolderWeights, parseFolderWeights, readFolderWeights } from "../../../src/core/settings/folder-weights";

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 15);

function notesOf(mtimes: Record<string, number>): NoteSignalSource {
  const map = new Map<string, NoteSignalFields>(Object.entries(mtimes).map(([p, mtime]) => [p, { path: p, mtime, meta: {} }]));
  return map;
}

function indexOf(paths: string[]): ChunkIndex {
  const index = new ChunkIndex(0);
  for (const p of paths) index.addNote(chunkNote(p, `# ${p}\n\nSome text.\n`));
  return index;
}

const OPTS = { rrfK: 5, limit: 10, minScore: 0, chunksPerNote: 1 };

describe("recency boost", () => {
  it("is 1 + 10% at age 0, halves its boost every half-life, and is 1 when off", () => {
    expect(recencyFactor(0, 30)).toBeCloseTo(1 + RECENCY_MAX_BOOST, 12);
    expect(recencyFactor(30 * DAY, 30)).toBeCloseTo(1 + RECENCY_MAX_BOOST / 2, 12);
    expect(recencyFactor(3650 * DAY, 30)).toBeCloseTo(1, 12);
    expect(recencyFactor(-DAY, 30)).toBeCloseTo(1.1, 12);
    expect(recencyFactor(0, 0)).toBe(1);
  });

  it("reorders a near tie of the fused lists in favour of the newer note", () => {
    // old: keyword #1, semantic #3 (1/6 + 1/8); fresh: #2 and #2 (2/7): 2% apart.
    const index = indexOf(["old.md", "fresh.md", "other.md", "second.md"]);
    const lists = [
      { name: "bm25" as const, weight: 1, ids: ["old.md#0", "fresh.md#0", "other.md#0"] },
      { name: "vector" as const, weight: 1, ids: ["second.md#0", "fresh.md#0", "old.md#0"] },
    ];
    expect(assembleResults(index, lists, OPTS).map((r) => r.path).slice(0, 2)).toEqual(["old.md", "fresh.md"]);
    const adjust = scoreAdjuster({ folderWeights: [], recencyHalfLifeDays: 30 }, notesOf({ "old.md": NOW - 3000 * DAY, "fresh.md": NOW, "other.md": NOW, "second.md": NOW }), NOW);
    const boosted = assembleResults(index, lists, OPTS, adjust);
    expect(boosted.map((r) => r.path).slice(0, 2)).toEqual(["fresh.md", "old.md"]);
    expect(boosted[0]?.explain.fused).toBeCloseTo(2 / 7, 12);
  });

  it("never lets a note overtake one whose fused score leads by more than the boost", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 * 365 }), { minLength: 6, maxLength: 6 }), fc.integer({ min: 1, max: 3650 }), (ages, halfLife) => {
        const paths = ages.map((_, i) => `n${i}.md`);
        const index = indexOf(paths);
        const ids = paths.map((p) => `${p}#0`);
        const lists = [{ name: "bm25" as const, weight: 1, ids }, { name: "vector" as const, weight: 1, ids }];
        const before = assembleResults(index, lists, OPTS);
        const mtimes = Object.fromEntries(paths.map((p, i) => [p, NOW - (ages[i] ?? 0) * DAY]));
        const after = assembleResults(index, lists, OPTS, scoreAdjuster({ folderWeights: [], recencyHalfLifeDays: halfLife }, notesOf(mtimes), NOW));
        const pos = (p: string) => after.findIndex((r) => r.path === p);
        for (const a of before) for (const b of before) {
          if (a.score > b.score * (1 + RECENCY_MAX_BOOST)) expect(pos(a.path)).toBeLessThan(pos(b.path));
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe("folder weights", () => {
  const weights = [
    { folder: "Archive", weight: 0.5 },
    { folder: "Projects", weight: 1.2 },
    { folder: "projects/active", weight: 2 },
  ];

  it("take the longest folder that holds the note, on whole folder names, ignoring case", () => {
    expect(folderWeightOf("Archive/2020/x.md", weights)).toBe(0.5);
    expect(folderWeightOf("Projects/Active/x.md", weights)).toBe(2);
    expect(folderWeightOf("projects/y.md", weights)).toBe(1.2);
    expect(folderWeightOf("Projectsold/y.md", weights)).toBeUndefined();
    expect(folderWeightOf("Notes/x.md", weights)).toBeUndefined();
  });

  it("are read from lines like 'Archive/ 0.5', refusing what is no folder and weight from 0 to 10", () => {
    const read = parseFolderWeights("Archive/ 0.5\n  Projects: 1,2\n\\Work\\Old\\ = 0.3\nnonsense\nBig/ 11\nArchive 0.4");
    expect(read.weights).toEqual([
      { folder: "Projects", weight: 1.2 },
      { folder: "Work/Old", weight: 0.3 },
      { folder: "Archive", weight: 0.4 },
    ]);
    expect(read.errors).toHaveLength(2);
    expect(read.errors[0]).toContain('"nonsense"');
    expect(formatFolderWeights(read.weights)).toBe("Projects/ 1.2\nWork/Old/ 0.3\nArchive/ 0.4");
  });

  it("saved as a list are checked; bad entries are dropped with a message", () => {
    const errors: string[] = [];
    const out = readFolderWeights([{ folder: "/Archive/", weight: 0.5 }, { folder: "", weight: 1 }, { folder: "x", weight: -1 }, "y"], [], errors);
    expect(out).toEqual([{ folder: "Archive", weight: 0.5 }]);
    expect(errors).toHaveLength(3);
  });
});

describe("a successor's link", () => {
  const paths = ["Projects/Budget 2025.md", "Archive/Budget 2025.md", "Budget 2026.md", "Deep/er/Plan.md", "Plan.md"];
  it("resolves [[Name]], [[Name|alias]], [[Name#heading]], paths, case-insensitively, nearest the root first", () => {
    expect(resolveNoteLink("Budget 2026", paths)).toBe("Budget 2026.md");
    expect(resolveNoteLink("budget 2026|next year", paths)).toBe("Budget 2026.md");
    expect(resolveNoteLink("Plan#Goals", paths)).toBe("Plan.md");
    expect(resolveNoteLink("Budget 2025", paths)).toBe("Archive/Budget 2025.md");
    expect(resolveNoteLink("Projects/Budget 2025", paths)).toBe("Projects/Budget 2025.md");
    expect(resolveNoteLink("Projects/Budget 2025.md", paths)).toBe("Projects/Budget 2025.md");
    expect(resolveNoteLink("er/Plan", paths)).toBe("Deep/er/Plan.md");
    expect(resolveNoteLink("Missing note", paths)).toBeUndefined();
    expect(resolveNoteLink("  ", paths)).toBeUndefined();
  });
});
