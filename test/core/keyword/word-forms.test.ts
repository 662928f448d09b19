import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { formsOf, isOtherForm } from "../../../src/core/keyword/word-forms";

describe("other forms of a word", () => {
  it("joins words sharing five or more first letters that differ in endings of up to four", () => {
    expect(isOtherForm("naczynia", "naczyniami")).toBe(true);
    expect(isOtherForm("labradoren", "labrador")).toBe(true);
  });

  it("keeps apart short shared beginnings and long endings", () => {
    expect(isOtherForm("table", "label")).toBe(false);
    expect(isOtherForm("mieszkanie", "mieszkaniem")).toBe(true);
    expect(isOtherForm("mieszkanie", "mieszkaniowych")).toBe(false);
    expect(isOtherForm("przeprowadzka", "przeprowadzkowymi")).toBe(false);
    expect(isOtherForm("kot", "kotami")).toBe(false);
  });

  it("finds the forms in one prefix range of a sorted vocabulary, never the word itself", () => {
    const vocabulary = ["naczyn", "naczynia", "naczyniami", "naczyniach", "naczyniowy", "nacz", "naczyniowymi"].sort();
    const asked: string[] = [];
    const withPrefix = (prefix: string): string[] => {
      asked.push(prefix);
      return vocabulary.filter((t) => t.startsWith(prefix));
    };
    expect(formsOf("naczynia", withPrefix).sort()).toEqual(["naczyn", "naczyniach", "naczyniami", "naczyniowy"]);
    expect(asked).toEqual(["naczy"]);
    expect(formsOf("kot", withPrefix)).toEqual([]);
  });
});

describe("other forms among the corrections of a misspelt word", () => {
  // Dozens of short words one edit from the typed word's first letters compete for the corrections kept; the French
  // stem "contact" (of "contacterai") begins the misspelt word and is also a form of its stem "contacterar".
  const filler = "cont con sont cost mont pont cort cant cent coin cond cout com son cok mon cos ont bon col non von cen font tont ront";
  const idx = new ChunkIndex(0);
  idx.addNote(chunkNote("fr/voisin.md", "# Les travaux\n\nJe contacterai le syndic demain, car la perceuse du voisin ne s'arrête jamais."));
  idx.addNote(chunkNote("fr/mots.md", `# Mots\n\nLa liste des mots courts que nous avons notés : ${filler}.`));

  it("never push out a closer correction: a stem beginning the word keeps its place", () => {
    expect(idx.keywordSearch("contacterari", { limit: 3, maxEdits: 1 })[0]?.id).toBe("fr/voisin.md#0");
  });
});
