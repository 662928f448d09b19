import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LazyOrder } from "../../../src/core/vectors/lazy-order";

/** Scores with many exact ties, broken by a unique key, as the vector lists order their hits. */
function orderOf(scores: readonly number[], keys: readonly number[]): (a: number, b: number) => boolean {
  return (a, b) => scores[a]! > scores[b]! || (scores[a] === scores[b] && keys[a]! < keys[b]!);
}

describe("LazyOrder", () => {
  it("gives every prefix a full sort gives, read in any sequence of depths (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 300 }),
        fc.array(fc.integer({ min: -2, max: 320 }), { minLength: 1, maxLength: 6 }),
        (raw, depths) => {
          const scores = raw.map((x) => x / 3);
          // Keys unique but not in item order, so ties are not broken by position by accident.
          const keys = scores.map((_, i) => (i * 7919) % 100_003);
          const better = orderOf(scores, keys);
          const sorted = Array.from(scores.keys()).sort((a, b) => (better(a, b) ? -1 : 1));
          const lazy = new LazyOrder(scores.length, better);
          for (const d of depths) expect(lazy.first(d)).toEqual(sorted.slice(0, Math.max(0, d)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("orders only as deep as it is read: the first 40 of 20,000 take a few comparisons per item", () => {
    const n = 20_000;
    const scores = Array.from({ length: n }, (_, i) => ((i * 2654435761) % 1000) / 1000);
    const keys = Array.from({ length: n }, (_, i) => i);
    let compared = 0;
    const order = orderOf(scores, keys);
    const lazy = new LazyOrder(n, (a, b) => (compared++, order(a, b)));
    lazy.first(10);
    lazy.first(40);
    // A full sort needs about n·log2(n) ≈ 286,000 comparisons; building the heap is linear.
    expect(compared).toBeLessThan(3 * n);
    expect(lazy.first(0)).toEqual([]);
    expect(new LazyOrder(0, order).first(5)).toEqual([]);
  });
});
