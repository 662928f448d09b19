/**
 * Shape checks for JSON read back from an index file. The checksum already rules out accidental damage; these guard
 * against our own bugs and hand-edited files, so that decoding fails as "corrupt" instead of throwing later.
 */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** A non-negative integer: a count or a size. */
export function isCount(x: unknown): x is number {
  return typeof x === "number" && Number.isInteger(x) && x >= 0;
}

// Plain loops below, no callback per item: a 50,000-note load checks some two million items here.

export function isStringArray(x: unknown, length: number): x is string[] {
  if (!Array.isArray(x) || x.length !== length) return false;
  for (let i = 0; i < length; i++) if (typeof x[i] !== "string") return false;
  return true;
}

/** Finite numbers only: JSON cannot carry NaN or Infinity, so anything else means the file is not ours. */
export function isNumberArray(x: unknown, length: number): x is number[] {
  if (!Array.isArray(x) || x.length !== length) return false;
  for (let i = 0; i < length; i++) if (!Number.isFinite(x[i])) return false;
  return true;
}

/** Finite numbers or null (null: no value for that item). */
export function isNullableNumberArray(x: unknown, length: number): x is (number | null)[] {
  if (!Array.isArray(x) || x.length !== length) return false;
  for (let i = 0; i < length; i++) if (x[i] !== null && !Number.isFinite(x[i])) return false;
  return true;
}

/** Non-negative integers below `limit`: counts and indices into a table. */
export function isIndexArray(x: unknown, length: number, limit: number): x is number[] {
  if (!Array.isArray(x) || x.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const v: unknown = x[i];
    if (!Number.isInteger(v) || (v as number) < 0 || (v as number) >= limit) return false;
  }
  return true;
}

export function isStringArrays(x: unknown, length: number): x is string[][] {
  if (!Array.isArray(x) || x.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const v: unknown = x[i];
    if (!Array.isArray(v) || !isStringArray(v, v.length)) return false;
  }
  return true;
}

export function isIndexArrays(x: unknown, length: number, limit: number): x is number[][] {
  if (!Array.isArray(x) || x.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const v: unknown = x[i];
    if (!Array.isArray(v) || !isIndexArray(v, v.length, limit)) return false;
  }
  return true;
}
