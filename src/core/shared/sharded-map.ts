
/**
 * A map from string keys to values, spread over several `Map`s by the key's length, for maps that grow to hundreds
 * of thousands of chunk ids while a vault is indexed.
 *
 * A `Map` grows by building its whole table again once it is full: one insert then moves every entry. At 131,072
 * chunk ids that insert took 14–20 ms inside one indexing step (two such maps grew in the same step of a 50,000-note
 * index), and at 262,144 it took 25–40 ms. Spread over 16 maps, each grows on its own at a sixteenth of that size.
 *
 * The length picks the map because it costs nothing to read: chunk ids are made by joining a path and an ordinal,
 * and reading a character of such a string makes V8 copy it flat. Paths of one length all land in one map, which
 * then grows like a plain `Map` would: never worse than one.
 *
 * Iteration goes map by map, so it does not follow the insertion order.
 */
export class ShardedMap<V> {
  // 16 maps, a key's map being its length masked (`& 15`, written out: a module constant read on every call cost
  // the gets a fifth of their time).
  private readonly shards: Map<string, V>[] = Array.from({ length: 16 }, () => new Map<string, V>());
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
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
