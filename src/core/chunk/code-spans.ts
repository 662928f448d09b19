/**
 * Inline code spans of one line, as `[start, end)` ranges that include the backticks. A backtick run opens a span
 * that the next run of the same length closes; a run with no partner is plain text. Linear in the line length, also
 * for lines full of unmatched backticks.
 */
export function findCodeSpans(line: string): Array<[number, number]> {
  let i = line.indexOf("`");
  if (i < 0) return [];
  const starts: number[] = [];
  const lengths: number[] = [];
  while (i >= 0) {
    let j = i;
    while (line.charCodeAt(j) === 96) j++;
    starts.push(i);
    lengths.push(j - i);
    i = line.indexOf("`", j);
  }
  // For each run, the index of the next run with the same length (-1 if none), found in one backward pass.
  const nextSame = new Int32Array(starts.length).fill(-1);
  const lastByLength = new Map<number, number>();
  for (let r = starts.length - 1; r >= 0; r--) {
    const len = lengths[r] ?? 0;
    nextSame[r] = lastByLength.get(len) ?? -1;
    lastByLength.set(len, r);
  }
  const spans: Array<[number, number]> = [];
  for (let r = 0; r < starts.length; ) {
    const close = nextSame[r] ?? -1;
    if (close < 0) {
      r++;
      continue;
    }
    spans.push([starts[r] ?? 0, (starts[close] ?? 0) + (lengths[close] ?? 0)]);
    r = close + 1;
  }
  return spans;
}
