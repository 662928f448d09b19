interface Entry {
  /**
   * Chunk ids in the index whose embedded text has this hash: one id as it is (nearly every text occurs once; a set
   * for each would cost a loaded 10,000-note vault some 30,000 of them at start-up), a set once there are more.
   */
  ids: string | Set<string>;
  /** The chunks have their vector, in the index (the pool holds no copy of a vector the index holds). */
  embedded: boolean;
}

/**
 * What the pool keeps of a text: the one chunk id alone when that one chunk has it and its vector is in the index
 * (nearly every text of a loaded index: an object for each was 150,000 at 50,000 notes, made at every load), else
 * an `Entry`.
 */
type Kept = string | Entry;

/** `kept` as an entry (a new one for a lone id; change it only through `keep`). */
function entryOf(kept: Kept): Entry {
  return typeof kept === "string" ? { ids: kept, embedded: true } : kept;
}

/** The index's stored vector of a chunk, if it has one. */
export type StoredVectorOf = (id: string) => Float32Array | undefined;

/** A note's chunks as the pool records them: each chunk's id and the hash of its embedded text. */
export interface PooledNote {
  readonly chunks: readonly { readonly id: string }[];
  readonly embedHashes: readonly string[];
}

/**
 * Vectors by embed hash (the hash of the exact text embedded), for one model. Chunks of identical text share one
 * vector wherever they are in the index, so an edit, a move or a rename costs an embedding only for text the index
 * has never had a vector for. A vector whose last chunk goes is kept a while (recently dropped, bounded), so that an
 * edit that is undone costs nothing either. Seeds are vectors from a discarded index, offered during a rebuild; the
 * ones the rebuild did not use join the recently dropped.
 */
export class VectorPool {
  private readonly entries = new Map<string, Kept>();
  /** Recently dropped vectors, least recently used first (a Map keeps insertion order). */
  private readonly dropped = new Map<string, Float32Array>();
  /** A seed's vector, or its row in `seedRow` (read when asked: a salvaged index's int8 rows stay int8 meanwhile). */
  private seeds = new Map<string, Float32Array | number>();
  private seedRow: ((i: number) => Float32Array | undefined) | undefined;
  private waitingChunks = 0;
  /**
   * Notes a load put in the index with every vector, not recorded yet (see `defer`): from `deferredAt` on, the chunk
   * `deferredChunk` of the note there first.
   */
  private deferred: PooledNote[] = [];
  private deferredAt = 0;
  private deferredChunk = 0;

  /**
   * `storedVectorOf`: reads a chunk's vector from the index, where the vectors of text in the index live.
   * `keepDropped`: how many recently dropped vectors to keep. Default 4096 (12 MB at 768 dimensions).
   */
  constructor(
    private readonly storedVectorOf: StoredVectorOf,
    private readonly keepDropped = 4096,
  ) {}

  /** Chunks in the index that still wait for their vector. */
  get pendingChunks(): number {
    return this.waitingChunks;
  }

  /**
   * Records `note`'s chunks as `retain(hash, id, true)` each would, but only when the pool is next asked anything
   * (or `settleSteps` runs): a load's rows mostly never change, and recording 150,000 of them took a 50,000-note load
   * some 150 ms. The order of every `retain` is kept. Only for chunks that all have their vector in the index.
   */
  defer(note: PooledNote): void {
    if (note.chunks.length > 0) this.deferred.push(note);
  }

  /** Whether notes given to `defer` are still to be recorded. */
  get deferring(): boolean {
    return this.deferredAt < this.deferred.length;
  }

  /** Records the deferred notes, yielding after about `perStep` chunks (what a caller with a pause runs first). */
  *settleSteps(perStep: number): Generator<void, void, void> {
    let done = 0;
    // The place is kept in fields, not here: a synchronous call may settle the rest while this waits at a yield.
    while (this.deferredAt < this.deferred.length) {
      const note = this.deferred[this.deferredAt]!;
      const i = this.deferredChunk;
      if (i < note.chunks.length) {
        this.deferredChunk = i + 1;
        this.retainNow(note.embedHashes[i] ?? "", note.chunks[i]!.id, true);
        if (++done % perStep === 0) yield;
      } else {
        this.deferredAt++;
        this.deferredChunk = 0;
      }
    }
    this.deferred = [];
    this.deferredAt = 0;
  }

