/**
 * Per-document (or per-note) sums over small integer ids, in a flat array instead of a Map: scoring a common term
 * touches thousands of documents per query, and Map updates were most of that time.
 */
export class Accumulator {
  private readonly values: Float64Array;
  /**
   * Ids in the order first touched, `count` of them: a typed array kept from search to search, where a number array
   * grown by a push per id (tens of thousands on a key) made most of a keystroke's garbage, and its scavenges landed
   * on one key in ten.
   */
  private touched: Int32Array;
  private count = 0;

  constructor(size: number) {
    this.values = new Float64Array(size);
    this.touched = new Int32Array(Math.max(16, size));
  }

  /** How many ids it can hold. */
  get size(): number {
    return this.values.length;
  }

  /** Clears whatever a pass that stopped early (an exception) left behind. */
  reset(): this {
    for (let k = 0; k < this.count; k++) this.values[this.touched[k] ?? 0] = 0;
    this.count = 0;
    return this;
  }

  add(id: number, v: number): void {
    if (this.values[id] === 0) this.touch(id);
    this.values[id] = (this.values[id] ?? 0) + v;
  }

  max(id: number, v: number): void {
    const old = this.values[id] ?? 0;
    if (old === 0) this.touch(id);
    if (v > old) this.values[id] = v;
  }

  /**
   * Every non-zero entry as ids and values, in the order they were first touched, and clears them: `drain` without a
   * call per entry.
   */
  drainToArrays(): { ids: Int32Array; values: Float64Array } {
    const ids = new Int32Array(this.count);
    const values = new Float64Array(this.count);
    let n = 0;
    for (let k = 0; k < this.count; k++) {
      const id = this.touched[k] ?? 0;
      const v = this.values[id] ?? 0;
      this.values[id] = 0;
      if (v === 0) continue;
      ids[n] = id;
      values[n++] = v;
    }
    this.count = 0;
    return n === ids.length ? { ids, values } : { ids: ids.slice(0, n), values: values.slice(0, n) };
  }

  /** Every non-zero entry as ids and values, in the order they were first touched, left in place. */
  peekToArrays(): { ids: Int32Array; values: Float64Array } {
    let n = 0;
    for (let k = 0; k < this.count; k++) if (this.values[this.touched[k] ?? 0] !== 0) n++;
    const ids = new Int32Array(n);
    const values = new Float64Array(n);
    let at = 0;
    for (let k = 0; k < this.count; k++) {
      const id = this.touched[k] ?? 0;
      const v = this.values[id] ?? 0;
      if (v === 0) continue;
      ids[at] = id;
      values[at++] = v;
    }
    return { ids, values };
  }

  /**
   * Every non-zero entry written into `out` at its id, and its id into `ids` from `ids[0]` on, in the order first
   * touched; cleared here. Returns how many ids were written (`ids` must have room for every id touched).
   */
  drainInto(out: Float64Array, ids: Int32Array): number {
    let n = 0;
    for (let k = 0; k < this.count; k++) {
      const id = this.touched[k] ?? 0;
      const v = this.values[id] ?? 0;
      this.values[id] = 0;
      if (v === 0) continue;
      out[id] = v;
      ids[n++] = id;
    }
    this.count = 0;
    return n;
  }

  /** Visits every non-zero entry once and clears it. */
  drain(visit: (id: number, v: number) => void): void {
    for (let k = 0; k < this.count; k++) {
      const id = this.touched[k] ?? 0;
      const v = this.values[id] ?? 0;
      this.values[id] = 0;
      if (v !== 0) visit(id, v);
    }
    this.count = 0;
  }

  private touch(id: number): void {
    // An id touched again after going back to zero is listed twice (and read once): room may run out.
    if (this.count === this.touched.length) {
      const grown = new Int32Array(this.touched.length * 2);
      grown.set(this.touched);
      this.touched = grown;
    }
    this.touched[this.count++] = id;
  }
}

/** Accumulators of one size kept for reuse, by role: see `accumulatorsFor`. */
let pool: Accumulator[] = [];

/**
 * `count` cleared accumulators for ids below `size`, the same ones as the last call asked for when the size fits. A
 * keystroke's search scores into three arrays as long as the chunk count, and allocating and zeroing them anew on
 * every key cost more than filling them. Only for synchronous passes that are done with them before the next call.
 */
export function accumulatorsFor(size: number, count: number): Accumulator[] {
  if ((pool[0]?.size ?? 0) < size || pool.length < count) pool = Array.from({ length: Math.max(count, pool.length) }, () => new Accumulator(Math.max(size, Math.ceil((pool[0]?.size ?? 0) * 1.5), 64)));
  return pool.slice(0, count).map((a) => a.reset());
}
