import { describe, expect, it } from "vitest";
import { inDateRange, parseDateValue, type DateRange } from "../../../src/core/search/date-filter";
import { parseQuery } from "../../../src/core/search/query-parser";
import { noteTime } from "../../../src/core/chunk/frontmatter-signals";

// Local times, as the filters read dates in the machine's time zone.
const at = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();
const NOW = at(2025, 6, 15, 12);
const DAY = 86_400_000;

function range(field: "modified" | "created", value: string): DateRange {
  const r = parseDateValue(field, value, NOW);
  if (!r.ok) throw new Error(`${value} did not parse`);
  return r.range;
}

describe("date filter values", () => {
  it("read a year, a month and a day as their whole period", () => {
    expect(range("created", "2025")).toMatchObject({ from: at(2025, 1, 1), to: at(2026, 1, 1) });
    expect(range("created", "2025-03")).toMatchObject({ from: at(2025, 3, 1), to: at(2025, 4, 1) });
    expect(range("created", "2025-12")).toMatchObject({ from: at(2025, 12, 1), to: at(2026, 1, 1) });
    expect(range("modified", "2024-02-29")).toMatchObject({ from: at(2024, 2, 29), to: at(2024, 3, 1) });
  });

  it("read >, >=, < and <= against the period, as GitHub's search does", () => {
    expect(range("modified", ">2025-01-01")).toEqual({ field: "modified", token: "modified:>2025-01-01", from: at(2025, 1, 2) });
    expect(range("modified", ">=2025-01-01")).toMatchObject({ from: at(2025, 1, 1) });
    expect(range("modified", "<2025-01")).toMatchObject({ to: at(2025, 1, 1) });
    expect(range("modified", "<=2025-01")).toMatchObject({ to: at(2025, 2, 1) });
    expect(range("modified", ">2025-01-01").to).toBeUndefined();
  });

  it("read an age as how long ago: <30d and 30d are recent, >1y is old", () => {
    expect(range("modified", "<30d")).toMatchObject({ from: NOW - 30 * DAY });
    expect(range("modified", "30d")).toMatchObject({ from: NOW - 30 * DAY });
    expect(range("modified", "<2w")).toMatchObject({ from: NOW - 14 * DAY });
    expect(range("modified", ">1y")).toMatchObject({ to: at(2024, 6, 15, 12) });
    expect(range("modified", "<3m")).toMatchObject({ from: at(2025, 3, 15, 12) });
    expect(range("modified", "<30D")).toMatchObject({ from: NOW - 30 * DAY });
  });

  it("read ranges, open ranges, today and yesterday", () => {
    expect(range("created", "2025-01..2025-03")).toMatchObject({ from: at(2025, 1, 1), to: at(2025, 4, 1) });
    expect(range("created", "2025-01..")).toEqual({ field: "created", token: "created:2025-01..", from: at(2025, 1, 1) });
    expect(range("created", "..2024")).toMatchObject({ to: at(2025, 1, 1) });
    expect(range("modified", "today")).toMatchObject({ from: at(2025, 6, 15), to: at(2025, 6, 16) });
    expect(range("modified", "yesterday")).toMatchObject({ from: at(2025, 6, 14), to: at(2025, 6, 15) });
  });

  it("refuse what is not a date: a month 13, a day the month lacks, words, a bare operator, an empty range", () => {
    for (const bad of ["2025-13", "2025-02-30", "soon", ">", ">=yesterdayish", "30x", "..", "2025-01..nope", "25-01-01", "1.5d"]) {
      expect(parseDateValue("modified", bad, NOW), bad).toEqual({ ok: false, token: `modified:${bad}` });
    }
  });

  it("keep a time inside [from, to) and nothing without a date", () => {
    const r = range("created", "2025-03");
    expect(inDateRange(r, at(2025, 3, 1))).toBe(true);
    expect(inDateRange(r, at(2025, 4, 1) - 1)).toBe(true);
    expect(inDateRange(r, at(2025, 4, 1))).toBe(false);
    expect(inDateRange(r, undefined)).toBe(false);
  });
});

describe("date filters in the query", () => {
  it("take modified:/created: tokens out of the text, any case, AND-ed", () => {
    const q = parseQuery("budget Modified:>2025-01-01 created:2025 modified:<30d", NOW);
    expect(q.text).toBe("budget");
    expect(q.dates.map((d) => d.token)).toEqual(["modified:>2025-01-01", "created:2025", "modified:<30d"]);
    expect(q.invalidDates).toEqual([]);
  });

  it("never make an invalid date a word: it is listed for a notice", () => {
    const q = parseQuery("budget modified:>soon created:2025-13", NOW);
    expect(q.text).toBe("budget");
    expect(q.dates).toEqual([]);
    expect(q.invalidDates).toEqual(["modified:>soon", "created:2025-13"]);
  });

  it("ignore an empty date filter, as path: is", () => {
    const q = parseQuery("budget modified:", NOW);
    expect(q).toMatchObject({ text: "budget", dates: [], invalidDates: [] });
  });

  it("leave non-English and misspelt words alone beside a date", () => {
    expect(parseQuery("Überweisung modified:<30d", NOW)).toMatchObject({ text: "Überweisung", isKeywordLike: true });
    expect(parseQuery("京都 旅行 created:2024", NOW).text).toBe("京都 旅行");
    expect(parseQuery("recipie sourdugh modified:2025-06", NOW).text).toBe("recipie sourdugh");
    expect(parseQuery('"Привет мир" created:>=2025-01-01', NOW)).toMatchObject({ text: "Привет мир", phrases: ["Привет мир"] });
  });
});

describe("frontmatter dates", () => {
  it("read days, local date-times and zoned times, and nothing else", () => {
    expect(noteTime("2024-05-01")).toBe(at(2024, 5, 1));
    expect(noteTime("2024-05-01 10:00")).toBe(at(2024, 5, 1, 10));
    expect(noteTime("2024-05-01T10:00:00")).toBe(at(2024, 5, 1, 10));
    expect(noteTime("2024-05-01T10:00:00Z")).toBe(Date.UTC(2024, 4, 1, 10));
    expect(noteTime("2024-05-01T10:00:00.000+02:00")).toBe(Date.UTC(2024, 4, 1, 8));
    for (const bad of ["yesterday", "2024-02-30", "May 1st", "", "2024"]) expect(noteTime(bad), bad).toBeUndefined();
  });
});
