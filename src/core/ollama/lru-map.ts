/**
 * A size-bounded map that forgets the least recently used entry first. A Map keeps insertion order, so moving an
 * entry to the end on every read is enough; no linked list needed.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  /** `maxEntries` below 1 is treated as 1. */
  constructor(private readonly maxEntries: number) {
    this.maxEntries = Math.max(1, Math.floor(maxEntries));
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.map.delete(oldest.value);
    }
  }

  clear(): void {
    this.map.clear();
  }
}
