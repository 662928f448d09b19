import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withinEdits, withinOneEditAt } from "../../../src/core/keyword/within-edits";

/** Optimal string alignment distance, the plain table way. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      let v = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
      row[j] = v;
    }
  }
  return (d[a.length] as number[])[b.length] ?? 0;
}

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
