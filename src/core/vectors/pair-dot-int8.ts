/**
 * The int8 twin of `pairDotRows`: for `count` vectors of int8 codes laid back to back in `codes`, row j standing for
 * `codes[j·n…] × scales[j]`, writes max(a · v, b · v) to `out[at…]`. The codes are multiplied by the float probes in
 * float64 (exact: a code has 8 bits), summed per position modulo 4, and the sum is scaled once a row.
 */
export function pairDotInt8Rows(
  codes: Int8Array,
  scales: Float32Array,
  count: number,
  a: Float32Array,
  b: Float32Array,
  out: Float64Array,
  at: number,
): void {
  const n = a.length;
  for (let j = 0; j < count; j++) {
    const base = j * n;
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
    let i = 0;
    for (; i + 3 < n; i += 4) {
      const x0 = codes[base + i]!;
      const x1 = codes[base + i + 1]!;
      const x2 = codes[base + i + 2]!;
      const x3 = codes[base + i + 3]!;
      a0 += a[i]! * x0;
      a1 += a[i + 1]! * x1;
      a2 += a[i + 2]! * x2;
      a3 += a[i + 3]! * x3;
      b0 += b[i]! * x0;
      b1 += b[i + 1]! * x1;
      b2 += b[i + 2]! * x2;
      b3 += b[i + 3]! * x3;
    }
    for (; i < n; i++) {
      a0 += a[i]! * codes[base + i]!;
      b0 += b[i]! * codes[base + i]!;
    }
    const scale = scales[j]!;
    out[at + j] = Math.max((a0 + a1 + a2 + a3) * scale, (b0 + b1 + b2 + b3) * scale);
  }
}
