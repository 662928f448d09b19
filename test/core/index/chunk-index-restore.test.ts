import { describe, expect, it, vi, type MockInstance } from "vitest";
import { ChunkDb } from "../../../src/core/index/chunk-db";
import { ChunkIndex, type SavedNote } from "../../../src/core/index/chunk-index";
import type { ChunkedNote } from "../../../src/core/types";

const WORDS = ["garden", "tomato", "soil", "project", "projection", "compost", "constructor", "__proto__", "toString", "rain"];

function note(path: string, seed: number, parts = 3): ChunkedNote {
  const title = `${WORDS[seed % WORDS.length] ?? ""} notes ${seed}`;
  return {
    path,
    meta: { title, aliases: seed % 3 === 0 ? [`alias${seed}`] : [], tags: [], links: [] },
    chunks: Array.from({ length: parts }, (_, i) => {
      const text = Array.from({ length: 12 + i }, (_, k) => WORDS[(seed * 7 + i * 3 + k * k) % WORDS.length]).join(" ");
      return {
        id: `${path}#${i}`,
        path,
        ordinal: i,
        headingPath: [title, `Part ${WORDS[(seed + i) % WORDS.length] ?? ""}`],
        text,
        startLine: i * 5,
        endLine: i * 5 + 4,
        tokens: 12 + i,
      };
    }),
  };
}

const QUERIES = ["garden", "tomato soil", "proj", "projection rain", "constructor", "__proto__", "tostring", "alias3", "part compost"];

function results(idx: ChunkIndex): unknown[] {
  return QUERIES.flatMap((q) => [
    idx.keywordSearch(q, { limit: 50 }),
    idx.keywordSearch(q, { limit: 50, prefixLast: true }),
  ]);
}

/** An index that went through edits, so internal ids are no longer in note order. */
function editedIndex(): { idx: ChunkIndex; notes: Map<string, ChunkedNote> } {
  const idx = new ChunkIndex(0);
  const notes = new Map<string, ChunkedNote>();
  const put = (n: ChunkedNote) => {
    idx.addNote(n);
    notes.set(n.path, n);
  };
  for (let i = 0; i < 30; i++) put(note(`n${i}.md`, i));
  for (let i = 0; i < 30; i += 4) put(note(`n${i}.md`, i + 100, 2));
  for (let i = 1; i < 30; i += 9) {
    idx.removeNote(`n${i}.md`);
    notes.delete(`n${i}.md`);
  }
  return { idx, notes };
}

function saveAndRestore(idx: ChunkIndex, notes: Map<string, ChunkedNote>, mangle?: (b: Uint8Array) => Uint8Array) {
  // Saved in another order than the index holds them, as the sync layer does.
  const saved: SavedNote[] = [...notes.values()].reverse().map((n) => ({ note: n, vectors: [] }));
  const keywords = drain(idx.exportKeywordSteps(saved.flatMap((s) => s.note.chunks.map((c) => c.id))));
  expect(keywords).toBeDefined();
  const restored = new ChunkIndex(0);
  const used = drain(restored.restoreSteps(saved, keywords && mangle ? mangle(keywords) : keywords, 7));
  return { restored, used };
}

function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

