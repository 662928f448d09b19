import { describe, expect, it } from "vitest";
import { indexNotes } from "../../fakes/markdown-index";
import { holdsInOrder, orderedWords, preferInOrder } from "../../../src/core/keyword/word-order";

describe("orderedWords", () => {
  it("takes two to four words of spaced scripts, folded as notes' words are", () => {
    expect(orderedWords("Ich habe einen", false)?.words).toEqual(["ich", "habe", "einen"]);
    expect(orderedWords("Où est-il", false)?.words).toEqual(["ou", "est", "il"]);
    expect(orderedWords("it doesn’t exist", true)).toEqual({ words: ["it", "doesn't", "exist"], prefixLast: true });
  });

  it("leaves out one word, long questions and unspaced scripts", () => {
    expect(orderedWords("canvas", false)).toBeUndefined();
    expect(orderedWords("how do I move a note to another folder", false)).toBeUndefined();
    expect(orderedWords("同步 笔记", false)).toBeUndefined();
  });

  it("leaves out a word of marks alone, which folds to nothing (an empty word would be found everywhere)", () => {
    // "🗂️" ends in a variation selector, a mark that reads as a word of its own and folds to "".
    expect(orderedWords("🗂️ 0 inbox", true)?.words).toEqual(["0", "inbox"]);
    expect(orderedWords("🗂️ 0", true)).toBeUndefined();
    expect(orderedWords("note \u0301 title", false)?.words).toEqual(["note", "title"]);
  });
});

describe("holdsInOrder", () => {
  const q = orderedWords("ich habe einen", false);
  it("finds the words side by side and in order, whatever the case and accents", () => {
    expect(q && holdsInOrder("Gestern: ICH habe einen Platz reserviert.", q)).toBe(true);
    const accents = orderedWords("cafe creme", false);
    expect(accents && holdsInOrder("Un café crème, s'il vous plaît", accents)).toBe(true);
  });

  it("does not take the words apart, out of order, inside longer words or across lines", () => {
    expect(q && holdsInOrder("Ich habe heute einen Platz", q)).toBe(false);
    expect(q && holdsInOrder("Einen habe ich", q)).toBe(false);
    expect(q && holdsInOrder("Dich haben einen", q)).toBe(false);
    expect(q && holdsInOrder("Ich habe\neinen Platz", q)).toBe(false);
  });

  it("lets the last word be the beginning of a note's word while it is typed", () => {
    const typing = orderedWords("ich habe ein", true);
    expect(typing && holdsInOrder("ich habe einen Platz", typing)).toBe(true);
    const done = orderedWords("ich habe ein", false);
    expect(done && holdsInOrder("ich habe einen Platz", done)).toBe(false);
  });
});

describe("preferInOrder", () => {
  it("lifts every chunk of a note holding the words in order above notes that hold them apart, ties kept", () => {
    const text: Record<string, string> = { "a#0": "habe ich einen", "b#0": "x", "b#1": "ich habe einen", "c#0": "einen" };
    const hits = [
      { id: "a#0", score: 9 },
      { id: "c#0", score: 5 },
      { id: "b#0", score: 3 },
      { id: "b#1", score: 2 },
    ];
    const q = orderedWords("ich habe einen", false);
    if (!q) throw new Error("no ordered words");
    const out = preferInOrder(hits, q, (id) => text[id] ?? "", (id) => id.slice(0, 1));
    expect(out.map((h) => h.id)).toEqual(["b#0", "b#1", "a#0", "c#0"]);
  });
});

describe("keyword search with a short phrase", () => {
  const notes: Record<string, string> = {
    "zug.md": "# Mit dem Zug nach Wien\n\nIch habe einen Platz im Schlafwagen reserviert, und die Fahrt dauert zwölf Stunden.",
    "markt.md":
      "# Wochenmarkt\n\nEinen Korb habe ich immer dabei. Ich kaufe einen Kohl und einen Käse, und ich habe Zeit für einen Kaffee, den ich einen Moment genieße.",
    "rad.md": "# Fahrrad\n\nDen Schlauch habe ich geflickt, einen neuen Mantel brauche ich nicht. Ich habe Glück gehabt, sagt einen Freund.",
  };
  const idx = indexNotes(notes);
  const first = (query: string, prefixLast = false) => idx.keywordSearch(query, { limit: 5, prefixLast })[0]?.id;

  it("ranks the note holding function words in that order first", () => {
    expect(first("Ich habe einen")).toBe("zug.md#0");
    expect(first("ich habe ein", true)).toBe("zug.md#0");
  });

  it("finds a phrase in the note's title", () => {
    expect(first("nach Wien")).toBe("zug.md#0");
  });
});
