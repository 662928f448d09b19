import type { IndexedChunk } from "./index-types";

/** How a `ChunkMap` reaches the internal ids of the chunk database it sits beside. */
export interface InternalIds {
  /** The internal id of chunk `id`, undefined when it was never given one. */
  of(id: string): number | undefined;
  /** The internal id of chunk `id`, given now when it has none. */
  allot(id: string): number;
}

/**
 * The index's chunk entries by chunk id, kept in an array by internal id rather than in a map of their own: the
 * chunk database already maps every id to its internal id, and a second map keyed by the same 150,000 ids cost a
 * 50,000-note load about 150 ms of inserts and rehashing, plus its table. An internal id stays with its chunk id for
 * the life of the index, so a chunk that comes back takes its old place. Iteration is by internal id (the order
 * chunks were first indexed), not by the order of the latest insert.
 */
export class ChunkMap {
  private readonly byInternal: (IndexedChunk | undefined)[] = [];
  private count = 0;

  constructor(private readonly ids: InternalIds) {}

  get size(): number {
    return this.count;
  }

  get(id: string): IndexedChunk | undefined {
    const at = this.ids.of(id);
    return at === undefined ? undefined : this.byInternal[at];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  set(id: string, entry: IndexedChunk): this {
    return this.setAt(this.ids.allot(id), entry);
  }

  /** `set` for a chunk whose internal id the caller already has (a restore's inserts return it). */
  setAt(internalId: number, entry: IndexedChunk): this {
    // Grown one at a time, so the array stays packed (a hole would turn it into a dictionary).
    while (this.byInternal.length <= internalId) this.byInternal.push(undefined);
    if (this.byInternal[internalId] === undefined) this.count++;
    this.byInternal[internalId] = entry;
    return this;
  }

  delete(id: string): boolean {
    const at = this.ids.of(id);
    if (at === undefined || this.byInternal[at] === undefined) return false;
    this.byInternal[at] = undefined;
    this.count--;
    return true;
  }

  *values(): IterableIterator<IndexedChunk> {
    for (const entry of this.byInternal) if (entry !== undefined) yield entry;
  }

  *[Symbol.iterator](): IterableIterator<[string, IndexedChunk]> {
    for (const entry of this.byInternal) if (entry !== undefined) yield [entry.chunk.id, entry];
  }
}
