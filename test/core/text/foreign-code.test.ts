import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Analyzer } from "../../../src/core/text/analyzer";
import { foreignFailures, resetForeignFailures, shieldedStemmer } from "../../../src/core/text/foreign-code";
import { languageOf, type Language } from "../../../src/core/text/languages";
import { countWords } from "../../../src/core/search/query-parser";

const russian = languageOf("ru") as Language;

/** Russian with a stemmer that throws on one word, as foreign code may on input nobody tried. */
const brittle: Language = {
  ...russian,
  code: "xx",
  stem: shieldedStemmer("xx", (w) => {
    if (w === "сравнения") throw new TypeError("Cannot assign to read only property '5' of string 'сравнения'");
    return russian.stem(w);
  }),
};

describe("the wall around code we don't own", () => {
  beforeEach(() => resetForeignFailures());
  afterEach(() => vi.restoreAllMocks());

  it("a stemmer that throws costs that word its stem only, and is counted", () => {
    const a = new Analyzer();
    expect(a.terms("сравнения цен в магазинах", brittle)).toEqual(["сравнения", ...a.terms("цен магазинах", russian)]);
    expect(a.termCounts("сравнения сравнения", brittle).counts).toEqual(new Map([["сравнения", 2]]));
    expect(foreignFailures()).toMatchObject({ count: 1, byPart: { "stem:xx": 1 }, last: { part: "stem:xx", input: "сравнения" } });
    expect(foreignFailures().last?.message).toContain("read only");
  });

  it("a stemmer that returns nothing leaves the word as it is", () => {
    const empty = shieldedStemmer("yy", () => "");
    expect(empty("слово")).toBe("слово");
  });

  it("a segmenter that throws leaves a run split into characters, and word counts go by character", () => {
    vi.spyOn(Intl.Segmenter.prototype, "segment").mockImplementation(() => {
      throw new RangeError("ICU failed");
    });
    const a = new Analyzer();
    expect(a.terms("東京都")).toEqual(["東", "京", "都"]);
    expect(countWords("東京都 tokyo")).toBe(4);
    expect(foreignFailures().byPart.segment).toBe(2);
  });

  it("detection that throws falls back to the default language", () => {
    const a = new Analyzer();
    vi.spyOn(String.prototype, "matchAll").mockImplementationOnce(() => {
      throw new Error("boom");
    });
    expect(a.detect("и в на по для что это как", russian)).toBe(russian);
    expect(foreignFailures().byPart.detect).toBe(1);
  });
});
