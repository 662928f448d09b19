import { describe, expect, it } from "vitest";
import { ChunkIndex, type SavedNote } from "../../../src/core/index/chunk-index";
import type { ChunkedNote } from "../../../src/core/types";

const WORDS = ["garden", "tomato", "soil", "project", "projection", "compost", "constructor", "__proto__", "хлеб", "雨の日", "rain"];

function note(path: string, seed: number, parts = 3): ChunkedNote {
  const title = `${WORDS[seed % WORDS.length] ?? ""} notes ${seed}`;
  return {
    path,
    meta: { title, aliases: seed % 3 === 0 ? [`alias${seed}`] : [], tags: [], links: [] },
    chunks: Array.from({ length: parts }, (_, i) => ({
      id: `${path}#${i}`,
      path,
      ordinal: i,
      headingPath: [title, `Part ${WORDS[(seed + i) % WORDS.length] ?? ""}`],
      text: Array.from({ length: 12 + i }, (_, k) => WORDS[(seed * 7 + i * 3 + k * k) % WORDS.length]).join(" "),
      startLine: i * 5,
      endLine: i * 5 + 4,
      tokens: 12 + i,
    })),
  };
}

const QUERIES = ["garden", "tomato soil", "proj", "projection rain", "constructor", "__proto__", "хлеб", "雨の", "alias3", "part compost"];

const results = (idx: ChunkIndex): unknown[] =>
  QUERIES.flatMap((q) => [idx.keywordSearch(q, { limit: 50 }), idx.keywordSearch(q, { limit: 50, prefixLast: true })]);

function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

describe("ChunkIndex postings by segment", () => {
  it("restores from per-segment postings (some segments without any, some rows dead) exactly like the original", () => {
    const idx = new ChunkIndex(0);
    const notes = new Map<string, ChunkedNote>();
    for (let i = 0; i < 30; i++) {
      const n = note(`n${i}.md`, i);
      idx.addNote(n);
      notes.set(n.path, n);
    }
    // Three segments: two with postings, one without; a note of the first is dead (a newer version is elsewhere).
    const paths = [...notes.keys()];
    const groups = [paths.slice(0, 12), paths.slice(12, 20), paths.slice(20)];
    const ids = groups.map((g) => g.flatMap((p) => notes.get(p)?.chunks.map((c) => c.id) ?? []));
    const parts = drain(idx.exportKeywordPartsSteps([ids[0] ?? [], ids[2] ?? []]));
    expect(parts).toHaveLength(2);
    const dead = "n3.md";
    const edited = note(dead, 303, 2);
    idx.addNote(edited);
    const order = [...groups[0] ?? [], ...groups[1] ?? [], ...groups[2] ?? []].filter((p) => p !== dead);
    const saved: SavedNote[] = [...order.map((p) => ({ note: notes.get(p) as ChunkedNote, vectors: [] })), { note: edited, vectors: [] }];
    const rowOf = new Map(saved.flatMap((s) => s.note.chunks).map((c, i) => [c.id, i]));
    const rows = (g: string[]) => Int32Array.from(g, (id) => (id.startsWith(`${dead}#`) ? -1 : (rowOf.get(id) ?? -1)));
    const restored = new ChunkIndex(0);
    const used = drain(
      restored.restoreSteps(
        saved,
        [
          { bytes: parts?.[0], rows: rows(ids[0] ?? []) },
          { bytes: undefined, rows: rows(ids[1] ?? []) },
          { bytes: parts?.[1], rows: rows(ids[2] ?? []) },
          { bytes: undefined, rows: Int32Array.from(edited.chunks, (c) => rowOf.get(c.id) ?? -1) },
        ],
        7,
      ),
    );
    expect(used).toBe(true);
    expect(restored.size).toBe(idx.size);
    expect(results(restored)).toEqual(results(idx));
    for (const target of [idx, restored]) {
      target.removeNote("n4.md");
      target.addNote(note("n25.md", 555, 4));
    }
    expect(results(restored)).toEqual(results(idx));
  });
});

describe("ChunkIndex restore from any number of segments", () => {
  /** A small seeded generator, so a failure names the case that found it. */
  const random = (seed: number): (() => number) => {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  };

  it("answers every query as the one-blob restore and the fresh build do, whatever the split and the dead rows", () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rand = random(seed);
      const idx = new ChunkIndex(0);
      const notes = new Map<string, ChunkedNote>();
      const count = 5 + Math.floor(rand() * 30);
      for (let i = 0; i < count; i++) {
        const n = note(`n${i}.md`, Math.floor(rand() * 1000), 1 + Math.floor(rand() * 4));
        idx.addNote(n);
        notes.set(n.path, n);
      }
      // The notes as a save splits them into segments; then some notes are edited, leaving dead rows behind.
      const paths = [...notes.keys()];
      const groups: string[][] = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => []);
      for (const p of paths) groups[Math.floor(rand() * groups.length)]?.push(p);
      const chunkIds = (g: readonly string[]) => g.flatMap((p) => notes.get(p)?.chunks.map((c) => c.id) ?? []);
      const parts = drain(idx.exportKeywordPartsSteps(groups.map(chunkIds)));
      expect(parts, `seed ${seed}`).toBeDefined();
      const dead = new Set(paths.filter(() => rand() < 0.2));
      const edited = [...dead].map((p) => note(p, 5000 + Math.floor(rand() * 1000), 1 + Math.floor(rand() * 3)));
      for (const n of edited) idx.addNote(n);
      const order = [...groups.flat().filter((p) => !dead.has(p)).map((p) => notes.get(p) as ChunkedNote), ...edited];
      const saved: SavedNote[] = order.map((n) => ({ note: n, vectors: [] }));
      const rowOf = new Map(saved.flatMap((s) => s.note.chunks).map((c, i) => [c.id, i]));
      const keywords = [
        ...groups.map((g, p) => ({
          bytes: parts?.[p],
          rows: Int32Array.from(chunkIds(g), (id) => (dead.has(id.slice(0, id.indexOf("#"))) ? -1 : (rowOf.get(id) ?? -1))),
        })),
        { bytes: undefined, rows: Int32Array.from(edited.flatMap((n) => n.chunks), (c) => rowOf.get(c.id) ?? -1) },
      ];
      const fromParts = new ChunkIndex(0);
      expect(drain(fromParts.restoreSteps(saved, keywords, 5)), `seed ${seed}`).toBe(true);
      const fromBlob = new ChunkIndex(0);
      const blob = drain(idx.exportKeywordSteps(saved.flatMap((s) => s.note.chunks.map((c) => c.id))));
      expect(drain(fromBlob.restoreSteps(saved, blob, 5)), `seed ${seed}`).toBe(true);
      const fresh = new ChunkIndex(0);
      for (const n of order) fresh.addNote(n);
      expect(results(fromParts), `seed ${seed}`).toEqual(results(fromBlob));
      expect(results(fromParts), `seed ${seed}`).toEqual(results(fresh));
      expect(results(fromParts), `seed ${seed}`).toEqual(results(idx));
    }
  });
});
