/**
 * Index of the last entry of ascending `starts[0…end)` that is at or before `x` (0 when none is): which run, page or
 * note a position falls in, given where each one starts. `end` defaults to the whole list.
 */
export function lastAtOrBefore(starts: ArrayLike<number>, x: number, end = starts.length): number {
  let lo = 0;
  let hi = end - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
