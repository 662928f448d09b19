import { failure } from "../../core/errors/messages";
import { parseDateValue } from "../../core/search/date-filter";
import type { Result } from "../../core/result";

/** The date arguments of the `search` tool (and their query operators): after is inclusive, before exclusive. */
export const DATE_ARGUMENTS = {
  modifiedAfter: "modified:>=",
  modifiedBefore: "modified:<",
  createdAfter: "created:>=",
  createdBefore: "created:<",
} as const;

export type DateArgument = keyof typeof DATE_ARGUMENTS;

const ISO = /^(\d{4}(?:-\d{2}(?:-\d{2})?)?)(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * The query tokens for the date arguments given: `modifiedAfter: "2025-01-01"` keeps notes modified on that day or
 * later, `modifiedBefore` those modified before that day (a time of day is ignored: dates are whole days, months or
 * years in the server's time zone). An argument that is no ISO date is refused with a message saying what to send.
 */
export function dateFilterTokens(args: Partial<Record<DateArgument, string | null | undefined>>): Result<string[]> {
  const tokens: string[] = [];
  for (const name of Object.keys(DATE_ARGUMENTS) as DateArgument[]) {
    const raw = args[name];
    if (typeof raw !== "string") continue;
    const date = ISO.exec(raw.trim())?.[1];
    const token = date === undefined ? undefined : `${DATE_ARGUMENTS[name]}${date}`;
    const [field, value] = token?.split(":") ?? [];
    if (token === undefined || !parseDateValue(field as "modified" | "created", value ?? "", Date.now()).ok) {
      return { ok: false, error: failure("dateArgumentInvalid", { argument: name, value: raw }) };
    }
    tokens.push(token);
  }
  return { ok: true, value: tokens };
}
