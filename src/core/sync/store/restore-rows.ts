/** What a restore reads of one saved note's chunks, `first` the index of its first chunk in the snapshot. */
export interface RestoredRows {
  /** Each chunk's row in the int8 pages it is adopted from; -1 when it isn't. */
  rows: number[];
  /** Each chunk's vector read as float32, when it has one and no int8 row. */
  vectors: (Float32Array | undefined)[];
  /** Each chunk has its vector (one way or the other). */
  embedded: boolean[];
}

/**
 * The rows and vectors of chunks [first, first + count) of a snapshot, by plain loops: a 10,000-note load runs this
 * for 30,000 chunks before anything is optimized, and a closure or array made per chunk is work for the collector.
 */
export function restoredRows(
  first: number,
  count: number,
  int8RowOf: (i: number) => number,
  vectorOf: (i: number) => Float32Array | undefined,
): RestoredRows {
  const rows: number[] = [];
  const vectors: (Float32Array | undefined)[] = [];
  const embedded: boolean[] = [];
  for (let j = 0; j < count; j++) {
    const row = int8RowOf(first + j);
    const vector = row >= 0 ? undefined : vectorOf(first + j);
    rows.push(row);
    vectors.push(vector);
    embedded.push(row >= 0 || vector !== undefined);
  }
  return { rows, vectors, embedded };
}
