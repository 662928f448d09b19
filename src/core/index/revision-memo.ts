/**
 * Values computed from the index, kept for one index revision: what one keystroke worked out about a word (its typo
 * corrections) is asked again on every following key while that word stays in the query. The oldest go first past
 * `limit` entries.
 */
export class RevisionMemo<V> {
  private readonly held = new Map<string, V>();
  private revision: number | undefined;

  /** `limit`: most values kept. */
  constructor(private readonly limit = 256) {}

  /** Drops everything when the index changed since the memo was filled. */
  validFor(revision: number): this {
    if (this.revision !== revision) {
      this.held.clear();
      this.revision = revision;
    }
    return this;
  }

  /** The value kept for `key`, else `make()`'s, kept. */
  get(key: string, make: () => V): V {
    const found = this.held.get(key);
    if (found !== undefined) return found;
    const made = make();
    this.held.set(key, made);
    if (this.held.size > this.limit) {
      const oldest = this.held.keys().next();
      if (!oldest.done) this.held.delete(oldest.value);
    }
    return made;
  }
}
