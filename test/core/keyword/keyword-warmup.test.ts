import { describe, expect, it } from "vitest";
import { warmKeywordSteps } from "../../../src/core/keyword/keyword-warmup";
import { mergeSorted, VocabularyUnion } from "../../../src/core/keyword/vocabulary-union";
import { runAll } from "../../../src/core/shared/slices";

/** Sorted made-up vocabularies of three fields, overlapping as text, title and heading words do. */
function fields(n: number): string[][] {
  const word = (i: number): string => `w${((i * 7919) % 100_003).toString(36)}`;
  const text = Array.from({ length: n }, (_, i) => word(i));
  return [[...new Set(text)].sort(), [...new Set(text.filter((_, i) => i % 3 === 0))].sort(), [...new Set(text.filter((_, i) => i % 5 === 0).map((w) => `${w}h`))].sort()];
}

const texts = ["The garden plan for spring.", "Gebackene Brote aus dem Ofen.", "Карьяльские пирожки", ""];

describe("VocabularyUnion.ofSteps", () => {
  it("makes in slices the union `of` makes at once, and keeps it for `of`", () => {
    const parts = fields(50_000);
    const union = new VocabularyUnion();
    const steps = union.ofSteps(parts, 1_000);
    let slices = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) slices++;
    expect(slices).toBeGreaterThan(10);
    expect(step.value).toEqual(mergeSorted(parts));
    // Kept: the first corrected word reads this array, and merges nothing.
    expect(union.of(parts)).toBe(step.value);
  });

  it("leaves the union in place until the last slice, so a search meanwhile reads a whole one", () => {
    const old = fields(2_000);
    const union = new VocabularyUnion();
    const before = union.of(old);
    const parts = fields(30_000);
    const steps = union.ofSteps(parts, 1_000);
    steps.next();
    steps.next();
    expect(union.of(old)).toBe(before);
    runAll(steps);
    expect(union.of(parts)).toEqual(mergeSorted(parts));
  });
});

describe("warmKeywordSteps", () => {
  it("builds the searched fields' union in slices, then walks and checks texts, changing nothing else", () => {
    const parts = fields(60_000);
    const copies = parts.map((p) => [...p]);
    const union = new VocabularyUnion();
    const steps = warmKeywordSteps({ vocabularies: () => parts, union, ids: ["a", "b", "c", "d"], text: (id) => texts["abcd".indexOf(id)] ?? "" });
    let slices = 0;
    while (!steps.next().done) slices++;
    expect(slices).toBeGreaterThan(12);
    const made = union.of(parts);
    expect(made).toEqual(mergeSorted(parts));
    expect(union.of(parts)).toBe(made);
    expect(parts).toEqual(copies);
  });

  it("stops at the next slice once told to, and does nothing for an empty index", () => {
    let asked = 0;
    const union = new VocabularyUnion();
    const parts = fields(5_000);
    let slices = 0;
    const steps = warmKeywordSteps({ vocabularies: () => parts, union, ids: ["a"], text: () => { asked++; return "x"; } }, () => slices >= 3);
    while (!steps.next().done) slices++;
    expect(slices).toBe(3);
    expect(asked).toBe(0);
    expect(runAll(warmKeywordSteps({ vocabularies: () => [[], []], union: new VocabularyUnion(), ids: [], text: () => "" }))).toBeUndefined();
  });
});
