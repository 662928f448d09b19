/**
 * The arrays one search's hit table is written into (see hit-table.ts), kept by their owner from search to search: a
 * key's table holds every chunk the query matched, tens of thousands for a common word, and its five arrays made
 * anew on every key were most of the keystroke's array-buffer garbage. A table written into them is valid only until
 * the next search that uses the same buffers: the owner reads what it needs out of it first.
 */
export class HitBuffers {
  ids = new Int32Array(0);
  chunk = new Float64Array(0);
  score = new Float64Array(0);
  /** Each hit's note ordinal, and each scored note's total (see `HitTable.scoreNotes`). */
  notes = new Int32Array(0);
  totals = new Float64Array(0);

  /** Room for `n` hits in every array, grown by half again when short, so that a growing list seldom reallocates. */
  fit(n: number): this {
    if (this.ids.length >= n) return this;
    const size = Math.max(n, Math.ceil(this.ids.length * 1.5), 64);
    this.ids = new Int32Array(size);
    this.chunk = new Float64Array(size);
    this.score = new Float64Array(size);
    this.notes = new Int32Array(size);
    this.totals = new Float64Array(size);
    return this;
  }
}
