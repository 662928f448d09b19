import { ShardedMap } from "../shared/sharded-map";

/** Orama's id store, as far as this index uses it: chunk ids by internal id, and the map back. */
export interface OramaIdStore {
  idToInternalId: Map<string, number>;
  internalIdToId: string[];
}

/** A restored note's chunks, `base` the internal id of its first one, packed as base × 2^20 + count. */
const COUNT_BITS = 2 ** 20;

/**
 * Orama's map from chunk id to internal id, where a restore's chunks are found through their note instead of one
 * entry each: a chunk id is its note's path, "#" and its ordinal, and a restore gives a note's chunks consecutive
 * internal ids, so one entry per note (path → first internal id and count) finds them all. A restore's 150,000
 * inserts into Orama's map cost a 50,000-note load over 100 ms, for rows whose ids are mostly never asked for again
 * (keyword postings and the vector store work by internal id). Ids given later (`set`) go into a map of their own.
 * Orama reads the map through `get`, `set` and `size` only (internal-document-id-store.js) and never removes an id,
 * so `size` is the length of its list of ids.
 */
export class RestoredIds {
  /** Ids given one at a time: every chunk of a cold index, so sharded (see `ShardedMap`). */
  private readonly map = new ShardedMap<number>();
  private readonly notes = new Map<string, number>();
  /** The note being restored: its path, first internal id and chunks so far (recorded in `notes` when it ends). */
  private path = "";
  private base = 0;
  private count = 0;

  private constructor(private readonly store: OramaIdStore) {}

  /** Puts this in place of the store's map (which must be empty). */
  static install(store: OramaIdStore): RestoredIds {
    const ids = new RestoredIds(store);
    store.idToInternalId = ids as unknown as Map<string, number>;
    return ids;
  }

  get size(): number {
    return this.store.internalIdToId.length;
  }

  get(id: string): number | undefined {
    this.endNote();
    return this.map.get(id) ?? this.restored(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  set(id: string, internalId: number): this {
    this.endNote();
    this.map.set(id, internalId);
    return this;
  }

  clear(): void {
    this.path = "";
    this.count = 0;
    this.map.clear();
    this.notes.clear();
  }

  /**
   * Gives chunk `id` of note `path` the next internal id without looking it up: for a restore, whose chunk ids are
   * new to the index and distinct (one version of each note), a note's chunks one after the other. `ordinal`: the
   * chunk's ordinal. `id` must be `${path}#${ordinal}` (as the chunkers and the meta columns spell every chunk id) or
   * of another length.
   */
  append(id: string, path: string, ordinal: number): number {
    const internalId = this.store.internalIdToId.push(id);
    // Only the length is compared: a decoded id is a string made of the path and the ordinal, and reading its
    // characters would make a flat copy of each (150,000 at 50,000 notes). An id of another length is kept on its own.
    if (!Number.isInteger(ordinal) || ordinal < 0 || id.length !== path.length + 1 + digits(ordinal)) {
      this.map.set(id, internalId);
      return internalId;
    }
    if (path !== this.path || this.count === 0 || this.base + this.count !== internalId || this.count === COUNT_BITS - 1) {
      this.endNote();
      this.path = path;
      this.base = internalId;
    }
    this.count++;
    return internalId;
  }

  private endNote(): void {
    if (this.count === 0) return;
    // A path met again (chunks of one note not one after the other) keeps its first run; the rest go into the map.
    if (this.notes.has(this.path)) {
      for (let i = 0; i < this.count; i++) this.map.set(this.store.internalIdToId[this.base + i - 1]!, this.base + i);
    } else this.notes.set(this.path, this.base * COUNT_BITS + this.count);
    this.count = 0;
  }

  private restored(id: string): number | undefined {
    const hash = id.lastIndexOf("#");
    const packed = hash < 0 ? undefined : this.notes.get(id.slice(0, hash));
    if (packed === undefined) return undefined;
    const base = Math.floor(packed / COUNT_BITS);
    const count = packed % COUNT_BITS;
    const list = this.store.internalIdToId;
    // Chunk k of a note is nearly always its ordinal k; any other order is searched.
    const k = Number(id.slice(hash + 1));
    if (k >= 0 && k < count && list[base + k - 1] === id) return base + k;
    for (let i = 0; i < count; i++) if (list[base + i - 1] === id) return base + i;
    return undefined;
  }
}

/** Decimal digits of a whole number ≥ 0. */
function digits(n: number): number {
  let d = 1;
  for (let x = n; x >= 10; x = Math.floor(x / 10)) d++;
  return d;
}
