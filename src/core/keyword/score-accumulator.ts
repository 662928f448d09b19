/**
 * Per-document (or per-note) sums over small integer ids, in a flat array instead of a Map: scoring a common term
 * touches thousands of documents per query, and Map updates were most of that time.
 */
export class Accumulator {
  private readonly values: Float64Array;
  private readonly touched: number[] = [];

  constructor(size: number) {
    this.values = new Float64Array(size);
  }

  add(id: number, v: number): void {
    if (this.values[id] === 0) this.touched.push(id);
    this.values[id] = (this.values[id] ?? 0) + v;
  }

  max(id: number, v: number): void {
    const old = this.values[id] ?? 0;
    if (old === 0) this.touched.push(id);
    if (v > old) this.values[id] = v;
  }

  /**
   * Every non-zero entry as ids and values, in the order they were first touched, and clears them: `drain` without a
   * call per entry.
   */
  drainToArrays(): { ids: Int32Array; values: Float64Array } {
    const ids = new Int32Array(this.touched.length);
    const values = new Float64Array(this.touched.length);
    let n = 0;
    for (const id of this.touched) {
      const v = this.values[id] ?? 0;
      this.values[id] = 0;
      if (v === 0) continue;
      ids[n] = id;
      values[n++] = v;
    }
    this.touched.length = 0;
    return n === ids.length ? { ids, values } : { ids: ids.slice(0, n), values: values.slice(0, n) };
  }

  /** Visits every non-zero entry once and clears it. */
  drain(visit: (id: number, v: number) => void): void {
    for (const id of this.touched) {
      const v = this.values[id] ?? 0;
      this.values[id] = 0;
      if (v !== 0) visit(id, v);
    }
    this.touched.length = 0;
  }
}
