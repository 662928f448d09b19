/**
 * Sorts parallel (id, count) arrays by id, ids distinct, into `outIds`/`outCounts` (at least `size` long), using
 * `ids`/`counts` as scratch. A list restored from several saved parts is a few ascending runs, one per part: merging
 * the runs takes O(n log runs) with typed arrays only, where a comparator sort over boxed indices took tens of ms
 * for one common term's list, all in one slice of the first edit after a load. Distinct ids make the order unique,
 * so any correct sort gives the same arrays.
 */
export function sortPairs(ids: Int32Array, counts: Int32Array, size: number, outIds: Int32Array, outCounts: Int32Array): void {
  // Starts of the ascending runs, then `size`.
  const bounds: number[] = [0];
  for (let i = 1; i < size; i++) if (ids[i]! < ids[i - 1]!) bounds.push(i);
  bounds.push(size);
  let passes = 0;
  for (let runs = bounds.length - 1; runs > 1; runs = Math.ceil(runs / 2)) passes++;
  // The merges go back and forth between the two pairs of arrays; starting in the right one ends them in `out`.
  let [fromIds, fromCounts, toIds, toCounts] = passes % 2 === 0 ? [outIds, outCounts, ids, counts] : [ids, counts, outIds, outCounts];
  if (passes % 2 === 0) {
    outIds.set(ids.subarray(0, size));
    outCounts.set(counts.subarray(0, size));
  }
  let edges = bounds;
  while (edges.length > 2) {
    const next: number[] = [0];
    for (let r = 0; r + 1 < edges.length; r += 2) {
      const lo = edges[r]!;
      const mid = edges[r + 1]!;
      const hi = r + 2 < edges.length ? edges[r + 2]! : mid;
      mergeRuns(fromIds, fromCounts, toIds, toCounts, lo, mid, hi);
      next.push(hi);
    }
    edges = next;
    [fromIds, fromCounts, toIds, toCounts] = [toIds, toCounts, fromIds, fromCounts];
  }
}

/** Merges the ascending runs [lo, mid) and [mid, hi) of `from*` into [lo, hi) of `to*`. */
function mergeRuns(fromIds: Int32Array, fromCounts: Int32Array, toIds: Int32Array, toCounts: Int32Array, lo: number, mid: number, hi: number): void {
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) {
    if (fromIds[i]! < fromIds[j]!) {
      toIds[k] = fromIds[i]!;
      toCounts[k++] = fromCounts[i++]!;
    } else {
      toIds[k] = fromIds[j]!;
      toCounts[k++] = fromCounts[j++]!;
    }
  }
  for (; i < mid; i++, k++) {
    toIds[k] = fromIds[i]!;
    toCounts[k] = fromCounts[i]!;
  }
  for (; j < hi; j++, k++) {
    toIds[k] = fromIds[j]!;
    toCounts[k] = fromCounts[j]!;
  }
}
