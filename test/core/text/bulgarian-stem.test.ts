import { describe, expect, it } from "vitest";
import { bulgarianStem } from "../../../src/core/text/bulgarian-stem";
import { Analyzer } from "../../../src/core/text/analyzer";
import { languageOf } from "../../../src/core/text/languages";

describe("Bulgarian stems (Lucene's BulgarianStemmer, letter rewrites included)", () => {
  it.each([
    // Articles and plurals.
    ["град", "град"], ["града", "град"], ["градът", "град"], ["градове", "град"], ["градовете", "град"],
    ["пътища", "път"], ["пътищата", "път"], ["дядовци", "дяд"], ["дядовците", "дяд"], ["мъжете", "мъж"],
    ["вестите", "вест"], ["моретата", "мор"], ["изключенията", "изключени"],
    // The rewrites that write into the word: ци → к, зи → г, си → х, ъ dropped, е…и → я…, ен → н, еве → й.
    ["собственици", "собственик"], ["собствениците", "собственик"], ["подлози", "подлог"], ["подлозите", "подлог"],
    ["кожуси", "кожух"], ["кожусите", "кожух"], ["център", "центр"], ["центърът", "центр"], ["центрове", "центр"],
    ["промени", "промян"], ["промените", "промян"], ["промяна", "промян"], ["песен", "песн"], ["песента", "песн"],
    ["песни", "песн"], ["строеве", "строй"], ["строевете", "строй"], ["изключения", "изключн"],
  ])("%s → %s", (word, stem) => {
    expect(bulgarianStem(word)).toBe(stem);
  });

  it("stems the word that threw in strict mode, and the analyzer's Bulgarian forms meet", () => {
    expect(bulgarianStem("сравнения")).toBe("сравнн");
    const a = new Analyzer();
    const bg = languageOf("bg");
    expect(a.terms("песента песните песен", bg)).toEqual(["песн", "песн", "песн"]);
    expect(a.terms("собствениците", bg)).toEqual(a.terms("собственик", bg));
  });

  it("leaves words of other scripts and astral characters whole", () => {
    expect(bulgarianStem("🙂🙂🙂🙂🙂и")).toBe("🙂🙂🙂🙂🙂");
    expect(bulgarianStem("abc")).toBe("abc");
  });
});
