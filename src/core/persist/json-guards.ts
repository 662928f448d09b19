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

export function isStringArray(x: unknown, length: number): x is string[] {
  return Array.isArray(x) && x.length === length && x.every((v) => typeof v === "string");
}

/** Finite numbers only: JSON cannot carry NaN or Infinity, so anything else means the file is not ours. */
export function isNumberArray(x: unknown, length: number): x is number[] {
  return Array.isArray(x) && x.length === length && x.every((v) => typeof v === "number" && Number.isFinite(v));
}

/** Finite numbers or null (null: no value for that item). */
export function isNullableNumberArray(x: unknown, length: number): x is (number | null)[] {
  return Array.isArray(x) && x.length === length && x.every((v) => v === null || (typeof v === "number" && Number.isFinite(v)));
}

/** Non-negative integers below `limit`: counts and indices into a table. */
export function isIndexArray(x: unknown, length: number, limit: number): x is number[] {
  return isNumberArray(x, length) && x.every((v) => Number.isInteger(v) && v >= 0 && v < limit);
}

export function isStringArrays(x: unknown, length: number): x is string[][] {
  return isArrayOf(x, length, (v) => Array.isArray(v) && isStringArray(v, v.length));
}

export function isIndexArrays(x: unknown, length: number, limit: number): x is number[][] {
  return isArrayOf(x, length, (v) => Array.isArray(v) && isIndexArray(v, v.length, limit));
}

function isArrayOf(x: unknown, length: number, item: (v: unknown) => boolean): boolean {
  return Array.isArray(x) && x.length === length && x.every(item);
}
