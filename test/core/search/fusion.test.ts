import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuseRrf, maxFusedScore, type FusedHit, type RankedList } from "../../../src/core/search/fusion";
import type { ListName } from "../../../src/core/types";

const NAMES: readonly ListName[] = ["bm25", "vector", "hyde"];
const POOL = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];

// A few fixed weights make ties between lists (and between scores) likely; the doubles cover the rest.
const weightArb = fc.oneof(fc.constantFrom(0, 0.5, 1, 2, -1), fc.double({ min: 0, max: 4, noNaN: true }));
const kArb = fc.oneof(fc.constantFrom(1, 60), fc.double({ min: 0.01, max: 500, noNaN: true }));
const idsArb = fc.array(fc.constantFrom(...POOL), { maxLength: 14 });
const listArb: fc.Arbitrary<RankedList> = fc.record({ name: fc.constantFrom(...NAMES), weight: weightArb, ids: idsArb });
const listsArb = fc.array(listArb, { maxLength: 5 });

/** Lists as the engine builds them: one per name, no repeated ids. */
const distinctListsArb = fc
  .shuffledSubarray([...NAMES], { minLength: 1 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc.record({
          name: fc.constant(name),
          weight: weightArb,
          ids: fc.uniqueArray(fc.constantFrom(...POOL), { maxLength: POOL.length }),
        }),
      ),
    ),
  );

/** The formula, computed with none of the implementation's code. */
function expectedScores(lists: readonly RankedList[], k: number): Map<string, number> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    if (!(list.weight > 0)) continue;
    const unique = list.ids.filter((id, i) => list.ids.indexOf(id) === i);
    unique.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + list.weight / (k + i + 1)));
  }
  return scores;
}

const bestRank = (hit: FusedHit): number => Math.min(...Object.values(hit.ranks));

