import type { YamlValue } from "./yaml-subset";

/** What a note's frontmatter says about its age and whether it still counts. */
export interface FrontmatterSignals {
  /** `created` (else `date`) read as a time, ms since the epoch; absent when neither is set or readable. */
  created?: number;
  /** `superseded_by` (also `superseded-by`, `supersededBy`): the successor as written, link brackets removed. */
  supersededBy?: string;
  /** `status` as written, trimmed (the first item of a list). */
  status?: string;
}

/** Reads the signals through `get`, which gives a property's value by lower-cased name (null when absent). */
export function readSignals(get: (name: string) => YamlValue): FrontmatterSignals {
  const created = noteTime(first(get("created"))) ?? noteTime(first(get("date")));
  const successor = linkTarget(first(get("superseded_by") ?? get("superseded-by") ?? get("supersededby")));
  const status = first(get("status"));
  return {
    ...(created !== undefined ? { created } : {}),
    ...(successor !== undefined ? { supersededBy: successor } : {}),
    ...(status !== undefined ? { status } : {}),
  };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A frontmatter date as a time: `2025-03-14` (local midnight), `2025-03-14T10:20[:33]` or with a space (local
 * time), or with a zone (`Z`, `+01:00`). Anything else (free text, a day the month lacks) is no date: undefined.
 */
export function noteTime(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (WITH_ZONE.test(text)) {
    const t = Date.parse(text.replace(" ", "T"));
    return Number.isFinite(t) ? t : undefined;
  }
  const m = DATE_ONLY.exec(text) ?? DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const d = new Date(2000, 0, 1);
  d.setFullYear(year ?? 0, (month ?? 1) - 1, day ?? 1);
  d.setHours(hour ?? 0, minute ?? 0, second ?? 0, 0);
  // 2025-02-30 rolls over into March: no such day, so no date.
  if (d.getMonth() !== (month ?? 1) - 1 || d.getDate() !== day) return undefined;
  return d.getTime();
}

function first(value: YamlValue): string | undefined {
  const text = typeof value === "string" ? value : value?.[0];
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

/** `[[Name|alias]]`, `[Name]` (an unquoted `[[Name]]` reads as a list of `[Name]`) or a path, without brackets. */
function linkTarget(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const inner = value.replace(/^\[+/, "").replace(/\]+$/, "").trim();
  return inner === "" ? undefined : inner;
}
