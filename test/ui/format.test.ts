import { describe, expect, it } from "vitest";
import { formatBytes, formatCount, formatEta, formatPercent, plural } from "../../src/ui/format";

describe("format", () => {
  it("groups digits per locale", () => {
    expect(formatCount(6571, "en-US")).toBe("6,571");
    expect(formatCount(6571, "de-DE")).toBe("6.571");
    expect(plural(1, "note", "notes", "en-US")).toBe("1 note");
    expect(plural(1234, "note", "notes", "en-US")).toBe("1,234 notes");
  });

  it("says the time left in words", () => {
    expect(formatEta(undefined)).toBeUndefined();
    expect(formatEta(Number.NaN)).toBeUndefined();
    expect(formatEta(10_000)).toBe("under a minute left");
    expect(formatEta(100_000)).toBe("2 min left");
    expect(formatEta(65 * 60_000)).toBe("65 min left");
    expect(formatEta(125 * 60_000)).toBe("2 h 5 min left");
    expect(formatEta(120 * 60_000)).toBe("2 h left");
  });

  it("sizes files in binary units", () => {
    expect(formatBytes(512, "en-US")).toBe("512 bytes");
    expect(formatBytes(1536, "en-US")).toBe("1.5 KB");
    expect(formatBytes(12.34 * 1024 * 1024, "en-US")).toBe("12.3 MB");
  });

  it("shows similarities as whole percentages, clamped", () => {
    expect(formatPercent(0.874)).toBe("87%");
    expect(formatPercent(1.2)).toBe("100%");
    expect(formatPercent(-0.1)).toBe("0%");
  });
});
