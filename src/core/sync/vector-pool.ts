import { LruMap } from "../ollama/lru-map";

interface Entry {
  /** Chunk ids in the index whose embedded text has this hash. */
  ids: Set<string>;
  vector: Float32Array | undefined;
}

/**
 * Vectors by embed hash (the hash of the exact text embedded), for one model. Chunks of identical text share one
 * vector wherever they are in the index, so an edit, a move or a rename costs an embedding only for text the index
 * has never had a vector for. A vector whose last chunk goes is kept a while (recently dropped, bounded), so that an
 * edit that is undone costs nothing either. Seeds are vectors from a discarded index, kept only during a rebuild.
 */
export class VectorPool {
  private readonly entries = new Map<string, Entry>();
  private readonly dropped: LruMap<string, Float32Array>;
  private seeds = new Map<string, Float32Array>();
  private waitingChunks = 0;

  /** `keepDropped`: how many recently dropped vectors to keep. Default 4096 (12 MB at 768 dimensions). */
  constructor(keepDropped = 4096) {
    this.dropped = new LruMap(keepDropped);
  }

  /** Chunks in the index that still wait for their vector. */
  get pendingChunks(): number {
    return this.waitingChunks;
  }

  /** The vector known for this text, from the index, the seeds or the recently dropped ones. */
  lookup(hash: string): Float32Array | undefined {
    return this.entries.get(hash)?.vector ?? this.seeds.get(hash) ?? this.dropped.get(hash);
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
    if (entry.vector) this.dropped.set(hash, entry.vector);
    return true;
  }

  /** A vector arrived for `hash`: keeps it and returns the chunk ids it belongs to (none when they are gone). */
  deliver(hash: string, vector: Float32Array): readonly string[] {
    const entry = this.entries.get(hash);
    if (!entry) {
      this.dropped.set(hash, vector);
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

  clearSeeds(): void {
    this.seeds = new Map();
  }

  /** Every vector a chunk in the index has, by hash (e.g. to seed the pool of a rebuilt index). */
  *liveVectors(): Generator<[string, Float32Array]> {
    for (const [hash, entry] of this.entries) if (entry.vector) yield [hash, entry.vector];
  }
}
