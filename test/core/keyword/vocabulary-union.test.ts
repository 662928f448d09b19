import { describe, expect, it } from "vitest";
import { field } from "./field-of-words";
import { keywordClauses, type KeywordQueryContext } from "../../../src/core/keyword/keyword-query";
import { mergeSorted, sortedHas, unionWalks, VocabularyUnion } from "../../../src/core/keyword/vocabulary-union";
import { Analyzer } from "../../../src/core/text/analyzer";
import { ENGLISH, languageOf, type Language } from "../../../src/core/text/languages";

/** Made-up words from a few syllables, as bench:ui's vault has: many of them a few edits from each other. */
function words(seed: number, n: number): string[] {
  const syllables = ["ka", "lo", "mer", "tin", "zel", "wu", "dor", "sa", "na", "shi", "vel", "pan", "é"];
  let s = seed;
  const next = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, () => Array.from({ length: 2 + Math.floor(next() * 3) }, () => syllables[Math.floor(next() * syllables.length)]).join(""));
}

describe("mergeSorted and sortedHas", () => {
  it("merge sorted vocabularies into their distinct terms, ascending", () => {
    expect(mergeSorted([["a", "c", "e"], [], ["b", "c", "f"], ["a", "z"]])).toEqual(["a", "b", "c", "e", "f", "z"]);
  });

  it("find exactly the terms a sorted array holds", () => {
    const sorted = ["alpha", "beta", "delta"];
    expect(sorted.map((t) => sortedHas(sorted, t))).toEqual([true, true, true]);
    expect(["", "alp", "betas", "gamma", "zeta"].map((t) => sortedHas(sorted, t))).toEqual([false, false, false, false, false]);
  });
});

describe("VocabularyUnion", () => {
  it("keeps its union while the fields' arrays are the same, and makes it again when one changes", () => {
    const union = new VocabularyUnion();
    const a = ["a", "c"];
    const b = ["b"];
    const first = union.of([a, b]);
    expect(first).toEqual(["a", "b", "c"]);
    expect(union.of([a, b])).toBe(first);
    expect(union.of([a, ["b", "d"]])).toEqual(["a", "b", "c", "d"]);
  });
});

describe("corrections over the merged vocabulary", () => {
  it("are the corrections each field's own walk finds, term for term and in the same order", () => {
    // Fields with vocabularies of their own and shared ones: a correction found in one field must not count in another.
    const text = field(Array.from({ length: 60 }, (_, i) => words(i + 1, 6)));
    const title = field(Array.from({ length: 60 }, (_, i) => words(1000 + i, 2)));
    const headings = field(Array.from({ length: 60 }, (_, i) => [...words(2000 + i, 2), ...words(i + 1, 1)]));
    const fields = { text, title, headings, aliases: field([]) };
    const base: KeywordQueryContext = {
      analyzer: new Analyzer(),
      languages: [ENGLISH],
      stopLanguage: ENGLISH,
      props: ["text", "title", "headings", "aliases"],
      gramProp: "grams",
      fields,
      prefixLast: false,
      maxEdits: 2,
    };
    const union = new VocabularyUnion();
    // Misspelt forms of indexed words (a letter dropped, changed, added) and the words themselves.
    const queries = words(7, 40).map((w, i) => (i % 4 === 0 ? w.slice(1) : i % 4 === 1 ? `${w}a` : i % 4 === 2 ? `x${w.slice(1)}` : w));
    let corrected = 0;
    for (const q of [...queries, queries.slice(0, 3).join(" "), queries.slice(5, 12).join(" ")]) {
      const each = keywordClauses(q, base);
      const merged = keywordClauses(q, { ...base, vocabularies: union });
      expect(merged).toEqual(each);
      corrected += each.flatMap((c) => c.terms).filter((t) => t.fuzzy).length;
    }
    // The comparison means something only if corrections were found.
    expect(corrected).toBeGreaterThan(50);
  });

  it("are the same when a word's stems in several languages are walked with it, in one walk", () => {
    // Finnish, German, Dutch and Swedish stem these words apart: several stems a word, each walked with the word.
    const languages = ["en", "fi", "de", "nl", "sv"].map((c) => languageOf(c) as Language);
    const vocab = ["karjalanpiirakka", "karjalanpiirakat", "taikina", "taikinaa", "uuni", "gebacken", "gebackene", "brot", "brote"];
    const text = field(Array.from({ length: 30 }, (_, i) => [...words(i + 1, 4), vocab[i % vocab.length] ?? ""]));
    const title = field(Array.from({ length: 30 }, (_, i) => words(500 + i, 2)));
    const base: KeywordQueryContext = {
      analyzer: new Analyzer(),
      languages,
      stopLanguage: ENGLISH,
      props: ["text", "title"],
      gramProp: "grams",
      fields: { text, title },
      prefixLast: false,
      maxEdits: 2,
    };
    const union = new VocabularyUnion();
    let corrected = 0;
    for (const q of ["karjalanpiirakkaa taikinaaa uunia", "gebackenen brotes", "karjalanpirakka", "taikinassa gebakene", ...words(9, 12)]) {
      const each = keywordClauses(q, base);
      expect(keywordClauses(q, { ...base, vocabularies: union })).toEqual(each);
      corrected += each.flatMap((c) => c.terms).filter((t) => t.fuzzy).length;
    }
    expect(corrected).toBeGreaterThan(10);
  });

  it("judge a term by the fields that hold it: one common in the title field alone does not stand for a misspelt word's start", () => {
    // "morx" is one edit from "morn", the start of "mornin", and in 3 of the title field's 4 chunks: too common there to
    // stand for the word's beginning. In the text field's 40 chunks it would not be, but that field doesn't hold it.
    const text = field(Array.from({ length: 40 }, (_, i) => [`word${i}`, "other"]));
    const title = field([["morx"], ["morx"], ["morx"], ["plain"]]);
    const base: KeywordQueryContext = {
      analyzer: new Analyzer(),
      languages: [ENGLISH],
      stopLanguage: ENGLISH,
      props: ["text", "title"],
      gramProp: "grams",
      fields: { text, title },
      prefixLast: false,
      maxEdits: 1,
    };
    const merged = keywordClauses("mornin", { ...base, vocabularies: new VocabularyUnion() });
    expect(merged).toEqual(keywordClauses("mornin", base));
    expect(merged.flatMap((c) => c.terms).map((t) => t.term)).not.toContain("morx");
  });
});

describe("unionWalks.prepare", () => {
  it("keeps for a word and its stems what their own walks find", () => {
    const union = mergeSorted([words(3, 400).sort()]);
    for (const [word, stems] of [
      ["kalomertin", ["kalomert", "kalomer", "kalo"]],
      ["zelwusana", ["zelwusan", "zelwus"]],
      ["panshivel", []],
    ] as const) {
      for (const k of [1, 2]) {
        const walked = unionWalks(union, k);
        walked.prepare(word, 3, stems);
        const own = unionWalks(union, k);
        expect(walked.cover(word, 3)).toEqual(own.cover(word, 3));
        for (const w of [word, ...stems]) expect(walked.whole(w)).toEqual(own.whole(w));
      }
    }
  });
});
