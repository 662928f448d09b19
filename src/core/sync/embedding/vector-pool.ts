interface Entry {
  /** Chunk ids in the index whose embedded text has this hash. */
  ids: Set<string>;
  vector: Float32Array | undefined;
}

/**
 * Vectors by embed hash (the hash of the exact text embedded), for one model. Chunks of identical text share one
 * vector wherever they are in the index, so an edit, a move or a rename costs an embedding only for text the index
 * has never had a vector for. A vector whose last chunk goes is kept a while (recently dropped, bounded), so that an
 * edit that is undone costs nothing either. Seeds are vectors from a discarded index, offered during a rebuild; the
 * ones the rebuild did not use join the recently dropped.
 */
export class VectorPool {
  private readonly entries = new Map<string, Entry>();
  /** Recently dropped vectors, least recently used first (a Map keeps insertion order). */
  private readonly dropped = new Map<string, Float32Array>();
  private seeds = new Map<string, Float32Array>();
  private waitingChunks = 0;

  /** `keepDropped`: how many recently dropped vectors to keep. Default 4096 (12 MB at 768 dimensions). */
  constructor(private readonly keepDropped = 4096) {}

  /** Chunks in the index that still wait for their vector. */
  get pendingChunks(): number {
    return this.waitingChunks;
  }

  /** The vector known for this text, from the index, the seeds or the recently dropped ones. */
  lookup(hash: string): Float32Array | undefined {
    const known = this.entries.get(hash)?.vector ?? this.seeds.get(hash);
    if (known) return known;
    const dropped = this.dropped.get(hash);
    if (dropped) this.drop(hash, dropped);
    return dropped;
  }

  /** Records that chunk `id` has text `hash`, with its vector if there is one. Returns whether it still needs one. */
  retain(hash: string, id: string, vector: Float32Array | undefined): boolean {
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = { ids: new Set(), vector };
      this.entries.set(hash, entry);
    } else if (!entry.vector && vector) {
      this.waitingChunks -= entry.ids.size;
      entry.vector = vector;
    }
    if (!entry.ids.has(id)) {
      entry.ids.add(id);
      if (!entry.vector) this.waitingChunks++;
    }
    return entry.vector === undefined;
  }

  /** Chunk `id` no longer has text `hash`. Returns true when no chunk has that text any more. */
  release(hash: string, id: string): boolean {
    const entry = this.entries.get(hash);
    if (!entry?.ids.delete(id)) return false;
    if (!entry.vector) this.waitingChunks--;
    if (entry.ids.size > 0) return false;
    this.entries.delete(hash);
    if (entry.vector) this.drop(hash, entry.vector);
    return true;
  }

  /** A vector arrived for `hash`: keeps it and returns the chunk ids it belongs to (none when they are gone). */
  deliver(hash: string, vector: Float32Array): readonly string[] {
    const entry = this.entries.get(hash);
    if (!entry) {
      this.drop(hash, vector);
      return [];
    }
    if (!entry.vector) this.waitingChunks -= entry.ids.size;
    entry.vector = vector;
    return [...entry.ids];
  }

  /** True when some chunk has text `hash` but no vector yet. */
  needsVector(hash: string): boolean {
    const entry = this.entries.get(hash);
    return entry !== undefined && entry.vector === undefined;
  }

  /** Offers a vector from a discarded index of the same model, until `clearSeeds`. */
  seed(hash: string, vector: Float32Array): void {
    this.seeds.set(hash, vector);
  }

  /** The rebuild is over: seeds it did not use become recently dropped vectors. */
  clearSeeds(): void {
    for (const [hash, v] of this.seeds) if (!this.entries.has(hash)) this.drop(hash, v);
    this.seeds = new Map();
  }

  /** Every vector this pool knows, by hash: the index's, the seeds and the recently dropped (to seed a rebuild). */
  *allVectors(): Generator<[string, Float32Array]> {
    yield* this.dropped;
    yield* this.seeds;
    for (const [hash, entry] of this.entries) if (entry.vector) yield [hash, entry.vector];
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
