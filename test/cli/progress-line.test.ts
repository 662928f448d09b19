import { describe, expect, it } from "vitest";
import { formatEta, formatProgress, ProgressLine } from "../../src/cli/progress-line";

describe("formatProgress", () => {
  it("shows counts with thousands separators and the time left", () => {
    expect(formatProgress({ label: "Indexing", done: 1234, total: 6571, etaMs: 95_000 })).toBe(
      "Indexing 1,234 / 6,571 · 2 min left",
    );
  });

  it("leaves out an unknown or finished ETA", () => {
    expect(formatProgress({ label: "Embedding", done: 3, total: 10, etaMs: undefined })).toBe("Embedding 3 / 10");
    expect(formatProgress({ label: "Indexing", done: 10, total: 10, etaMs: 0 })).toBe("Indexing 10 / 10");
  });

  it("rounds the ETA up and switches units", () => {
    expect(formatEta(1)).toBe("1 s left");
    expect(formatEta(59_000)).toBe("59 s left");
    expect(formatEta(61_000)).toBe("2 min left");
    expect(formatEta(3_700_000)).toBe("1 h 2 min left");
    expect(formatEta(Number.NaN)).toBe("");
  });
});

describe("ProgressLine", () => {
  it("redraws one line in place, throttled by the injected clock, and always draws the final count", () => {
    const out: string[] = [];
    let now = 0;
    const line = new ProgressLine({ write: (t) => out.push(t), columns: 80 }, () => now, 100);
    line.update({ label: "Indexing", done: 1, total: 3, etaMs: undefined });
    now = 50;
    line.update({ label: "Indexing", done: 2, total: 3, etaMs: undefined });
    now = 60;
    line.update({ label: "Indexing", done: 3, total: 3, etaMs: undefined });
    line.clear();
    expect(out).toEqual(["\r\x1b[2KIndexing 1 / 3", "\r\x1b[2KIndexing 3 / 3", "\r\x1b[2K"]);
  });

  it("cuts the line to the terminal width and clears nothing when nothing was drawn", () => {
    const out: string[] = [];
    const line = new ProgressLine({ write: (t) => out.push(t), columns: 21 }, () => 0);
    line.clear();
    line.update({ label: "Indexing a long label", done: 1, total: 2, etaMs: undefined });
    expect(out).toEqual(["\r\x1b[2KIndexing a long labe"]);
  });
});
