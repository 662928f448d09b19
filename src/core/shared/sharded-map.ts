
/**
 * A map from string keys to values, spread over several `Map`s by the key's length, for maps that grow to hundreds
 * of thousands of chunk ids while a vault is indexed.
 *
 * A `Map` grows by building its whole table again once it is full: one insert then moves every entry. In a
 * 50,000-note cold index (`bench:sync --slow-sets`) two such maps reached 131,072 ids within one indexing step and
 * their inserts took 24.2 and 18.3 ms of it; `bench/map-growth.ts` gives 12.7–17.8 ms for one insert into a map of
 * 262,144 ids. Spread over 16 maps, each grows on its own at a sixteenth of that size.
 *
 * The length picks the map because it costs nothing to read: chunk ids are made by joining a path and an ordinal,
 * and reading a character of such a string makes V8 copy it flat. Paths of one length all land in one map, which
 * then grows like a plain `Map` would: never worse than one.
 *
 * Iteration goes map by map, so it does not follow the insertion order.
 */
export class ShardedMap<V> {
  /** 16 maps; a key's is picked by its length masked to 4 bits (`shardOf`). */
  private readonly shards: Map<string, V>[] = Array.from({ length: 16 }, () => new Map<string, V>());
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    // Written out rather than through `shardOf`: the read a search makes hundreds of times a key, as map-growth
    // measured it.
    return this.shards[key.length & 15]!.get(key);
  }

  has(key: string): boolean {
    return this.shardOf(key).has(key);
  }

  set(key: string, value: V): this {
    const shard = this.shardOf(key);
    const before = shard.size;
    shard.set(key, value);
    this.count += shard.size - before;
    return this;
  }

  delete(key: string): boolean {
    const gone = this.shardOf(key).delete(key);
    if (gone) this.count--;
    return gone;
  }

  clear(): void {
    for (const shard of this.shards) shard.clear();
    this.count = 0;
  }

  *entries(): IterableIterator<[string, V]> {
    for (const shard of this.shards) yield* shard.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries();
  }

  private shardOf(key: string): Map<string, V> {
    return this.shards[key.length & 15]!;
  }
}
