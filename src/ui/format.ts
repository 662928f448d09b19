/** Locale-aware display of counts, durations and sizes. `locale` defaults to the user's (tests pass one). */

export function formatCount(n: number, locale?: string): string {
  return n.toLocaleString(locale);
}

/** "1 note" / "6,571 notes". */
export function plural(n: number, one: string, many: string, locale?: string): string {
  return `${formatCount(n, locale)} ${n === 1 ? one : many}`;
}

/** Time left in words: "under a minute left", "2 min left", "1 h 5 min left"; undefined when unknown. */
export function formatEta(ms: number | undefined): string | undefined {
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) return undefined;
  if (ms < 45_000) return "under a minute left";
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h left` : `${hours} h ${rest} min left`;
}

const UNITS = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** "512 bytes", "12.3 MB" (powers of 1024). */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${UNITS[unit] ?? "bytes"}`;
}

/** A similarity in 0..1 as a whole percentage, "87%". */
export function formatPercent(x: number): string {
  return `${Math.round(Math.min(1, Math.max(0, x)) * 100)}%`;
}
