import { clampToLimit, describeLimit, withinLimit, type NumberLimit } from "./setting-limits";

/** Reads one saved value at a time, falling back or clamping where it must and saying so in `errors`. */
export class SettingsReader {
  /** One message per value that could not be kept as saved; each says what was used instead. */
  readonly errors: string[] = [];

  /** A missing value takes the fallback silently: it is a setting saved before the field existed. */
  number(raw: unknown, l: NumberLimit, fallback: number, label: string = l.label): number {
    if (raw === undefined) return fallback;
    const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.errors.push(`${label} must be ${describeLimit(l)}; ${show(raw)} was replaced by the default, ${fallback}.`);
      return fallback;
    }
    if (withinLimit(value, l)) return value;
    const clamped = clampToLimit(value, l);
    this.errors.push(`${label} must be ${describeLimit(l)}; ${value} was changed to ${clamped}.`);
    return clamped;
  }

  boolean(raw: unknown, label: string, fallback: boolean): boolean {
    if (raw === undefined) return fallback;
    if (typeof raw === "boolean") return raw;
    this.errors.push(`${label} must be on or off; ${show(raw)} was replaced by the default, ${fallback ? "on" : "off"}.`);
    return fallback;
  }

  /** A string, trimmed unless `keepSpace`. An empty one is refused unless `allowEmpty`. */
  string(raw: unknown, label: string, fallback: string, opts: { allowEmpty?: boolean; keepSpace?: boolean } = {}): string {
    if (raw === undefined) return fallback;
    if (typeof raw !== "string") {
      this.errors.push(`${label} must be text; ${show(raw)} was replaced by the default.`);
      return fallback;
    }
    const value = opts.keepSpace ? raw : raw.trim();
    if (value.trim() === "" && !opts.allowEmpty) {
      this.errors.push(`${label} cannot be empty; the default was used.`);
      return fallback;
    }
    return value;
  }

  /** A list of strings; a lone string counts as a comma- or line-separated list. Non-strings are dropped. */
  list(raw: unknown, label: string, fallback: readonly string[], parse: (items: string[]) => string[]): string[] {
    if (raw === undefined) return [...fallback];
    if (typeof raw === "string") return parse(raw.split(/[\n,]/));
    if (!Array.isArray(raw)) {
      this.errors.push(`${label} must be a list; ${show(raw)} was replaced by the default.`);
      return [...fallback];
    }
    const strings = raw.filter((x): x is string => typeof x === "string");
    if (strings.length !== raw.length) this.errors.push(`${label}: entries that are not text were dropped.`);
    return parse(strings);
  }
}

/** A short, safe rendering of a bad value for a message. */
function show(raw: unknown): string {
  if (typeof raw === "string") return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
  if (raw === null) return "null";
  if (Array.isArray(raw)) return "a list";
  if (typeof raw === "number" || typeof raw === "boolean" || typeof raw === "bigint") return String(raw);
  return typeof raw === "object" ? "an object" : `a ${typeof raw}`;
}
