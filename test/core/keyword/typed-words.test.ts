import { describe, expect, it } from "vitest";
import { holdsWordNear, NearnessMemo, nearness, preferTypedWords } from "../../../src/core/keyword/typed-words";

describe("nearness of a text to a typed word", () => {
  it("is 1 for a word within the edits, whatever its case and accents", () => {
    expect(nearness("Kaufen Sie Äpfel", { word: "apfl", edits: 1 })).toBe(1);
    expect(nearness("the sync button", { word: "sycn", edits: 1 })).toBe(1);
  });

  it("is 1 for a word that begins with the word being typed", () => {
    expect(nearness("publishing notes", { word: "publ", edits: 1, prefix: true })).toBe(1);
    expect(nearness("publishing notes", { word: "publ", edits: 1 })).toBe(0);
  });

  it("is 0.5 for another form of the word: a shared beginning of 5+ letters, endings of up to 4", () => {
    expect(nearness("Vår labrador Saga", { word: "labradoren", edits: 1 })).toBe(0.5);
    expect(nearness("Jag köpte tiokortet", { word: "tiokort", edits: 1 })).toBe(0.5);
  });

  it("is 0 for words that share only a short beginning or differ by a long ending", () => {
    expect(nearness("a table and a label", { word: "labradoren", edits: 1 })).toBe(0);
    expect(nearness("utilisation", { word: "utilisre", edits: 1 })).toBe(0);
    expect(holdsWordNear("for the", { word: "forkylningen", edits: 1 })).toBe(false);
  });
});

describe("preferTypedWords", () => {
  it("ranks a note with the word within the edits above one with another form, and both above the rest", () => {
    const text: Record<string, string> = { "a#0": "nothing here", "b#0": "labrador", "c#0": "labradorem" };
    const hits = ["a#0", "b#0", "c#0"].map((id, i) => ({ id, score: 3 - i }));
    const out = preferTypedWords(hits, [{ word: "labradoren", edits: 1 }], (id, t) => nearness(text[id] ?? "", t), (id) => id.slice(0, 1));
    expect(out.map((h) => h.id)).toEqual(["c#0", "b#0", "a#0"]);
  });
});

describe("NearnessMemo", () => {
  it("reads each chunk once per typed word, however often a search asks", () => {
    const text: Record<string, string> = { a: "training a language model", b: "a plan for the train" };
    const read: string[] = [];
    const memo = new NearnessMemo((id) => {
      read.push(id);
      return text[id] ?? "";
    });
    const typing = { word: "langu", edits: 1, prefix: true };
    const other = { word: "modle", edits: 1 };
    for (let round = 0; round < 3; round++) {
      expect(memo.of("a", typing)).toBe(1);
      expect(memo.of("b", typing)).toBe(0);
    }
    expect(read).toEqual(["a", "b"]);
    expect([memo.of("a", other), memo.of("b", other)]).toEqual([1, 0]);
    expect(read).toEqual(["a", "b", "a", "b"]);
  });
});
