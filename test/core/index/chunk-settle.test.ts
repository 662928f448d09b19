import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkIndex, type SavedNote } from "../../../src/core/index/chunk-index";
import { Analyzer } from "../../../src/core/text/analyzer";
import type { ChunkedNote } from "../../../src/core/types";
import { drainSteps } from "../../fakes/drain-steps";

// Words every chunk shares (long posting lists) and words few share.
const COMMON = ["garden", "tomato", "soil", "compost", "rain", "seed"];

function note(path: string, seed: number, parts = 3): ChunkedNote {
  const title = `Bed ${seed}`;
  return {
    path,
    meta: { title, aliases: [], tags: [], links: [] },
    chunks: Array.from({ length: parts }, (_, i) => ({
      id: `${path}#${i}`,
      path,
      ordinal: i,
      headingPath: [title, `Row ${i}`],
      text: `${COMMON.join(" ")} row${seed % 50} plot${(seed * 7 + i) % 90} ${i % 2 === 0 ? "weeds" : "mulch"}`,
      startLine: i * 5,
      endLine: i * 5 + 4,
      tokens: 10,
    })),
  };
}


const QUERIES = ["garden", "tomato weeds", "row7", "plot1", "mulch rain", "edited"];
const results = (idx: ChunkIndex): unknown[] => QUERIES.map((q) => idx.keywordSearch(q, { limit: 40 }));

/** An index of `count` notes, and the same index saved (in reverse order, so lists come back unsorted) and restored. */
function indexes(count: number): { fresh: ChunkIndex; restored: ChunkIndex } {
  const fresh = new ChunkIndex(0);
  const notes = Array.from({ length: count }, (_, i) => note(`n${i}.md`, i));
  for (const n of notes) fresh.addNote(n);
  const saved: SavedNote[] = [...notes].reverse().map((n) => ({ note: n, vectors: [] }));
  const keywords = drainSteps(fresh.exportKeywordSteps(saved.flatMap((s) => s.note.chunks.map((c) => c.id)))).value;
  const restored = new ChunkIndex(0);
  expect(drainSteps(restored.restoreSteps(saved, keywords, 64)).value).toBe(true);
  return { fresh, restored };
}

afterEach(() => vi.restoreAllMocks());

describe("the first change to a restored index", () => {
  it("sorts the long lists its chunks touch in steps, not in one synchronous insert or removal", () => {
    const { fresh, restored } = indexes(1500);
    const edited = { ...note("n10.md", 10, 4), meta: { title: "Bed edited", aliases: [], tags: [], links: [] } };
    // perStep Infinity: the only yields are those between lists that had to be sorted.
    const onRestored = drainSteps(restored.addNoteSteps(edited, [], Infinity)).yields;
    const onFresh = drainSteps(fresh.addNoteSteps(edited, [], Infinity)).yields;
    expect(onFresh).toBe(0);
    // Each common word's list holds 4,500 postings: the removal of the old chunks alone touches six of them per field.
    expect(onRestored).toBeGreaterThanOrEqual(3);
    expect(results(restored)).toEqual(results(fresh));
    // The next change finds the lists sorted: nothing to do in steps.
    expect(drainSteps(restored.addNoteSteps(note("n11.md", 11), [], Infinity)).yields).toBe(0);
    fresh.addNote(note("n11.md", 11));
    expect(results(restored)).toEqual(results(fresh));
  });

  it("analyses each field of a chunk once, as an index never restored does", () => {
    const { fresh, restored } = indexes(300);
    const counts = vi.spyOn(Analyzer.prototype, "termCounts");
    fresh.removeNote("n3.md");
    fresh.addNote(note("n3.md", 903, 5));
    const freshCalls = counts.mock.calls.length;
    counts.mockClear();
    drainSteps(restored.removeNoteSteps("n3.md", Infinity));
    drainSteps(restored.addNoteSteps(note("n3.md", 903, 5), [], Infinity));
    expect(counts.mock.calls.length).toBe(freshCalls);
    expect(results(restored)).toEqual(results(fresh));
  });
});

describe("a restore from segments of which some saved no postings", () => {
  /** `count` notes saved as two segments, the second (its last `unposted` notes) without postings, and restored. */
  function fromParts(count: number, unposted: number): { fresh: ChunkIndex; restored: ChunkIndex } {
    const fresh = new ChunkIndex(0);
    const notes = Array.from({ length: count }, (_, i) => note(`n${i}.md`, i));
    for (const n of notes) fresh.addNote(n);
    const saved: SavedNote[] = notes.map((n) => ({ note: n, vectors: [] }));
    const ids = saved.map((s) => s.note.chunks.map((c) => c.id));
    const posted = ids.slice(0, count - unposted).flat();
    const bytes = drainSteps(fresh.exportKeywordPartsSteps([posted])).value?.[0];
    const rows = (from: number, to: number) => Int32Array.from({ length: to - from }, (_, k) => from + k);
    const all = ids.flat().length;
    const restored = new ChunkIndex(0);
    const parts = [{ bytes, rows: rows(0, posted.length) }, { bytes: undefined, rows: rows(posted.length, all) }];
    expect(drainSteps(restored.restoreSteps(saved, parts, 64)).value).toBe(true);
    return { fresh, restored };
  }

  it("leaves the saved lists of the words the unsaved chunks share unread: the first change still readies them in steps", () => {
    const { fresh, restored } = fromParts(1500, 20);
    expect(results(restored)).toEqual(results(fresh));
    // Analysed into the joined lists, the 60 unsaved chunks' common words would have read and sorted those lists at
    // load, leaving the first change nothing to ready.
    const edited = { ...note("n10.md", 10, 4), meta: { title: "Bed edited", aliases: [], tags: [], links: [] } };
    expect(drainSteps(restored.addNoteSteps(edited, [], Infinity)).yields).toBeGreaterThanOrEqual(3);
    fresh.addNote(edited);
    expect(results(restored)).toEqual(results(fresh));
  });
});
