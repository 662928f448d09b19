import { describe, expect, it } from "vitest";
import { bigramCounts } from "../../../src/core/text/bigrams";

const pairs = (text: string): string[] => [...bigramCounts(text).keys()];

describe("character pairs of unspaced scripts", () => {
  it("keeps Thai vowels and tone marks with their consonant", () => {
    expect(pairs("กินข้าว")).toEqual(["กิน", "นข้", "ข้า", "าว"]);
  });

  it("keeps a Khmer subscript consonant with its base, so no pair starts on it", () => {
    // ចាប់ផ្ដើម "begin": ផ + coeng + ដ is one letter to a reader.
    expect(pairs("ចាប់ផ្ដើម")).toEqual(["ចាប់", "ប់ផ្ដើ", "ផ្ដើម"]);
    // ដើម "tree" is not inside it.
    expect(pairs("ចាប់ផ្ដើម")).not.toContain("ដើម");
  });

  it("keeps a Myanmar stacked consonant with the one above it", () => {
    // ကမ္ဘာ "world": ဘ is written under မ (virama U+1039 between them).
    expect(pairs("ကမ္ဘာ")).toEqual(["ကမ္ဘာ"]);
  });

  it("reads across zero-width spaces between Khmer words", () => {
    expect(pairs("ទិញ\u200bត្រី")).toEqual(pairs("ទិញត្រី"));
    expect(pairs("ទិញ\u200bត្រី")).toContain("ញត្រី");
  });
});
