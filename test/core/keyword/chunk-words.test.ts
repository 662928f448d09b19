import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiWords, ChunkWordsMemo, LineWords, TextWords } from "../../../src/core/keyword/chunk-words";
import { nearness } from "../../../src/core/keyword/typed-words";
import { holdsInOrder, orderedWords } from "../../../src/core/keyword/word-order";
import { withinEdits } from "../../../src/core/keyword/within-edits";
import { isOtherForm, MAX_ENDING } from "../../../src/core/keyword/word-forms";
import { foldAccents } from "../../../src/core/text/languages";

/** Nearness as it was computed before words were prepared: every word of the text, one by one. */
function nearnessByScan(text: string, { word, edits, prefix }: { word: string; edits: number; prefix?: boolean }): number {
  let near = 0;
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const raw = m[0];
    if (!prefix && Math.abs(raw.length - word.length) > Math.max(edits, MAX_ENDING)) continue;
    const w = foldAccents(raw);
    if ((prefix && w.startsWith(word)) || osa(w, word) <= edits) return 1;
    if (near === 0 && isOtherForm(w, word)) near = 0.5;
  }
  return near;
}

/** Word order as it was checked before lines were prepared: each line tokenised on every call. */
function inOrderByScan(text: string, words: readonly string[], prefix: boolean): boolean {
  const folded = foldAccents(text.toLowerCase()).replace(/’/g, "'");
  return folded.split("\n").some((line) => {
    const ws = [...line.matchAll(/[\p{L}\p{M}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu)].map((m) => m[0]);
    for (let i = 0; i + words.length <= ws.length; i++) {
      if (words.every((w, k) => (prefix && k === words.length - 1 ? (ws[i + k] ?? "").startsWith(w) : ws[i + k] === w))) return true;
    }
    return false;
  });
}

const wordArb = fc.constantFrom("café", "cafe", "Crème", "creme", "labrador", "labradoren", "publish", "publsh", "s'il", "vous", "ÄPFEL", "apfel", "the");
const textArb = fc.array(fc.oneof(wordArb, fc.constantFrom(" ", "\n", ", ", "’")), { maxLength: 30 }).map((parts) => parts.join(" "));

describe("prepared chunk words", () => {
  it("give the same nearness to a typed word as the text itself", () => {
    const typed = fc.record({ word: fc.constantFrom("cafe", "creme", "labradorn", "publ", "apfl", "vos"), edits: fc.integer({ min: 1, max: 2 }), prefix: fc.boolean() });
    fc.assert(
      fc.property(textArb, typed, (text, t) => {
        expect(nearness(new TextWords(text), t)).toBe(nearnessByScan(text, t));
      }),
    );
  });

  it("give the same nearness as the text itself where typed words meet other characters", () => {
    const part = fc.constantFrom("publ", "publish", "Publishing", "xpubl", "pub", "publé", "é", "1", "_", "'", " ", "\n", "-", "ß", "\u0301");
    const text = fc.array(part, { maxLength: 12 }).map((ps) => ps.join(""));
    const typed = fc.record({ word: fc.constantFrom("publ", "publish", "publis", "pbul"), edits: fc.integer({ min: 0, max: 2 }), prefix: fc.boolean() });
    fc.assert(
      fc.property(text, typed, (t, w) => {
        expect(nearness(new TextWords(t), w)).toBe(nearnessByScan(t, w));
      }),
      { numRuns: 3000 },
    );
  });

  it("judge a chunk holding the word being typed without splitting it into words", () => {
    const words = new TextWords("Notes on Publishing, and the rest of a long chunk.");
    expect(nearness(words, { word: "publ", edits: 1, prefix: true })).toBe(1);
    expect(words.isSplit).toBe(false);
  });

  it("judge an ASCII chunk without splitting it into words, near or not", () => {
    const words = new TextWords("Our Labrador, Saga; a table and a label.");
    expect(nearness(words, { word: "pbul", edits: 1, prefix: true })).toBe(0);
    expect(nearness(words, { word: "labradr", edits: 1 })).toBe(1);
    expect(nearness(words, { word: "labradoren", edits: 1 })).toBe(0.5);
    expect(words.isSplit).toBe(false);
    // Words with other characters are split out and compared one by one.
    const accented = new TextWords("Vår labrador Saga");
    expect(nearness(accented, { word: "labradoren", edits: 1 })).toBe(0.5);
    expect(accented.isSplit).toBe(true);
  });

  it("give the same nearness as the text itself for ASCII words of every length", () => {
    const part = fc.constantFrom("labrador", "Labradoren", "labradr", "lab", "labradorenx", "labradorenxyz", "xlabrador", "table", "1", "_", "'", " ", ".", "\n");
    const text = fc.array(part, { maxLength: 12 }).map((ps) => ps.join(""));
    const typed = fc.record({ word: fc.constantFrom("labrador", "labradoren", "labr", "labradr", "tabel"), edits: fc.integer({ min: 0, max: 2 }), prefix: fc.boolean() });
    fc.assert(
      fc.property(text, typed, (t, w) => {
        expect(nearness(new TextWords(t), w)).toBe(nearnessByScan(t, w));
      }),
      { numRuns: 3000 },
    );
  });

  it("find words in order on a line as the text itself does, asked again and again", () => {
    const queryArb = fc.array(wordArb, { minLength: 2, maxLength: 3 }).map((ws) => ws.join(" "));
    fc.assert(
      fc.property(textArb, queryArb, fc.boolean(), (text, query, prefix) => {
        const q = orderedWords(query, prefix);
        if (!q) return;
        const prepared = new LineWords(text);
        expect(holdsInOrder(prepared, q)).toBe(inOrderByScan(text, q.words, prefix));
        expect(holdsInOrder(prepared, q)).toBe(inOrderByScan(text, q.words, prefix));
      }),
    );
  });

  it("find words in order on an ASCII line as splitting it into words does", () => {
    const asciiText = fc
      .array(fc.constantFrom("ab", "a", "b", "ba", "ab'b", "b_a", " ", "  ", "'", "_", "-", ".", "\n", "A"), { maxLength: 30 })
      .map((parts) => parts.join(""));
    const queryArb = fc.array(fc.constantFrom("a", "ab", "b", "ba", "ab'b", "b_a"), { minLength: 2, maxLength: 3 }).map((ws) => ws.join(" "));
    fc.assert(
      fc.property(asciiText, queryArb, fc.boolean(), (text, query, prefix) => {
        const q = orderedWords(query, prefix);
        if (!q) return;
        expect(holdsInOrder(new LineWords(text), q)).toBe(inOrderByScan(text, q.words, prefix));
      }),
      { numRuns: 3000 },
    );
  });

  it("are made once per chunk and index revision", () => {
    const memo = new ChunkWordsMemo();
    let reads = 0;
    const text = (id: string) => {
      reads++;
      return `text of ${id} ${reads}`;
    };
    const first = memo.validFor(1).textWords("a", text);
    expect(memo.validFor(1).textWords("a", text)).toBe(first);
    expect(reads).toBe(1);
    // An edit keeps the chunk's id but changes its text: the next revision reads it again.
    expect(memo.validFor(2).textWords("a", text).raw).toContain("2");
    expect(memo.validFor(2).lineWords("a", text).folded).toBe("text of a 3");
  });

  it("keep the chunks read lately when the oldest go", () => {
    const memo = new ChunkWordsMemo().validFor(1);
    const reads = new Map<string, number>();
    const text = (id: string) => {
      reads.set(id, (reads.get(id) ?? 0) + 1);
      return `text of ${id}`;
    };
    memo.textWords("a", text);
    for (let i = 0; i < 2047; i++) memo.textWords(`c${i}`, text);
    // "a" is the oldest now; read again, it becomes the newest, and the next chunk pushes out "c0" instead.
    memo.textWords("a", text);
    memo.textWords("d", text);
    memo.textWords("a", text);
    expect(reads.get("a")).toBe(1);
    // "c0" comes back in place of "c1", the oldest then; the others stay.
    memo.textWords("c0", text);
    expect(reads.get("c0")).toBe(2);
    for (let i = 0; i < 100; i++) memo.textWords("c600", text);
    memo.textWords("c2", text);
    expect([reads.get("c600"), reads.get("c2"), reads.get("a")]).toEqual([1, 1, 1]);
    memo.textWords("c1", text);
    expect(reads.get("c1")).toBe(2);
  });
});

describe("withinEdits with one edit", () => {
  it("agrees with the distance table on many pairs", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "é"), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(withinEdits(a, b, 1)).toBe(osa(a, b) <= 1);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Optimal string alignment distance, the plain table. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] ?? 0, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] ?? 0;
}

describe("asciiWords", () => {
  it("splits an ASCII line into the words the phrase regex finds", () => {
    const regex = (line: string) => [...line.matchAll(/[\p{L}\p{M}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu)].map((m) => m[0]);
    const line = fc.array(fc.constantFrom("a", "b", "Z", "1", "'", "_", " ", "-", ".", "\t", "é"), { maxLength: 24 }).map((cs) => cs.join(""));
    fc.assert(fc.property(line.filter((l) => !/[^\p{ASCII}]/u.test(l)), (l) => {
      expect(asciiWords(l)).toEqual(regex(l));
    }), { numRuns: 2000 });
    expect(asciiWords("it's a_b '_x y__z q'")).toEqual(["it's", "a_b", "x", "y", "z", "q"]);
  });
});
