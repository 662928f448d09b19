import { describe, expect, it } from "vitest";
import { Analyzer } from "../../../src/core/text/analyzer";
import { ENGLISH, languageOf } from "../../../src/core/text/languages";

const a = new Analyzer();
const GERMAN = languageOf("de");

describe("language detection", () => {
  it.each([
    ["de", "Die Katze sitzt auf dem Dach und schaut in den Garten, weil sie nicht schlafen kann."],
    ["sv", "Katten sitter på taket och tittar ut över trädgården, eftersom hon inte kan sova."],
    ["ru", "Кошка сидит на крыше и смотрит в сад, потому что она не может уснуть."],
    ["tr", "Kedi çatıda oturuyor ve bahçeye bakıyor, çünkü o bu gece hiç uyuyamıyor ve çok da yorgun."],
    ["fr", "Le chat est assis sur le toit et regarde le jardin, car il ne peut pas dormir."],
    ["en", "The cat sits on the roof and looks at the garden, because she cannot sleep."],
  ])("tells %s from its function words", (code, text) => {
    expect(a.detect(text).code).toBe(code);
  });

  it("falls back when the text says too little: a title, names, code", () => {
    expect(a.detect("Kubernetes", ENGLISH)).toBe(ENGLISH);
    expect(a.detect("Hausaufgaben Mathematik", GERMAN)).toBe(GERMAN);
    expect(a.detect("const x = map.get(key) ?? 0;", ENGLISH)).toBe(ENGLISH);
  });

  it("keeps English prose English although it holds a few words that are function words elsewhere", () => {
    const text = "A sensitive mass spectrometry platform identifies metabolic changes of life history traits in C. elegans";
    expect(a.detect(text).code).toBe("en");
  });

  it("reads frontmatter-style codes and names", () => {
    expect(languageOf("de-AT")?.code).toBe("de");
    expect(languageOf("nb")?.code).toBe("no");
    expect(languageOf("Swedish")?.code).toBe("sv");
    expect(languageOf("tlh")).toBeUndefined();
  });
});

describe("per-language analysis", () => {
  it("stems each language with its own Snowball stemmer and drops its stop words", () => {
    expect(a.terms("Die Häuser und die Gärten", GERMAN)).toEqual(["haus", "gart"]);
    expect(a.terms("katterna och hundarna", languageOf("sv"))).toEqual(["katt", "hund"]);
    expect(a.terms("кошки и собаки", languageOf("ru"))).toEqual(["кошк", "собак"]);
  });

  it("still folds accents, so a query typed without them matches", () => {
    expect(a.terms("Café", languageOf("fr"))).toEqual(a.terms("cafe", languageOf("fr")));
  });
});
