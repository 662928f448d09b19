/**
 * The `modified:` and `created:` filters of the query syntax, read into time ranges.
 *
 * A value is a date, a range or an age, optionally after an operator:
 * - dates in the machine's local time: a year `2025`, a month `2025-03`, a day `2025-03-14`, `today`, `yesterday`.
 *   A date means its whole period: `created:2025` is any time in 2025. `>` is after the period, `>=` from its start,
 *   `<` before it, `<=` up to its end (as GitHub's search reads them).
 * - a range `2025-01..2025-03`: from the start of the first period to the end of the second. Either side may be left
 *   out (`2025-01..`).
 * - an age: a number and a unit, `d` days, `w` weeks, `m` months, `y` years (`30d`, `6w`, `3m`, `1y`). An age compares
 *   how long ago: `modified:<30d` (or `modified:30d`) is less than 30 days ago, `modified:>1y` more than a year ago.
 */

/** Which date of a note a filter reads. */
export type DateField = "modified" | "created";

/** One date filter: a note passes when its date is in [from, to). */
export interface DateRange {
  field: DateField;
  /** Earliest time kept, ms since the epoch, inclusive; absent: no lower bound. */
  from?: number;
  /** Time from which nothing is kept, ms since the epoch, exclusive; absent: no upper bound. */
  to?: number;
  /** The token as typed, e.g. "modified:>2025-01-01". */
  token: string;
}

/** What a date value reads as: a range, or the reason it can't be read. */
export type DateParse = { ok: true; range: DateRange } | { ok: false; token: string };

const DAY_MS = 86_400_000;
const OPERATOR = /^(>=|<=|>|<|=)?(.*)$/;
const AGE = /^(\d{1,5})\s*(d|w|m|y)$/i;
const CALENDAR = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/;

/** Reads the value of a `modified:`/`created:` token at time `now` (ms since the epoch). Never throws. */
export function parseDateValue(field: DateField, value: string, now: number): DateParse {
  const token = `${field}:${value}`;
  const bad: DateParse = { ok: false, token };
  const trimmed = value.trim().toLowerCase();
  const range = trimmed.indexOf("..");
  if (range >= 0) {
    const left = trimmed.slice(0, range);
    const right = trimmed.slice(range + 2);
    const a = left === "" ? undefined : periodOf(left, now);
    const b = right === "" ? undefined : periodOf(right, now);
    if (a === null || b === null || (a === undefined && b === undefined)) return bad;
    return { ok: true, range: bounded(field, token, a?.start, b?.end) };
  }
  const [, op = "", rest = ""] = OPERATOR.exec(trimmed) ?? [];
  const age = AGE.exec(rest);
  if (age) {
    const at = ago(now, Number(age[1]), (age[2] ?? "d").toLowerCase());
    // An age counts back from now: "<30d" is newer than 30 days ago; no operator means the same.
    if (op === "" || op === "<" || op === "<=" || op === "=") return { ok: true, range: bounded(field, token, at, undefined) };
    return { ok: true, range: bounded(field, token, undefined, at) };
  }
  const p = periodOf(rest, now);
  if (p === null) return bad;
  switch (op) {
    case ">":
      return { ok: true, range: bounded(field, token, p.end, undefined) };
    case ">=":
      return { ok: true, range: bounded(field, token, p.start, undefined) };
    case "<":
      return { ok: true, range: bounded(field, token, undefined, p.start) };
    case "<=":
      return { ok: true, range: bounded(field, token, undefined, p.end) };
    default:
      return { ok: true, range: bounded(field, token, p.start, p.end) };
  }
}

/** True when `time` (ms since the epoch, or undefined when the note has no such date) is inside the range. */
export function inDateRange(range: DateRange, time: number | undefined): boolean {
  if (time === undefined || !Number.isFinite(time)) return false;
  return (range.from === undefined || time >= range.from) && (range.to === undefined || time < range.to);
}

/** The time span a calendar date names, [start, end) in local time; null when `text` is not one. */
function periodOf(text: string, now: number): { start: number; end: number } | null {
  if (text === "today" || text === "yesterday") {
    const d = new Date(now);
    const day = new Date(d.getFullYear(), d.getMonth(), d.getDate() - (text === "yesterday" ? 1 : 0));
    return { start: day.getTime(), end: new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getTime() };
  }
  const m = CALENDAR.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = m[2] === undefined ? undefined : Number(m[2]);
  const day = m[3] === undefined ? undefined : Number(m[3]);
  if (month !== undefined && (month < 1 || month > 12)) return null;
  if (month === undefined) return { start: localTime(year, 0, 1), end: localTime(year + 1, 0, 1) };
  if (day === undefined) return { start: localTime(year, month - 1, 1), end: localTime(year, month, 1) };
  const start = new Date(localTime(year, month - 1, day));
  // 2025-02-30 would roll over into March: a day the month doesn't have is a typo, not a date.
  if (day < 1 || start.getMonth() !== month - 1) return null;
  return { start: start.getTime(), end: localTime(year, month - 1, day + 1) };
}

function localTime(year: number, monthIndex: number, day: number): number {
  const d = new Date(2000, monthIndex, day);
  d.setFullYear(year, monthIndex, day);
  return d.getTime();
}

/** The time `amount` units before `now`; months and years are calendar ones. */
function ago(now: number, amount: number, unit: string): number {
  if (unit === "d") return now - amount * DAY_MS;
  if (unit === "w") return now - amount * 7 * DAY_MS;
  const d = new Date(now);
  if (unit === "m") d.setMonth(d.getMonth() - amount);
  else d.setFullYear(d.getFullYear() - amount);
  return d.getTime();
}

function bounded(field: DateField, token: string, from: number | undefined, to: number | undefined): DateRange {
  return { field, token, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}

/** What to type instead of a date filter that could not be read (the notice of an invalid one). */
export const DATE_SYNTAX_HINT =
  "a date (2025, 2025-03, 2025-03-14, today), a range (2025-01..2025-03) or an age (30d, 6w, 3m, 1y), optionally after >, >=, < or <=";
