import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HitTable } from "../../../src/core/keyword/hit-table";
import { accumulatorsFor } from "../../../src/core/keyword/score-accumulator";

/** Hits with few distinct scores, so ties on score and chunk score are common. */
const hitsArb = fc.array(fc.record({ score: fc.integer({ min: 1, max: 4 }), chunk: fc.integer({ min: 1, max: 3 }), note: fc.integer({ min: 0, max: 5 }) }), {
  maxLength: 60,
});

function tableOf(hits: { score: number; chunk: number }[]): { table: HitTable; external: string[] } {
  // Chunk ids not in internal-id order, so the last tie-breaker is the id's text.
  const external = hits.map((_, i) => `c${(i * 7919) % 1000}-${i}`);
  const ids = Int32Array.from(hits.map((_, i) => i + 1));
  const table = new HitTable(ids, Float64Array.from(hits.map((h) => h.score)), Float64Array.from(hits.map((h) => h.chunk)), external);
  return { table, external };
}

/** The list a plain sort gives: score, then chunk score, descending, then chunk id ascending. */
function sorted(hits: { score: number; chunk: number }[], external: string[], keep: (i: number) => boolean): number[] {
  return hits
    .map((h, i) => ({ ...h, i }))
    .filter((h) => keep(h.i))
    .sort((a, b) => b.score - a.score || b.chunk - a.chunk || ((external[a.i] ?? "") < (external[b.i] ?? "") ? -1 : 1))
    .map((h) => h.i);
}

describe("HitTable", () => {
  it("reads the k best hits as a full sort would", () => {
    fc.assert(
      fc.property(hitsArb, fc.integer({ min: 0, max: 70 }), (hits, k) => {
        const { table, external } = tableOf(hits);
        expect(table.top(k)).toEqual(sorted(hits, external, () => true).slice(0, k));
      }),
    );
  });

  it("keeps each note's best hits only, as capping a sorted list would", () => {
    fc.assert(
      fc.property(hitsArb, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 70 }), (hits, perNote, k) => {
        const { table, external } = tableOf(hits);
        const noteOf = (id: number) => hits[id - 1]?.note ?? -1;
        const listed = new Map<number, number>();
        const capped = sorted(hits, external, () => true).filter((i) => {
          const n = hits[i]?.note ?? 0;
          listed.set(n, (listed.get(n) ?? 0) + 1);
          return (listed.get(n) ?? 0) <= perNote;
        });
        expect(table.top(k, table.capPerNote(noteOf, 6, perNote))).toEqual(capped.slice(0, k));
      }),
    );
  });

  it("lists the same best hits when it reads only the candidates of the best notes", () => {
    const notesArb = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(hitsArb, notesArb, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 20 }), (hits, noteScores, perNote, k) => {
        const noteOf = (id: number) => hits[id - 1]?.note ?? -1;
        const whole = tableOf(hits).table;
        const pruned = tableOf(hits).table;
        for (const t of [whole, pruned]) t.scoreNotes(noteOf, Float64Array.from(noteScores), 0.5);
        const candidates = pruned.candidates(k);
        expect(pruned.top(k, pruned.capPerNote(noteOf, 6, perNote, candidates))).toEqual(whole.top(k, whole.capPerNote(noteOf, 6, perNote)));
        expect(pruned.top(k, candidates)).toEqual(whole.top(k));
      }),
      { numRuns: 500 },
    );
  });

  it("gives the candidates of a depth asked for again without finding them again, and finds them anew for new scores", () => {
    const hits = Array.from({ length: 12 }, (_, i) => ({ score: 0, chunk: 1 + (i % 4), note: i % 6 }));
    const noteOf = (id: number) => hits[id - 1]?.note ?? -1;
    const { table } = tableOf(hits);
    table.scoreNotes(noteOf, Float64Array.from([6, 5, 4, 3, 2, 1]), 0.5);
    const first = table.candidates(2);
    expect([...(first ?? [])]).toEqual([0, 1, 6, 7]);
    expect(table.candidates(2)).toBe(first);
    expect([...(table.candidates(1) ?? [])]).toEqual([0, 6]);
    // New note scores put notes 4 and 5 first: the depth asked for before now holds their hits.
    table.scoreNotes(noteOf, Float64Array.from([1, 2, 3, 4, 6, 5]), 0.5);
    expect([...(table.candidates(2) ?? [])]).toEqual([4, 5, 10, 11]);
  });

  it("scores each hit by its note's score plus the weighted best chunk of that note", () => {
    const { table } = tableOf([
      { score: 0, chunk: 2 },
      { score: 0, chunk: 5 },
      { score: 0, chunk: 1 },
    ]);
    table.scoreNotes((id) => (id === 3 ? -1 : 0), Float64Array.from([10]), 0.5);
    expect([...table.score]).toEqual([12.5, 12.5, 1]);
  });
});

describe("accumulatorsFor", () => {
  it("hands out cleared arrays even when a pass stopped before draining them", () => {
    const [a] = accumulatorsFor(10, 1);
    a?.add(3, 1.5);
    const [again] = accumulatorsFor(10, 1);
    expect(again).toBe(a);
    const seen: number[] = [];
    again?.drain((id) => seen.push(id));
    expect(seen).toEqual([]);
    const [bigger] = accumulatorsFor(1000, 1);
    bigger?.add(999, 1);
    expect(bigger?.drainToArrays().ids).toEqual(Int32Array.from([999]));
  });
});
