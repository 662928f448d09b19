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

/**
 * The norm of an int8 row: its codes' Euclidean norm times |scale|. The codes' sum of squares is an exact integer,
 * so the norm is the same bit for bit however the sum was taken (this loop, `normsOfFourAt`, the arena's
 * kernel), and a loaded row ranks as the same row stored in this session does. It differs from the norm of the
 * dequantized values (each rounded to float32) by a few parts in 10⁸. It was that norm until its terms, which had to
 * be added one by one in order to agree bit for bit, took 140–160 ms of every 50,000-note load.
 */
export function int8NormOf(sumOfSquares: number, scale: number): number {
  return Math.sqrt(sumOfSquares) * Math.abs(scale);
}

/** The norm of an int8 row (see `int8NormOf`). */
export function normOfCodes(codes: Int8Array, scale: number): number {
  return normOfCodesAt(codes, 0, codes.length, scale);
}

/** `normOfCodes` of `codes[from…from+n)`, read in place (a load takes the norm of every saved row: no view each). */
export function normOfCodesAt(codes: Int8Array, from: number, n: number, scale: number): number {
  let sum = 0;
  for (let i = from; i < from + n; i++) sum += codes[i]! * codes[i]!;
  return int8NormOf(sum, scale);
}

/**
 * `normOfCodesAt` of four rows (codes at `rows[0…3]` of `codes`, with their scales) into `out[0…3]`, the same values:
 * the four sums' additions overlap instead of each waiting on the one before. Where the arena's kernel can't run, a
 * load takes the norm of every saved row this way.
 */
export function normsOfFourAt(codes: Int8Array, n: number, rows: readonly [number, number, number, number], scales: readonly [number, number, number, number], out: Float64Array): void {
  const [a, b, c, d] = rows;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < n; i++) {
    const x0 = codes[a + i]!;
    const x1 = codes[b + i]!;
    const x2 = codes[c + i]!;
    const x3 = codes[d + i]!;
    s0 += x0 * x0;
    s1 += x1 * x1;
    s2 += x2 * x2;
    s3 += x3 * x3;
  }
  out[0] = int8NormOf(s0, scales[0]);
  out[1] = int8NormOf(s1, scales[1]);
  out[2] = int8NormOf(s2, scales[2]);
  out[3] = int8NormOf(s3, scales[3]);
}

/** Euclidean norm as a running sum in order. */
export function normOfValues(v: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  return Math.sqrt(sum);
}
