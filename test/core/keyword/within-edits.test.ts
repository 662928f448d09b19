import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withinEdits, withinOneEditAt } from "../../../src/core/keyword/within-edits";
import { osa } from "./osa-distance";

describe("withinEdits", () => {
  it("agrees with the full distance table", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c"), maxLength: 7 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 2 }), (a, b, k) => {
        expect(withinEdits(a, b, k)).toBe(osa(a, b) <= k);
      }),
    );
  });
});

describe("withinOneEditAt", () => {
  it("judges a word inside a text as withinEdits judges it cut out", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c"), maxLength: 7 });
    fc.assert(
      fc.property(word, word, word, word, (before, inside, after, typed) => {
        const text = `${before}${inside}${after}`;
        const from = before.length;
        expect(withinOneEditAt(text, from, from + inside.length, typed)).toBe(withinEdits(inside, typed, 1));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads only the word's own letters", () => {
    expect(withinOneEditAt("xx sync yy", 3, 7, "sycn")).toBe(true);
    expect(withinOneEditAt("xx syn yy", 3, 6, "sync")).toBe(true);
    expect(withinOneEditAt("xx syncing", 3, 7, "syncs")).toBe(true);
    expect(withinOneEditAt("xx sync", 3, 7, "syncing")).toBe(false);
    expect(withinOneEditAt("sy", 0, 2, "sync")).toBe(false);
  });
});
