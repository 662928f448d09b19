/**
 * The `k`-th largest of `values` counting repeats (-Infinity when fewer than `k` are above it): a min-heap of the `k`
 * largest, instead of sorting all 10,000 notes' scores for every list.
 */
export function kthLargest(values: Float64Array, k: number): number {
  if (k <= 0) return Infinity;
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!(x > -Infinity)) continue;
    if (size < k) {
      let at = size++;
      while (at > 0) {
        const up = (at - 1) >> 1;
        if (heap[up]! <= x) break;
        heap[at] = heap[up]!;
        at = up;
      }
      heap[at] = x;
    } else if (x > heap[0]!) {
      let at = 0;
      for (;;) {
        const l = 2 * at + 1;
        if (l >= k) break;
        const r = l + 1;
        const c = r < k && heap[r]! < heap[l]! ? r : l;
        if (heap[c]! >= x) break;
        heap[at] = heap[c]!;
        at = c;
      }
      heap[at] = x;
    }
  }
  return size < k ? -Infinity : heap[0]!;
}