  private settle(): void {
    if (!this.deferring) return;
    const steps = this.settleSteps(Number.MAX_SAFE_INTEGER);
    while (!steps.next().done);
  }

  /** The vector known for this text, from the index, the seeds or the recently dropped ones. */
  lookup(hash: string): Float32Array | undefined {
    this.settle();
    const kept = this.entries.get(hash);
    const known = (kept === undefined ? undefined : this.storedVector(entryOf(kept))) ?? this.seedVector(this.seeds.get(hash));
    if (known) return known;
    const dropped = this.dropped.get(hash);
    if (dropped) this.drop(hash, dropped);
    return dropped;
  }

  /**
   * Records that chunk `id` has text `hash`, and whether the index holds its vector (`embedded`). Returns whether it
   * still needs one.
   */
  retain(hash: string, id: string, embedded: boolean): boolean {
    this.settle();
    return this.retainNow(hash, id, embedded);
  }

  private retainNow(hash: string, id: string, embedded: boolean): boolean {
    const kept = this.entries.get(hash);
    if (kept === undefined) {
      this.entries.set(hash, embedded ? id : { ids: id, embedded });
      if (!embedded) this.waitingChunks++;
      return !embedded;
    }
    const entry = entryOf(kept);
    if (!entry.embedded && embedded) {
      this.waitingChunks -= countOf(entry.ids);
      entry.embedded = true;
    }
    if (!hasId(entry.ids, id)) {
      entry.ids = typeof entry.ids === "string" ? new Set([entry.ids, id]) : entry.ids.add(id);
      if (!entry.embedded) this.waitingChunks++;
    }
    this.keep(hash, entry);
    return !entry.embedded;
  }

  /**
   * Chunk `id` no longer has text `hash`; called while the chunk is still in the index, so that the vector of text
   * that leaves the index can be kept (as a copy: its slot in the index will be reused). Returns true when no chunk
   * has that text any more.
   */
  release(hash: string, id: string): boolean {
    this.settle();
    const kept = this.entries.get(hash);
    if (kept === undefined) return false;
    const entry = entryOf(kept);
    if (!hasId(entry.ids, id)) return false;
    const vector = countOf(entry.ids) === 1 ? this.storedVector(entry) : undefined;
    if (typeof entry.ids !== "string") entry.ids.delete(id);
    if (!entry.embedded) this.waitingChunks--;
    if (typeof entry.ids !== "string" && entry.ids.size > 0) {
      this.keep(hash, entry);
      return false;
    }
    this.entries.delete(hash);
    if (vector) this.drop(hash, vector.slice());
    return true;
  }

  /** A vector arrived for `hash`: keeps it and returns the chunk ids it belongs to (none when they are gone). */
  deliver(hash: string, vector: Float32Array): readonly string[] {
    this.settle();
    const kept = this.entries.get(hash);
    if (kept === undefined) {
      this.drop(hash, vector);
      return [];
    }
    const entry = entryOf(kept);
    if (!entry.embedded) this.waitingChunks -= countOf(entry.ids);
    entry.embedded = true;
    this.keep(hash, entry);
    return typeof entry.ids === "string" ? [entry.ids] : [...entry.ids];
  }

  /** True when some chunk has text `hash` but no vector yet. */
  needsVector(hash: string): boolean {
    this.settle();
    const kept = this.entries.get(hash);
    return kept !== undefined && typeof kept !== "string" && !kept.embedded;
  }

  /** Offers a vector from a discarded index of the same model, until `clearSeeds`. */
  seed(hash: string, vector: Float32Array): void {
    this.seeds.set(hash, vector);
  }

