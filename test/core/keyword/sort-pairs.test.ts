import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sortPairs } from "../../../src/core/keyword/sort-pairs";

/** Distinct ids cut into `runs` ascending runs (a list restored from saved parts), or shuffled when `runs` is 0. */
const lists = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 0, max: 1 << 30 }), { maxLength: 300 }), fc.integer({ min: 0, max: 12 }), fc.integer())
  .map(([ids, runs, seed]) => {
    let r = seed >>> 0;
    const rand = (n: number): number => ((r = (r * 1103515245 + 12345) >>> 0) % Math.max(1, n));
    const parts: number[][] = Array.from({ length: Math.max(1, runs) }, () => []);
    for (const id of ids) parts[rand(parts.length)]!.push(id);
    const out = runs === 0 ? [...ids] : parts.flatMap((p) => p.sort((a, b) => a - b));
    if (runs === 0) for (let i = out.length - 1; i > 0; i--) { const j = rand(i + 1); [out[i], out[j]] = [out[j]!, out[i]!]; }
    return out;
  });

describe("sortPairs", () => {
  it("orders any list of distinct ids, carrying each count along, whatever its runs", () => {
    fc.assert(
      fc.property(lists, fc.integer({ min: 0, max: 3 }), (order, spare) => {
        // Capacity past the size, as a list's arrays have: entries past `size` are neither read nor needed.
        const ids = new Int32Array(order.length + spare);
        ids.set(order);
        const counts = Int32Array.from({ length: ids.length }, (_, i) => (order[i] ?? 0) % 97 + 1);
        const outIds = new Int32Array(ids.length);
        const outCounts = new Int32Array(ids.length);
        sortPairs(ids, counts, order.length, outIds, outCounts);
        const want = [...order].sort((a, b) => a - b);
        expect([...outIds.subarray(0, order.length)]).toEqual(want);
        expect([...outCounts.subarray(0, order.length)]).toEqual(want.map((id) => (id % 97) + 1));
      }),
      { numRuns: 500 },
    );
  });
});
