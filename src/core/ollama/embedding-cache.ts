import { contentHash } from "../shared/hash";
import { LruMap } from "./lru-map";
import { canonicalModelName } from "./model-name";

/**
 * Where computed vectors are kept so unchanged text is never embedded twice. Vectors handed out are shared:
 * treat them as read-only.
 */
export interface EmbeddingCache {
  get(key: string): Float32Array | undefined;
  set(key: string, v: Float32Array): void;
}

export interface MemoryEmbeddingCacheOptions {
  /** Most vectors kept; the least recently used go first. Default 50_000 (about 150 MB at 768 dimensions). */
  maxEntries?: number;
}

/** An in-memory, bounded LRU EmbeddingCache. */
export class MemoryEmbeddingCache implements EmbeddingCache {
  private readonly lru: LruMap<string, Float32Array>;

  constructor(opts: MemoryEmbeddingCacheOptions = {}) {
    this.lru = new LruMap(opts.maxEntries ?? 50_000);
  }

  /** Number of vectors held. */
  get size(): number {
    return this.lru.size;
  }

  get(key: string): Float32Array | undefined {
    return this.lru.get(key);
  }

  set(key: string, v: Float32Array): void {
    this.lru.set(key, v);
  }
}

/**
 * The cache key for `text` embedded by `model` behind `prefix`. The model is keyed by its one spelling
 * (`canonicalModelName`: "x:latest" is "x"), which keeps any other tag, because "nomic-embed-text:v1.5" and
 * "nomic-embed-text" may be different weights; the prefix matters because it changes the vector.
 */
export function embeddingCacheKey(model: string, prefix: string, text: string): string {
  return `${canonicalModelName(model)}\u0000${contentHash(prefix)}\u0000${contentHash(text)}:${text.length}`;
}
