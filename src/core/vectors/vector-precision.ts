/**
 * How stored vectors are kept, in memory and on disk.
 * - `"float32"`: 4 bytes a dimension, as the model returned them.
 * - `"int8"`: 1 byte a dimension plus one float32 scale a vector (symmetric, per vector): `v[i] ≈ code[i] × scale`,
 *   with `scale = max|v| / 127`, so each value is off by at most `scale / 2`. About a quarter of the size.
 */
export type VectorPrecision = "float32" | "int8";

export const VECTOR_PRECISIONS: readonly VectorPrecision[] = ["float32", "int8"];

/** Vectors kept as int8 rows back to back: row i stands for `codes[i·dims…(i+1)·dims] × scales[i]`. */
export interface Int8Rows {
  scales: Float32Array;
  codes: Int8Array;
}

/** The largest code: symmetric, so -127…127 (and -128 is never used, which keeps negation exact). */
const INT8_MAX = 127;

/** Whether `x` names a precision. */
export function isVectorPrecision(x: unknown): x is VectorPrecision {
  return x === "float32" || x === "int8";
}

/** Bytes one vector of `dims` takes in `precision` (the int8 scale included). */
export function bytesPerVector(precision: VectorPrecision, dims: number): number {
  return precision === "int8" ? dims + 4 : dims * 4;
}

/**
 * Writes `v`'s int8 codes into `codes` (same length) and returns the scale: `code[i] = round(v[i] / scale)`. A zero
 * (or non-finite) vector gets scale 0 and all codes 0, so it stays a zero vector that no cosine floor lets through.
 * The scale is rounded to float32 before the codes are taken, so dequantizing with the stored scale is what was meant.
 */
export function quantizeInt8(v: Float32Array, codes: Int8Array): number {
  let max = 0;
  for (let i = 0; i < v.length; i++) {
    const a = Math.abs(v[i]!);
    if (a > max) max = a;
  }
  const scale = Math.fround(max / INT8_MAX);
  if (!(scale > 0) || !Number.isFinite(scale)) {
    codes.fill(0);
    return 0;
  }
  for (let i = 0; i < v.length; i++) {
    const q = Math.round(v[i]! / scale);
    codes[i] = q > INT8_MAX ? INT8_MAX : q < -INT8_MAX ? -INT8_MAX : q;
  }
  return scale;
}

/** The float32 values int8 `codes` with `scale` stand for, written into `out` (a new array when not given). */
export function dequantizeInt8(codes: Int8Array, scale: number, out = new Float32Array(codes.length)): Float32Array {
  for (let i = 0; i < codes.length; i++) out[i] = codes[i]! * scale;
  return out;
}
