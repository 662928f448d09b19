import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

it("loads the CLI's summary and progress line without making a number formatter, and formats counts as before", async () => {
  const made = vi.spyOn(Intl, "NumberFormat");
  vi.resetModules();
  const { plural } = await import("../../src/cli/summary");
  const { formatProgress } = await import("../../src/cli/progress-line");
  // Loading made none: an `mcp` server must not pay for ICU's number data before its first answer.
  expect(made).not.toHaveBeenCalled();
  expect(plural(1, "note")).toBe("1 note");
  expect(plural(31_467, "chunk")).toBe("31,467 chunks");
  expect(plural(1_234_567, "note")).toBe("1,234,567 notes");
  expect(formatProgress({ label: "Indexing", done: 1_200, total: 10_000, etaMs: undefined })).toContain("Indexing 1,200 / 10,000");
  // One formatter, made on first use and kept.
  expect(made).toHaveBeenCalledTimes(1);
});
