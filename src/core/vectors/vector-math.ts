/**
 * Dot product of two vectors of equal length, unrolled. No scan of the index calls it any more (the vector store
 * scans its rows with the pair-dot kernel, see vectors/pair-dot-kernel.ts); tests use it as the plain reference the
 * kernel's scores are checked against. Reads are within bounds and asserted rather than defaulted.
 */
export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) s0 += a[i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}

/** Cosine similarity of two equal-length vectors; 0 when either is all zeros or the lengths differ. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Mean direction of several vectors: each is scaled to unit length first, so a long vector does not outweigh the
 * others. Undefined for an empty list or vectors of different lengths.
 */
export function meanDirection(vectors: readonly Float32Array[]): Float32Array | undefined {
  const first = vectors[0];
  if (!first || vectors.some((v) => v.length !== first.length)) return undefined;
  const sum = new Float32Array(first.length);
  for (const v of vectors) addUnit(sum, v);
  return sum;
}

/** Adds `v` scaled to unit length to `sum` (of the same length): one step of `meanDirection`. A zero `v` adds nothing. */
export function addUnit(sum: Float32Array, v: Float32Array): void {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += (v[i] ?? 0) ** 2;
  if (norm === 0) return;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) sum[i] = (sum[i] ?? 0) + (v[i] ?? 0) * scale;
}

/** `normOfValues` of the dequantized codes, without making them: each value rounded to float32 as `dequantizeInt8` does. */
export function normOfCodes(codes: Int8Array, scale: number): number {
  return normOfCodesAt(codes, 0, codes.length, scale);
}

/** `normOfCodes` of `codes[from…from+n)`, read in place (a load takes the norm of every saved row: no view each). */
export function normOfCodesAt(codes: Int8Array, from: number, n: number, scale: number): number {
  let sum = 0;
  for (let i = from; i < from + n; i++) {
    const x = Math.fround(codes[i]! * scale);
    sum += x * x;
  }
  return Math.sqrt(sum);
}

/** Squares of `fround(code × scale)` for codes -128…127, four rows' worth (`normsOfFourAt`). */
const SQUARES = new Float64Array(4 * 256);

/**
 * `normOfCodesAt` of four rows (codes at `from0`…`from3` of `codes`, with their scales) into `out[0…3]`, the same
 * values: each row's terms are the same squares, added in the same order, read from a table of the 256 a row's
 * scale can give, and the four sums' additions overlap instead of each waiting on the one before. A load takes the
 * norm of every saved row (150,000 at 50,000 notes) this way.
 */
export function normsOfFourAt(codes: Int8Array, n: number, rows: readonly [number, number, number, number], scales: readonly [number, number, number, number], out: Float64Array): void {
  const t = SQUARES;
  for (let k = 0; k < 4; k++) {
    const scale = scales[k]!;
    for (let v = -128; v < 128; v++) {
      const x = Math.fround(v * scale);
      t[k * 256 + v + 128] = x * x;
    }
  }
  const [a, b, c, d] = rows;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < n; i++) {
    s0 += t[codes[a + i]! + 128]!;
    s1 += t[codes[b + i]! + 384]!;
    s2 += t[codes[c + i]! + 640]!;
    s3 += t[codes[d + i]! + 896]!;
  }
  out[0] = Math.sqrt(s0);
  out[1] = Math.sqrt(s1);
  out[2] = Math.sqrt(s2);
  out[3] = Math.sqrt(s3);
}

/** Euclidean norm as a running sum in order. */
export function normOfValues(v: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  return Math.sqrt(sum);
}
