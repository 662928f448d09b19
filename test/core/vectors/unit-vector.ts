/** A deterministic pseudo-random unit vector (xorshift), so the test needs no fixture file. */
export function unitVector(dims: number, seed: number): Float32Array {
  let x = seed * 2654435761 + 1;
  const v = new Float32Array(dims);
  let sum = 0;
  for (let i = 0; i < dims; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    v[i] = ((x >>> 0) / 2 ** 32) * 2 - 1;
    sum += v[i]! * v[i]!;
  }
  for (let i = 0; i < dims; i++) v[i] = v[i]! / Math.sqrt(sum);
  return v;
}
