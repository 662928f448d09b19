import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzyTerms, fuzzyWalks, type FuzzyMatch } from "../../../src/core/keyword/fuzzy-terms";
import { osa } from "./osa-distance";

describe("fuzzyTerms", () => {
  it("finds swaps, drops, insertions and substitutions within the budget", () => {
    const vocab = ["canva", "canvas", "publish", "sink", "sync", "synced", "zebra"].sort();
    expect(fuzzyTerms(vocab, "sycn", 1)).toEqual([{ term: "sync", edits: 1 }]);
    expect(fuzzyTerms(vocab, "publsh", 1)).toEqual([{ term: "publish", edits: 1 }]);
    expect(fuzzyTerms(vocab, "canvs", 1).map((m) => m.term)).toEqual(["canva", "canvas"]);
    expect(fuzzyTerms(vocab, "zzzzzz", 2)).toEqual([]);
    expect(fuzzyTerms(vocab, "sync", 0)).toEqual([]);
  });

  it("never returns marker terms", () => {
    expect(fuzzyTerms(["\u0000de", "de"].sort(), "dex", 1)).toEqual([{ term: "de", edits: 1 }]);
  });

  it("returns exactly the terms a full distance table accepts", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), word, fc.integer({ min: 1, max: 2 }), (vocab, w, k) => {
        const sorted = [...vocab].sort();
        const got = fuzzyTerms(sorted, w, k).map((m) => `${m.term}:${m.edits}`).sort();
        const want = sorted.filter((t) => osa(t, w) <= k).map((t) => `${t}:${osa(t, w)}`).sort();
        expect(got).toEqual(want);
      }),
    );
  });
});

describe("fuzzyTerms against the full table", () => {
  // The walk fills only the band of cells within the budget of the diagonal: words longer than the band is wide, and
  // a budget of up to three edits, so that cells off the band are there to be skipped.
  const letters = fc.constantFrom("a", "b", "c", "é");
  const word = fc.string({ unit: letters, minLength: 1, maxLength: 12 });

  it("covers: a term at least minCover long within the budget of some prefix of the word that long, else of the word", () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 80 }), word, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 13 }), (vocab, w, k, cover) => {
        const sorted = [...vocab].sort();
        const whole: { term: string; edits: number }[] = [];
        const got = fuzzyTerms(sorted, w, k, cover, undefined, whole);
        const want = sorted.flatMap((t) => {
          const from = t.length < cover ? w.length : Math.min(cover, w.length);
          let best = Infinity;
          for (let j = from; j <= w.length; j++) best = Math.min(best, osa(t, w.slice(0, j)));
          return best <= k ? [{ term: t, edits: best }] : [];
        });
        expect(got).toEqual(want);
        expect(whole).toEqual(sorted.flatMap((t) => (osa(t, w) <= k ? [{ term: t, edits: osa(t, w) }] : [])));
      }),
      { numRuns: 400 },
    );
  });

  it("skips every term under a pruned prefix, however many there are", () => {
    // 300 terms under "zz" one prefix, then one match: the skip past them must land exactly after the last.
    const vocab = [...Array.from({ length: 300 }, (_, i) => `zz${String(i).padStart(3, "0")}`), "zzz", "abcd", "abce"].sort();
    expect(fuzzyTerms(vocab, "abcf", 1).map((m) => m.term)).toEqual(["abcd", "abce"]);
    expect(fuzzyTerms(vocab, "zzza", 1).map((m) => m.term)).toEqual(["zzz"]);
    expect(fuzzyTerms(vocab, "zz150x", 1).map((m) => m.term)).toEqual(["zz150"]);
  });
});

describe("fuzzyWalks", () => {
  it("gives each word exactly what its own walk gives, however the words' walks prune apart", () => {
    // Words sharing beginnings (a word and its stems) and unrelated ones, against a vocabulary of the same letters.
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "é"), maxLength: 10 });
    const walk = fc.record({ word, minCover: fc.integer({ min: 0, max: 11 }), whole: fc.boolean() });
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 80 }), fc.array(walk, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 2 }), (vocab, asked, k) => {
        const sorted = [...vocab].sort();
        const walks = asked.map((a) => ({ word: a.word, minCover: a.minCover, out: [] as FuzzyMatch[], ...(a.whole ? { whole: [] as FuzzyMatch[] } : {}) }));
        fuzzyWalks(sorted, walks, k);
        walks.forEach((w) => {
          const whole: FuzzyMatch[] = [];
          expect(w.out).toEqual(fuzzyTerms(sorted, w.word, k, w.minCover, undefined, whole));
          if (w.whole) expect(w.whole).toEqual(whole);
        });
      }),
      { numRuns: 400 },
    );
  });

  it("walks a word with its stems, which begin it", () => {
    const vocab = ["karjala", "karjalanpiirakka", "karjalanpiirakat", "karjalainen", "piirakka", "taikina"].sort();
    const walks = ["karjalanpiirakkaa", "karjalanpiirak", "karjalanpiira"].map((word) => ({ word, out: [] as FuzzyMatch[] }));
    fuzzyWalks(vocab, walks, 2);
    expect(walks.map((w) => w.out.map((m) => `${m.term}:${m.edits}`))).toEqual([
      ["karjalanpiirakat:2", "karjalanpiirakka:1"],
      ["karjalanpiirakat:2", "karjalanpiirakka:2"],
      [],
    ]);
  });
});

describe("fuzzyTerms with a cover", () => {
  it("gives the whole word's matches from a cover walk, as the call without a cover gives them", () => {
    const word = fc.stringMatching(/^[abcé]{1,7}$/);
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), word, fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 7 }), (terms, w, k, cover) => {
        const sorted = [...terms].sort();
        const whole: { term: string; edits: number }[] = [];
        expect(fuzzyTerms(sorted, w, k, cover, undefined, whole)).toEqual(fuzzyTerms(sorted, w, k, cover));
        expect(whole).toEqual(fuzzyTerms(sorted, w, k));
      }),
    );
  });
});
