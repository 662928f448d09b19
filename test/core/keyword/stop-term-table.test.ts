import { describe, expect, it, vi } from "vitest";
import { Analyzer } from "../../../src/core/text/analyzer";
import { ENGLISH, LANGUAGES } from "../../../src/core/text/languages";
import { stopTerms } from "../../../src/core/keyword/language-masks";
import { computeStopTerms, stopTermsOfLanguage } from "../../../src/core/keyword/stop-term-table";

/** The analyzer every chunk index searches with: stemming, stop words kept. */
const indexAnalyzer = (): Analyzer => new Analyzer({ stemming: true, stopWords: false });

describe("stop-term table", () => {
  it("matches what the index's analyzer makes of every language's stop words (else run npm run build:stop-terms)", () => {
    const analyzer = indexAnalyzer();
    for (const lang of LANGUAGES) expect(stopTermsOfLanguage(indexAnalyzer(), lang), lang.code).toEqual(computeStopTerms(analyzer, lang));
  });

  it("gives stopTerms of every language without stemming a single stop word", () => {
    const analyzer = indexAnalyzer();
    const normalize = vi.spyOn(analyzer, "normalize");
    const made = stopTerms(analyzer, LANGUAGES);
    expect(normalize).not.toHaveBeenCalled();
    // The same map as stemming each stop word in its language.
    const reference = new Map<string, number[]>();
    LANGUAGES.forEach((lang, ordinal) => {
      for (const word of lang.stopWords) {
        const term = indexAnalyzer().normalize(word, lang);
        if (term !== "") reference.set(term, [...(reference.get(term) ?? []), ordinal]);
      }
    });
    expect([...made.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [term, ordinals] of reference) {
      const mask = made.get(term)!;
      expect(LANGUAGES.map((_, i) => mask[i]).flatMap((bit, i) => (bit === 1 ? [i] : [])), term).toEqual([...new Set(ordinals)]);
    }
  });

  it("still stems the stop words for an analyzer the table was not made for", () => {
    const plain = new Analyzer({ stemming: false, stopWords: false });
    const terms = stopTerms(plain, [ENGLISH]);
    expect(terms.has("they")).toBe(true);
    expect(stopTerms(indexAnalyzer(), [ENGLISH]).has("they")).toBe(false);
    expect(stopTerms(indexAnalyzer(), [ENGLISH]).has("thei")).toBe(true);
  });
});