  /**
   * Offers row i of a discarded index as the seed for `hashes[i]` ("" for a row without a vector), until `clearSeeds`.
   * `row` is read only when a seed is used, so the rows can stay in their saved form (int8) until then. Returns how
   * many seeds were offered.
   */
  seedRows(hashes: readonly string[], row: (i: number) => Float32Array | undefined): number {
    // Seeds kept by row all read one function: a second source would silently answer for the first one's rows.
    if (this.seedRow !== undefined && [...this.seeds.values()].some((s) => typeof s === "number")) {
      throw new Error("VectorPool.seedRows: rows of one source at a time (clearSeeds first)");
    }
    this.seedRow = row;
    let offered = 0;
    hashes.forEach((hash, i) => {
      if (hash === "") return;
      this.seeds.set(hash, i);
      offered++;
    });
    return offered;
  }

  /** The vectors this pool holds itself (recently dropped, then seeds), not those it reads from the index. */
  *heldVectors(): Generator<[string, Float32Array]> {
    yield* this.dropped;
    for (const [hash, s] of this.seeds) {
      const v = this.seedVector(s);
      if (v) yield [hash, v];
    }
  }

  /** Each text whose vector the index holds, with the ids of its chunks (its vector is any one's that has one). */
  *indexedTexts(): Generator<[string, readonly string[]]> {
    this.settle();
    for (const [hash, kept] of this.entries) {
      if (typeof kept === "string") yield [hash, [kept]];
      else if (kept.embedded) yield [hash, typeof kept.ids === "string" ? [kept.ids] : [...kept.ids]];
    }
  }

  /** The rebuild is over: seeds it did not use become recently dropped vectors. */
  clearSeeds(): void {
    if (this.seeds.size === 0 && this.seedRow === undefined) return;
    this.settle();
    const unused = [...this.seeds].filter(([hash]) => !this.entries.has(hash));
    // Only the last `keepDropped` would survive the dropping: the rest are not read (nor dequantized) at all.
    for (const [hash, s] of unused.slice(Math.max(0, unused.length - this.keepDropped))) {
      const v = this.seedVector(s);
      if (v) this.drop(hash, v);
    }
    this.seeds = new Map();
    this.seedRow = undefined;
  }

  /** Every vector this pool knows, by hash: the index's, the seeds and the recently dropped (to seed a rebuild). */
  *allVectors(): Generator<[string, Float32Array]> {
    yield* this.heldVectors();
    this.settle();
    for (const [hash, kept] of this.entries) {
      const v = this.storedVector(entryOf(kept));
      if (v) yield [hash, v];
    }
  }

  private seedVector(seed: Float32Array | number | undefined): Float32Array | undefined {
    return typeof seed === "number" ? this.seedRow?.(seed) : seed;
  }

  /** Puts `entry` back in the form it is kept in (see `Kept`). */
  private keep(hash: string, entry: Entry): void {
    this.entries.set(hash, entry.embedded && typeof entry.ids === "string" ? entry.ids : entry);
  }

  /** The vector of an entry's text, read from the first of its chunks the index has a vector for. */
  private storedVector(entry: Entry | undefined): Float32Array | undefined {
    if (!entry?.embedded) return undefined;
    for (const id of typeof entry.ids === "string" ? [entry.ids] : entry.ids) {
      const v = this.storedVectorOf(id);
      if (v) return v;
    }
    return undefined;
  }

  /** Keeps a vector no chunk uses any more, forgetting the least recently used beyond `keepDropped`. */
  private drop(hash: string, vector: Float32Array): void {
    this.dropped.delete(hash);
    this.dropped.set(hash, vector);
    for (const oldest of this.dropped.keys()) {
      if (this.dropped.size <= this.keepDropped) break;
      this.dropped.delete(oldest);
    }
  }
}

function countOf(ids: string | Set<string>): number {
  return typeof ids === "string" ? 1 : ids.size;
}

function hasId(ids: string | Set<string>, id: string): boolean {
  return typeof ids === "string" ? ids === id : ids.has(id);
}
