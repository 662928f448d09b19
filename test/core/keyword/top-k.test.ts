import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topK } from "../../../src/core/keyword/top-k";

describe("topK", () => {
  it("equals the first k of a full sort", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 })), fc.integer({ min: 0, max: 30 }), (xs, k) => {
        const better = (a: number, b: number) => a > b;
        expect(topK(xs, k, better)).toEqual([...xs].sort((a, b) => b - a).slice(0, k));
      }),
    );
  });
});
