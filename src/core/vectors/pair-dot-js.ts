/**
 * The JavaScript twin of the WebAssembly kernel: for `count` vectors laid back to back in `rows`, writes
 * max(a · v, b · v) to `out[at…]`. Every product and sum in float64, one running sum per position modulo 4, the four
 * sums added left to right: the kernel computes exactly these sums, so the two agree bit for bit. Used where the
 * kernel can't run (no WebAssembly SIMD, or dimensions that are not a multiple of 4).
 */
export function pairDotRows(rows: Float32Array, count: number, a: Float32Array, b: Float32Array, out: Float64Array, at: number): void {
  const n = a.length;
  for (let j = 0; j < count; j++) {
    const base = j * n;
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
    let i = 0;
    for (; i + 3 < n; i += 4) {
      const x0 = rows[base + i]!;
      const x1 = rows[base + i + 1]!;
      const x2 = rows[base + i + 2]!;
      const x3 = rows[base + i + 3]!;
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
      a0 += a[i]! * rows[base + i]!;
      b0 += b[i]! * rows[base + i]!;
    }
    out[at + j] = Math.max(a0 + a1 + a2 + a3, b0 + b1 + b2 + b3);
  }
}