describe("fuseRrf", () => {
  it("scores equal Σ w / (k + rank) over the lists holding the id, and nothing else appears", () => {
    fc.assert(
      fc.property(listsArb, kArb, (lists, k) => {
        const fused = fuseRrf(lists, k);
        const expected = expectedScores(lists, k);
        expect(new Set(fused.map((h) => h.id))).toEqual(new Set(expected.keys()));
        for (const hit of fused) {
          const want = expected.get(hit.id) ?? Number.NaN;
          expect(Math.abs(hit.score - want)).toBeLessThanOrEqual(1e-12 * Math.max(1, want));
        }
      }),
    );
  });

  it("reports the 1-based rank of each id in each contributing list, counting first occurrences only", () => {
    fc.assert(
      fc.property(listsArb, kArb, (lists, k) => {
        for (const hit of fuseRrf(lists, k)) {
          const want: Partial<Record<ListName, number>> = {};
          for (const list of lists) {
            if (!(list.weight > 0)) continue;
            const rank = list.ids.filter((id, i) => list.ids.indexOf(id) === i).indexOf(hit.id) + 1;
            if (rank > 0) want[list.name] = Math.min(rank, want[list.name] ?? Infinity);
          }
          expect(hit.ranks).toEqual(want);
        }
      }),
    );
  });

  it("sorts by score, then best single rank, then id", () => {
    fc.assert(
      fc.property(listsArb, kArb, (lists, k) => {
        const fused = fuseRrf(lists, k);
        for (let i = 1; i < fused.length; i++) {
          const [prev, cur] = [fused[i - 1], fused[i]];
          if (prev === undefined || cur === undefined) throw new Error("unreachable");
          expect(prev.score).toBeGreaterThanOrEqual(cur.score);
          if (prev.score === cur.score) {
            expect(bestRank(prev)).toBeLessThanOrEqual(bestRank(cur));
            if (bestRank(prev) === bestRank(cur)) expect(prev.id < cur.id).toBe(true);
          }
        }
      }),
    );
  });

  it("does not change at all when a list of weight 0 is added anywhere", () => {
    fc.assert(
      fc.property(listsArb, kArb, listArb, fc.nat(), (lists, k, extra, at) => {
        const withZero = [...lists];
        withZero.splice(at % (lists.length + 1), 0, { ...extra, weight: 0 });
        expect(fuseRrf(withZero, k)).toEqual(fuseRrf(lists, k));
      }),
    );
  });

  it("gives the same output, bit for bit, whatever the order of the lists", () => {
    const arb = listsArb.chain((lists) =>
      fc.tuple(fc.constant(lists), fc.shuffledSubarray(lists, { minLength: lists.length, maxLength: lists.length })),
    );
    fc.assert(
      fc.property(arb, kArb, ([lists, shuffled], k) => {
        expect(fuseRrf(shuffled, k)).toEqual(fuseRrf(lists, k));
      }),
    );
  });

  it("sums in a fixed order, so even rounding does not depend on the order of equal-weight lists", () => {
    // With k = 60, (1/61 + 1/61) + 1/62 and (1/61 + 1/62) + 1/61 differ in the last bit.
    const bm25: RankedList = { name: "bm25", weight: 1, ids: ["x"] };
    const vector: RankedList = { name: "vector", weight: 1, ids: ["x"] };
    const hyde: RankedList = { name: "hyde", weight: 1, ids: ["y", "x"] };
    expect(fuseRrf([bm25, hyde, vector], 60)).toEqual(fuseRrf([bm25, vector, hyde], 60));
  });

  it("keeps a single list's order, without its repeats", () => {
    fc.assert(
      fc.property(listArb, kArb, (list, k) => {
        const fused = fuseRrf([{ ...list, weight: Math.abs(list.weight) + 0.1 }], k);
        const unique = list.ids.filter((id, i) => list.ids.indexOf(id) === i);
        expect(fused.map((h) => h.id)).toEqual(unique);
        expect(fused.map((h) => h.ranks[list.name])).toEqual(unique.map((_, i) => i + 1));
      }),
    );
  });

  it("fuses one list alone exactly as the general case fuses it beside a list of other ids", () => {
    fc.assert(
      fc.property(idsArb, weightArb, kArb, (ids, weight, k) => {
        const list: RankedList = { name: "bm25", weight: Math.abs(weight) + 0.1, ids };
        const other: RankedList = { name: "vector", weight: 1, ids: ["not-in-pool"] };
        const beside = fuseRrf([list, other], k).filter((h) => h.id !== "not-in-pool");
        expect(fuseRrf([list], k)).toEqual(beside);
      }),
    );
  });

  it("is monotone: moving an id up in one list never lowers its score nor lets an unaffected id overtake it", () => {
    const arb = distinctListsArb.chain((lists) =>
      fc.tuple(fc.constant(lists), fc.nat(lists.length - 1), fc.nat(), fc.nat()),
    );
    fc.assert(
      fc.property(arb, kArb, ([lists, which, from, to], k) => {
        const list = lists[which];
        if (list === undefined || list.ids.length < 2) return;
        const src = 1 + (from % (list.ids.length - 1));
        const dst = to % src;
        const moved = list.ids[src] ?? "";
        const ids = [...list.ids];
        ids.splice(src, 1);
        ids.splice(dst, 0, moved);
        const shifted = new Set(list.ids.slice(dst, src));
        const after = lists.map((l, i) => (i === which ? { ...l, ids } : l));

        const before = fuseRrf(lists, k);
        const now = fuseRrf(after, k);
        const pos = (hits: FusedHit[], id: string): number => hits.findIndex((h) => h.id === id);
        const scoreOf = (hits: FusedHit[], id: string): number => hits[pos(hits, id)]?.score ?? 0;
        expect(scoreOf(now, moved)).toBeGreaterThanOrEqual(scoreOf(before, moved));
        for (const hit of before) {
          if (hit.id === moved || shifted.has(hit.id)) continue;
          expect(scoreOf(now, hit.id)).toBe(hit.score);
          if (pos(before, moved) >= 0 && pos(before, moved) < pos(before, hit.id)) {
            expect(pos(now, moved)).toBeLessThan(pos(now, hit.id));
          }
        }
      }),
    );
  });

  it("breaks equal scores by best rank, then by id", () => {
    const fused = fuseRrf(
      [
        { name: "bm25", weight: 2, ids: ["p", "q", "a"] },
        { name: "vector", weight: 1, ids: ["z"] },
        { name: "hyde", weight: 2, ids: ["c"] },
      ],
      1,
    );
    // c and p score 2/2 at rank 1 (id decides); z (1/2 at rank 1) and a (2/4 at rank 3) tie on score.
    expect(fused.map((h) => h.id)).toEqual(["c", "p", "q", "z", "a"]);
    expect(fused.map((h) => h.score)).toEqual([1, 1, 2 / 3, 0.5, 0.5]);
    expect(fused[4]).toEqual({ id: "a", score: 0.5, ranks: { bm25: 3 } });
  });

  it("adds up every list holding an id", () => {
    const [first] = fuseRrf(
      [
        { name: "bm25", weight: 0.4, ids: ["x", "y"] },
        { name: "vector", weight: 0.6, ids: ["y", "x"] },
      ],
      60,
    );
    expect(first?.id).toBe("y");
    expect(first?.score).toBeCloseTo(0.4 / 62 + 0.6 / 61, 15);
    expect(first?.ranks).toEqual({ bm25: 2, vector: 1 });
  });

  it("lets a zero or negative weight switch a list off instead of falling back to a default", () => {
    const fused = fuseRrf(
      [
        { name: "bm25", weight: 0, ids: ["x"] },
        { name: "vector", weight: -2, ids: ["y"] },
        { name: "hyde", weight: Number.NaN, ids: ["z"] },
      ],
      60,
    );
    expect(fused).toEqual([]);
  });

  it("rejects a k that is not a finite number above 0", () => {
    for (const k of [0, -1, Number.NaN, Infinity]) {
      expect(() => fuseRrf([], k)).toThrow(RangeError);
      expect(() => maxFusedScore([], k)).toThrow(RangeError);
    }
  });
});

describe("maxFusedScore", () => {
  it("is the score of an id ranked first everywhere", () => {
    expect(maxFusedScore([{ weight: 0.7 }, { weight: 0.3 }, { weight: 0 }], 60)).toBe(0.7 / 61 + 0.3 / 61);
    expect(maxFusedScore([], 60)).toBe(0);
  });

  it("adds the weights in the order fuseRrf does, so the top score equals it to the last bit", () => {
    // 0.1/61 + 0.2/61 + 0.7/61 rounds differently from 0.7/61 + 0.2/61 + 0.1/61.
    const lists: RankedList[] = [
      { name: "bm25", weight: 0.1, ids: ["t"] },
      { name: "vector", weight: 0.2, ids: ["t"] },
      { name: "hyde", weight: 0.7, ids: ["t"] },
    ];
    expect(fuseRrf(lists, 60)[0]?.score).toBe(maxFusedScore(lists, 60));
  });

  it("bounds every fused score, exactly even after rounding", () => {
    fc.assert(
      fc.property(listsArb, kArb, (lists, k) => {
        const max = maxFusedScore(lists, k);
        for (const hit of fuseRrf(lists, k)) expect(hit.score).toBeLessThanOrEqual(max);
        const top = fuseRrf(
          lists.map((l) => ({ ...l, ids: ["top", ...l.ids] })),
          k,
        );
        if (top.length > 0) expect(top[0]?.score).toBe(max);
      }),
    );
  });
});
