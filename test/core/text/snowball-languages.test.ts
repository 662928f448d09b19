import { describe, expect, it } from "vitest";
import { Analyzer } from "../../../src/core/text/analyzer";
import { languageOf, LANGUAGES } from "../../../src/core/text/languages";

const a = new Analyzer();
const terms = (code: string, text: string): string[] => a.terms(text, languageOf(code));

describe("languages added from @orama/stemmers and @orama/stopwords", () => {
  it.each([
    ["ar", ["المكتبة", "بالمكتبة", "الْمَكْتَبَة"]],
    ["ar", ["الكتاب", "كتابه"]],
    ["bg", ["книгите", "книга", "книги"]],
    ["el", ["δρόμος", "δρόμοι", "δρόμου", "ΔΡΟΜΟΣ"]],
    ["el", ["θάλασσα", "θάλασσες", "θάλασσας"]],
    ["ga", ["mbád", "bád", "bhád"]],
    ["hi", ["किताबें", "किताबों", "किताब"]],
    ["id", ["membaca", "dibaca", "baca"]],
    ["lt", ["knygos", "knygų", "knygoje", "knyga"]],
    ["ne", ["किताबहरू", "किताब"]],
    ["sr", ["knjige", "knjigama", "књиге"]],
    ["ta", ["புத்தகங்கள்", "புத்தகம்", "புத்தகத்தை"]],
    ["uk", ["книжки", "книжка", "книжку"]],
  ])("%s: inflected forms meet in one stem (%j)", (code, forms) => {
    const stems = new Set(forms.map((f) => terms(code, f).join(" ")));
    expect(stems.size).toBe(1);
    expect([...stems][0]).not.toBe("");
  });

  it("names each language's scripts, and lists every language once", () => {
    expect(languageOf("sr")?.scripts).toEqual(["latin", "cyrillic"]);
    expect(languageOf("el")?.scripts).toEqual(["greek"]);
    expect(languageOf("ar")?.scripts).toEqual(["arabic"]);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
  });

  it("drops stop words of lists that were shipped in a legacy code page, as they are spelt", () => {
    expect(terms("lt", "šis namas")).toEqual(terms("lt", "namas"));
    expect(terms("sr", "takođe kuća")).toEqual(terms("sr", "kuća"));
    expect(terms("uk", "від міста")).toEqual(terms("uk", "міста"));
    expect(terms("tr", "şey ev")).toEqual(terms("tr", "ev"));
  });

  it("drops Greek stop words whatever the sigma and accents", () => {
    expect(terms("el", "αυτές οι θάλασσες")).toEqual(terms("el", "θάλασσες"));
  });
});

describe("fixes to the analysis of languages we had", () => {
  it("drops French and Italian elided articles, with either apostrophe", () => {
    expect(terms("it", "l'impasto")).toEqual(terms("it", "impasti"));
    expect(terms("it", "dell’acqua")).toEqual(terms("it", "acqua"));
    expect(terms("fr", "l'eau")).toEqual(terms("fr", "eau"));
    expect(terms("fr", "d’accord")).toEqual(terms("fr", "accord"));
    // An apostrophe that is no elision stays part of the word.
    expect(terms("it", "po'")).toEqual(["po"]);
    expect(terms("en", "don't")).toEqual(["dont"]);
  });

  it("undoes Dutch consonant doubling before an ending", () => {
    expect(terms("nl", "winterjassen")).toEqual(terms("nl", "winterjas"));
    expect(terms("nl", "zwembrillen")).toEqual(terms("nl", "zwembril"));
    expect(terms("nl", "buurmannen")).toEqual(terms("nl", "buurman"));
  });

  it("gives a Hungarian noun's plural and its cases one stem", () => {
    const stems = new Set(["gombák", "gombát", "gombával", "gombákat"].map((f) => terms("hu", f).join(" ")));
    expect(stems.size).toBe(1);
    expect(terms("hu", "kutyák")).toEqual(terms("hu", "kutyával"));
  });
});
