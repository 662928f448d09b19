/** One insert that took long, as `watchSlowSets` saw it. */
export interface SlowSet {
  /** Entries the map held before the insert. */
  size: number;
  ms: number;
  /** When the insert started, on `performance.now()`'s clock (the one the stall list's `endMs` uses). */
  startMs: number;
  /** The three callers above the insert, innermost first. */
  callers: string[];
}

/**
 * Times every `Map.prototype.set` on a map of 16,384 entries or more at a power of two (where V8 may rebuild the
 * table) until `stop`, which puts `set` back and returns the inserts that took at least `minMs`. For finding which
 * map makes a stall; the wrapper slows every insert, so a run that uses it times nothing else.
 */
export function watchSlowSets(minMs = 2): { stop(): SlowSet[] } {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called only through `call`, and put back as it was
  const original = Map.prototype.set;
  const slow: SlowSet[] = [];
  Map.prototype.set = function <K, V>(this: Map<K, V>, key: K, value: V): Map<K, V> {
    const size = this.size;
    if (size < 16_384 || (size & (size - 1)) !== 0) return original.call(this, key, value) as Map<K, V>;
    const startMs = performance.now();
    const result = original.call(this, key, value) as Map<K, V>;
    const ms = performance.now() - startMs;
    if (ms >= minMs) {
      const callers = (new Error().stack ?? "").split("\n").slice(2, 5).map((line) => line.trim().replace(/^at /, "").replace(/ \(.*[/\\]/, " ("));
      slow.push({ size, ms: Math.round(ms * 10) / 10, startMs: Math.round(startMs), callers });
    }
    return result;
  };
  return {
    stop: () => {
      Map.prototype.set = original;
      return slow;
    },
  };
}
