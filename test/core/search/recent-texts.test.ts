import { describe, expect, it } from "vitest";
import { RecentTexts } from "../../../src/core/search/recent-texts";

describe("RecentTexts", () => {
  it("works a text out once while it is held", () => {
    const recent = new RecentTexts<number>(100);
    let calls = 0;
    const make = (t: string): number => (calls++, t.length);
    expect(recent.get("alpha", make)).toBe(5);
    expect(recent.get("alpha", make)).toBe(5);
    expect(calls).toBe(1);
  });

  it("holds at most its bound of characters, letting the oldest texts go first", () => {
    const recent = new RecentTexts<string>(10);
    const seen: string[] = [];
    const make = (t: string): string => (seen.push(t), t.toUpperCase());
    for (const t of ["aaaa", "bbbb", "cc"]) recent.get(t, make);
    expect(recent.size).toBe(3);
    // 4 + 4 + 2 = 10: one more character makes "aaaa" go, and only it.
    recent.get("d", make);
    expect(recent.size).toBe(3);
    recent.get("bbbb", make);
    recent.get("aaaa", make);
    expect(seen).toEqual(["aaaa", "bbbb", "cc", "d", "aaaa"]);
  });

  it("gives a text longer than the bound its value without keeping it", () => {
    const recent = new RecentTexts<number>(3);
    recent.get("ab", (t) => t.length);
    expect(recent.get("abcdef", (t) => t.length)).toBe(6);
    expect(recent.size).toBe(1);
  });
});
