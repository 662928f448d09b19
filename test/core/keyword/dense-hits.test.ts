import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topHits, type ScoredHits } from "../../../src/core/keyword/bm25-search";
import { denseHits, type CountedClause } from "../../../src/core/keyword/dense-hits";
import { HitTable } from "../../../src/core/keyword/hit-table";
import { NoteTable } from "../../../src/core/keyword/note-table";
import { Accumulator } from "../../../src/core/keyword/score-accumulator";

/**
 * A random small index's clauses: chunk i+1 in note `notes[i]` (−1: in none), each clause scoring some chunks with
 * scores from a few values (so sums, note totals and chunk scores often tie), and a note score per note.
 */
const caseArb = fc.record({
  notes: fc.array(fc.integer({ min: -1, max: 7 }), { minLength: 1, maxLength: 40 }),
  clauses: fc.array(
    fc.record({ picks: fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 40 }), count: fc.integer({ min: 1, max: 2 }) }),
    { minLength: 1, maxLength: 4 },
  ),
  noteScores: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
  passageWeight: fc.constantFrom(0, 0.5, 1),
  depth: fc.integer({ min: 1, max: 45 }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function build(c: Case) {
  const size = c.notes.length + 1;
  // Chunk ids not in internal-id order, so the last tie-breaker is the id's text.
  const external = c.notes.map((_, i) => `c${(i * 7919) % 1000}-${i}`);
  const table = new NoteTable([], new Set());
  c.notes.forEach((n, i) => {
    if (n >= 0) table.add(i + 1, `note-${n}`, () => 0);
  });
  // Ordinals follow first appearance: a note's score is read by ordinal, as `NotePass.finish` gives it.
  const noteScores = new Float64Array(Math.max(8, table.capacity + 1));
  c.notes.forEach((n, i) => {
    const o = table.noteOf(i + 1);
    if (o >= 0) noteScores[o] = (c.noteScores[n] ?? 0) * 0.75;
  });
  const clauses: CountedClause[] = c.clauses.map(({ picks, count }) => {
    const ids: number[] = [];
    const scores: number[] = [];
    picks.forEach((p, i) => {
      if (p === 0 || i >= c.notes.length) return;
      ids.push(i + 1);
      scores.push(p * 0.25);
    });
    return { scores: { chunkIds: Int32Array.from(ids), chunkScores: Float64Array.from(scores), noteIds: new Int32Array(0), noteScores: new Float64Array(0) }, count };
  });
  return { size, external, table, noteScores, clauses };
}

/** What `scoreHits` built before: clauses added in a sparse accumulator, the table's notes scored hit by hit. */
function sparse(b: ReturnType<typeof build>, passageWeight: number): ScoredHits {
  const sums = new Accumulator(b.size);
  for (const { scores, count } of b.clauses) {
    for (let k = 0; k < scores.chunkIds.length; k++) sums.add(scores.chunkIds[k] ?? 0, (scores.chunkScores[k] ?? 0) * count);
  }
  const { ids, values } = sums.drainToArrays();
  const table = new HitTable(ids, new Float64Array(ids.length), values, b.external);
  const noteOf = (id: number) => b.table.noteOf(id);
  table.scoreNotes(noteOf, b.noteScores, passageWeight);
  return { table, notes: { noteOf, size: b.noteScores.length } };
}

describe("denseHits", () => {
  it("reads, at any depth up to the one it was made for, capped per note or not, what the whole sparse table reads", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 3 }), (c, perNote) => {
        const b = build(c);
        const whole = sparse(b, c.passageWeight);
        const noteOf = (id: number) => b.table.noteOf(id);
        const dense: ScoredHits = {
          table: denseHits(b.clauses, b.size, b.table, b.noteScores, c.passageWeight, b.external, c.depth),
          notes: { noteOf, size: b.noteScores.length },
        };
        for (let k = 1; k <= c.depth; k++) {
          expect(topHits(dense, k)).toEqual(topHits(whole, k));
          expect(topHits(dense, k, perNote)).toEqual(topHits(whole, k, perNote));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("holds every hit, with the sparse table's scores, when no depth is given", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const b = build(c);
        const whole = sparse(b, c.passageWeight).table;
        const dense = denseHits(b.clauses, b.size, b.table, b.noteScores, c.passageWeight, b.external);
        const rows = (t: HitTable) => Array.from(t.ids, (id, i) => [id, t.score[i], t.chunk[i]]).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
        expect(rows(dense)).toEqual(rows(whole));
      }),
      { numRuns: 300 },
    );
  });

  it("leaves out the hits of notes that cannot reach the depth", () => {
    // Notes 0..9, one chunk each, chunk scores 1..10: at depth 3 only the three best notes' chunks can be read.
    const notes = Array.from({ length: 10 }, (_, i) => i);
    const table = new NoteTable([], new Set());
    notes.forEach((n) => table.add(n + 1, `n${n}`, () => 0));
    const clause = { scores: { chunkIds: Int32Array.from(notes, (n) => n + 1), chunkScores: Float64Array.from(notes, (n) => n + 1), noteIds: new Int32Array(0), noteScores: new Float64Array(0) }, count: 1 };
    const dense = denseHits([clause], 11, table, new Float64Array(10), 1, notes.map((n) => `c${n}`), 3);
    expect([...dense.ids].sort((a, b) => a - b)).toEqual([8, 9, 10]);
  });

  it("lists a chunk once when its sum comes back to zero and leaves it again, and one that ends at zero not at all", () => {
    const table = new NoteTable([], new Set());
    [1, 2, 3].forEach((id) => table.add(id, `n${id}`, () => 0));
    const clause = (ids: number[], scores: number[]): CountedClause => ({
      scores: { chunkIds: Int32Array.from(ids), chunkScores: Float64Array.from(scores), noteIds: new Int32Array(0), noteScores: new Float64Array(0) },
      count: 1,
    });
    // Chunk 1: +1, −1, +2 (listed twice on the way); chunk 2: +1, −1 (no hit); chunk 3: +0.5.
    const clauses = [clause([1, 2], [1, 1]), clause([1, 2], [-1, -1]), clause([1, 3], [2, 0.5])];
    const external = ["c1", "c2", "c3"];
    const dense = denseHits(clauses, 4, table, new Float64Array(3), 1, external);
    const rows = Array.from(dense.ids, (id, i) => [id, dense.chunk[i]]).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
    expect(rows).toEqual([
      [1, 2],
      [3, 0.5],
    ]);
    // Every sum went back to zero: a call after it sees only its own clauses.
    const next = denseHits([clause([2], [3])], 4, table, new Float64Array(3), 1, external);
    expect(Array.from(next.ids, (id, i) => [id, next.chunk[i]])).toEqual([[2, 3]]);
  });
});
