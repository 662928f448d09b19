import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitLongText, type TextPiece } from "../../../src/core/chunk/long-text-split";
import { estimateTokens } from "../../../src/core/text/token-estimate";

const rejoin = (pieces: TextPiece[]): string => pieces.map((p, i) => (i === 0 ? "" : p.joint) + p.text).join("");
const squash = (s: string): string => s.replace(/\s+/g, " ").trim();

describe("splitLongText", () => {
  it("groups whole sentences up to the limit", () => {
    const pieces = splitLongText("One two. Three four! Five six? Seven eight.", 8);
    expect(pieces.map((p) => p.text)).toEqual(["One two. Three four!", "Five six? Seven eight."]);
    expect(pieces.every((p) => !p.midSentence)).toBe(true);
  });

  it("cuts a long sentence between words and marks the later pieces", () => {
    const pieces = splitLongText("alpha beta gamma delta epsilon zeta", 4);
    expect(pieces.map((p) => [p.text, p.midSentence])).toEqual([
      ["alpha beta", false],
      ["gamma delta", true],
      ["epsilon zeta", true],
    ]);
  });

  it("splits CJK sentences at their full stops", () => {
    const pieces = splitLongText("今日は晴れです。明日は雨です。", 8);
    expect(pieces.map((p) => [p.text, p.joint])).toEqual([
      ["今日は晴れです。", ""],
      ["明日は雨です。", ""],
    ]);
  });

  it("cuts a word longer than the limit between characters, glued back without a space", () => {
    const pieces = splitLongText("start " + "z".repeat(30), 2);
    expect(rejoin(pieces)).toBe("start " + "z".repeat(30));
    expect(pieces.slice(2).every((p) => p.joint === "")).toBe(true);
  });

  it("keeps every piece within the limit and loses no text", () => {
    const word = fc.constantFrom("word", "longerword", "x", "日本", "—", "end.", "stop!", "2024", "Ünïcödé", "🙂", "。");
    const text = fc.array(fc.tuple(word, fc.constantFrom(" ", "", "  ", "\t")), { maxLength: 80 });
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 20 }), (parts, max) => {
        const source = parts.map(([w, s]) => w + s).join("");
        const pieces = splitLongText(source, max);
        for (const p of pieces) {
          expect(p.tokens).toBeLessThanOrEqual(max);
          expect(estimateTokens(p.text)).toBeLessThanOrEqual(p.tokens);
          expect(p.text).toBe(p.text.trim());
        }
        expect(squash(rejoin(pieces))).toBe(squash(source));
      }),
    );
  });
});