describe("ChunkIndex save and restore of keyword postings", () => {
  it("restores an index that searches exactly like the original, before and after further edits", () => {
    const { idx, notes } = editedIndex();
    const { restored, used } = saveAndRestore(idx, notes);
    expect(used).toBe(true);
    expect(restored.size).toBe(idx.size);
    expect(results(restored)).toEqual(results(idx));
    for (const target of [idx, restored]) {
      target.removeNote("n4.md");
      target.addNote(note("n5.md", 555, 4));
      target.addNote(note("new.md", 77));
    }
    expect(results(restored)).toEqual(results(idx));
  });

  it("restores with each chunk's internal id as inserting it gave, never looked up again by chunk id", () => {
    const { idx, notes } = editedIndex();
    let lookups: MockInstance | undefined;
    // Counted from the first step of the restore on (the export before it looks ids up, as it must).
    const { restored, used } = saveAndRestore(idx, notes, (keywords) => {
      lookups = vi.spyOn(ChunkDb.prototype, "internalIdOf");
      return keywords;
    });
    expect(used).toBe(true);
    expect(lookups).not.toHaveBeenCalled();
    lookups?.mockRestore();
    expect(results(restored)).toEqual(results(idx));
  });

  it("restores without reading a chunk's text, which it reads when the chunk is removed, leaving no trace", () => {
    const { idx, notes } = editedIndex();
    let reads = 0;
    // Each chunk's text counts its reads: restoring from saved postings has no need of the texts.
    const counted = [...notes.values()].map((n) => ({
      ...n,
      chunks: n.chunks.map((c) => {
        const copy = { ...c };
        Object.defineProperty(copy, "text", { get: () => (reads++, c.text), enumerable: true });
        return copy;
      }),
    }));
    const keywords = drain(idx.exportKeywordSteps(counted.flatMap((n) => n.chunks.map((c) => c.id))));
    const restored = new ChunkIndex(0);
    reads = 0;
    expect(drain(restored.restoreSteps(counted.map((n) => ({ note: n, vectors: [] })), keywords, 7))).toBe(true);
    expect(reads).toBe(0);
    expect(results(restored)).toEqual(results(idx));
    for (const path of [...notes.keys()]) {
      restored.removeNote(path);
      idx.removeNote(path);
      expect(results(restored)).toEqual(results(idx));
    }
    expect(reads).toBeGreaterThan(0);
    expect(results(restored).every((r) => Array.isArray(r) && r.length === 0)).toBe(true);
  });

  it("finds words that are names of object properties", () => {
    const { idx } = editedIndex();
    for (const q of ["constructor", "__proto__", "tostring"]) expect(idx.keywordSearch(q, { limit: 5 }).length).toBeGreaterThan(0);
  });

  it("analyses the texts again, with the same results, when the saved postings are damaged", () => {
    const { idx, notes } = editedIndex();
    const damaged = [(b: Uint8Array) => b.subarray(0, b.length - 3), (b: Uint8Array) => Uint8Array.from([9, ...b])];
    for (const mangle of damaged) {
      const { restored, used } = saveAndRestore(idx, notes, mangle);
      expect(used).toBe(false);
      expect(results(restored)).toEqual(results(idx));
    }
  });

  it("reuses the last export while the texts are unchanged, and encodes again after an edit", () => {
    const { idx, notes } = editedIndex();
    const ids = () => [...notes.values()].flatMap((n) => n.chunks.map((c) => c.id));
    const first = drain(idx.exportKeywordSteps(ids()));
    idx.setVector("n0.md#0", new Float32Array(0));
    expect(drain(idx.exportKeywordSteps(ids()))).toBe(first);
    const edited = note("n2.md", 999, 2);
    idx.addNote(edited);
    notes.set(edited.path, edited);
    const second = drain(idx.exportKeywordSteps(ids()));
    expect(second).not.toBe(first);
    const restored = new ChunkIndex(0);
    const saved = [...notes.values()].map((n) => ({ note: n, vectors: [] }));
    expect(drain(restored.restoreSteps(saved, second))).toBe(true);
    expect(results(restored)).toEqual(results(idx));
  });

  it("exports nothing when the chunk list doesn't match the index", () => {
    const { idx, notes } = editedIndex();
    const ids = [...notes.values()].flatMap((n) => n.chunks.map((c) => c.id));
    expect(drain(idx.exportKeywordSteps(ids.slice(1)))).toBeUndefined();
    expect(drain(idx.exportKeywordSteps([...ids.slice(1), "missing#0"]))).toBeUndefined();
  });
});

describe("ChunkIndex restore of per-language postings", () => {
  const german = (path: string): ChunkedNote => ({
    path,
    meta: { title: "Gärten", aliases: [], tags: [], links: [] },
    chunks: [
      {
        id: `${path}#0`,
        path,
        ordinal: 0,
        headingPath: ["Gärten"],
        text: "Die Gärten sind im Sommer grün, und wir pflanzen dort die Tomaten mit den Kindern.",
        startLine: 0,
        endLine: 3,
        tokens: 16,
      },
    ],
  });

  it("keeps each chunk's language, so a restored German note searches alike and is removed without a trace", () => {
    const idx = new ChunkIndex(0);
    const notes = new Map<string, ChunkedNote>([["de.md", german("de.md")], ["n1.md", note("n1.md", 1)]]);
    for (const n of notes.values()) idx.addNote(n);
    const { restored, used } = saveAndRestore(idx, notes);
    expect(used).toBe(true);
    expect(restored.languages().map((l) => l.code).sort()).toEqual(["de", "en"]);
    for (const q of ["Garten", "Tomate pflanzt", "Gärtn"]) {
      expect(restored.keywordSearch(q, { limit: 5 })).toEqual(idx.keywordSearch(q, { limit: 5 }));
      expect(restored.keywordSearch(q, { limit: 5 })[0]?.id).toBe("de.md#0");
    }
    restored.removeNote("de.md");
    expect(restored.keywordSearch("Garten Tomate", { limit: 5, maxEdits: 0 })).toEqual([]);
    expect(restored.languages().map((l) => l.code)).toEqual(["en"]);
  });

  it("analyses the texts again, in their languages, when the saved postings are of another layout", () => {
    const idx = new ChunkIndex(0);
    const notes = new Map<string, ChunkedNote>([["de.md", german("de.md")]]);
    idx.addNote(german("de.md"));
    const { restored, used } = saveAndRestore(idx, notes, (b) => Uint8Array.from([1, ...b.subarray(1)]));
    expect(used).toBe(false);
    expect(restored.keywordSearch("Garten", { limit: 5 })[0]?.id).toBe("de.md#0");
    restored.removeNote("de.md");
    expect(restored.keywordSearch("Garten", { limit: 5 })).toEqual([]);
  });
});
