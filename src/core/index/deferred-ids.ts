/** Orama's id store, as far as this index uses it: chunk ids by internal id, and the map back. */
export interface OramaIdStore {
  idToInternalId: Map<string, number>;
  internalIdToId: string[];
}

/**
 * Orama's map from chunk id to internal id, with the ids a restore appended (`appendLater`) put in only when the map
 * is first read, or by `buildSteps` a slice at a time before that. A restore's 150,000 inserts into it cost a
 * 50,000-note load over 100 ms before its index could answer, for rows whose ids are mostly never looked up again by
 * id (keyword postings and the vector store work by internal id). Orama reads the map through `get`, `set` and `size`
 * only (internal-document-id-store.js), and never removes an id, so `size` is the length of the list.
 */
export class DeferredIds {
  private readonly map = new Map<string, number>();
  /** Ids in `internalIdToId` from here on are not in `map` yet. */
  private from = 0;

  constructor(private readonly store: OramaIdStore) {}

  /** Puts this in place of the store's map (which must be empty). */
  static install(store: OramaIdStore): DeferredIds {
    const ids = new DeferredIds(store);
    store.idToInternalId = ids as unknown as Map<string, number>;
    return ids;
  }

  get size(): number {
    return this.store.internalIdToId.length;
  }

  get pending(): boolean {
    return this.from < this.store.internalIdToId.length;
  }

  get(id: string): number | undefined {
    if (this.pending) this.buildAll();
    return this.map.get(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  set(id: string, internalId: number): this {
    if (this.pending) this.buildAll();
    this.map.set(id, internalId);
    // Orama pushes the id onto the list right after (getInternalDocumentId): it is in the map already.
    if (internalId === this.store.internalIdToId.length + 1) this.from = internalId;
    return this;
  }

  clear(): void {
    this.map.clear();
    this.from = 0;
  }

  /**
   * Gives chunk `id` the next internal id without reading the map: for a restore, whose chunk ids are new to the
   * index and distinct (one version of each note, `path#ordinal`).
   */
  appendLater(id: string): number {
    return this.store.internalIdToId.push(id);
  }

  /** Puts the appended ids into the map, yielding after every `perStep`. */
  *buildSteps(perStep: number): Generator<void, void, void> {
    let done = 0;
    while (this.pending) {
      const at = this.from++;
      this.map.set(this.store.internalIdToId[at]!, at + 1);
      if (++done % perStep === 0) yield;
    }
  }

  private buildAll(): void {
    const steps = this.buildSteps(Number.MAX_SAFE_INTEGER);
    while (!steps.next().done);
  }
}
