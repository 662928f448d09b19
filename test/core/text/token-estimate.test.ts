import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateTokens, tokenPrefixEnd, truncateToTokens } from "../../../src/core/text/token-estimate";

/** Text mixing the scripts and symbols the estimator distinguishes. */
const mixedText = fc
  .array(
    fc.constantFrom(
      "hello",
      "internationalization",
      "12345",
      "café",
      "привет",
      "日本語",
      "한국어",
      "ひらがな",
      "----",
      "(x)",
      "🙂",
      " ",
      "\n",
      ".",
      "a",
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

describe("estimateTokens", () => {
  it("is zero only for text without visible characters", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("  \n\t \u3000")).toBe(0);
    expect(estimateTokens("a")).toBe(1);
  });

  it("counts Latin words by length, at least one token each", () => {
    expect(estimateTokens("a an the")).toBe(3);
    expect(estimateTokens("word")).toBe(1);
    expect(estimateTokens("words")).toBe(2);
    expect(estimateTokens("internationalization")).toBe(5);
  });

  it("counts each CJK ideograph, kana and hangul syllable as one token", () => {
    expect(estimateTokens("日本語の文章")).toBe(6);
    expect(estimateTokens("한국어")).toBe(3);
    expect(estimateTokens("中文 text")).toBe(3);
  });

  it("counts punctuation, with repeated marks cheap", () => {
    expect(estimateTokens("a, b.")).toBe(4);
    expect(estimateTokens("f(x);")).toBe(5);
    expect(estimateTokens("----------------")).toBeLessThan(6);
    expect(estimateTokens("----------------")).toBeGreaterThan(1);
  });

  it("gives other alphabets more tokens per character than Latin", () => {
    expect(estimateTokens("привет")).toBeGreaterThan(estimateTokens("privet"));
  });

  it("never decreases as a text grows", () => {
    fc.assert(
      fc.property(mixedText, mixedText, (a, b) => {
        expect(estimateTokens(a + b)).toBeGreaterThanOrEqual(estimateTokens(a));
      }),
    );
  });

  it("is subadditive over concatenation, with or without a separator", () => {
    fc.assert(
      fc.property(mixedText, mixedText, fc.constantFrom("", " ", "\n"), (a, b, sep) => {
        expect(estimateTokens(a + sep + b)).toBeLessThanOrEqual(estimateTokens(a) + estimateTokens(b));
      }),
    );
  });
});

describe("truncateToTokens", () => {
  it("returns text that fits unchanged", () => {
    expect(truncateToTokens("short text", 10)).toBe("short text");
  });

  it("cuts between words, not inside one", () => {
    expect(truncateToTokens("alpha beta gamma delta", 4)).toBe("alpha beta");
  });

  it("cuts between characters when the first word alone is too long", () => {
    const cut = truncateToTokens("a".repeat(100), 3);
    expect(cut).toBe("a".repeat(12));
  });

  it("cuts CJK text between characters", () => {
    expect(truncateToTokens("日本語の文章です", 3)).toBe("日本語");
  });

  it("does not split a surrogate pair", () => {
    expect(truncateToTokens("🙂🙂🙂", 3)).toBe("🙂");
  });

  it("returns a prefix that fits, and the next whole word would not", () => {
    fc.assert(
      fc.property(mixedText, fc.integer({ min: 0, max: 30 }), (text, max) => {
        const cut = truncateToTokens(text, max);
        expect(text.startsWith(cut)).toBe(true);
        expect(estimateTokens(cut)).toBeLessThanOrEqual(max);
        if (estimateTokens(text) <= max) {
          expect(cut).toBe(text);
          return;
        }
        const rest = /^\s*\S*/.exec(text.slice(cut.length))?.[0] ?? "";
        expect(estimateTokens(cut + rest)).toBeGreaterThan(max);
      }),
    );
  });
});

describe("tokenPrefixEnd", () => {
  it("works on a window of the text without copying it", () => {
    const text = "skip this part. alpha beta gamma";
    const start = text.indexOf("alpha");
    const end = tokenPrefixEnd(text, 3, start);
    expect(text.slice(start, end).trimEnd()).toBe("alpha beta");
  });

  it("respects the limit argument", () => {
    expect(tokenPrefixEnd("alpha beta gamma", 100, 0, 5)).toBe(5);
  });

  it("returns the start when nothing fits", () => {
    expect(tokenPrefixEnd("🙂", 1)).toBe(0);
  });
});
