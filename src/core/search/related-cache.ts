import type { ChunkIndex } from "../index/chunk-index";
import type { RelatedOptions, RelatedResult } from "./related-notes";
import { learntRelatedWeights } from "./related-weights";
import { DEFAULT_SEARCH_OPTIONS } from "./search-options";

/** Lists kept: the notes a user goes back and forth between, and the sections of the one open. Default 16. */
const KEPT = 16;

/**
 * The related lists last computed, reused while nothing they were worked out from has changed: the same index
 * object at the same text and vector revision, the same note and options, and the same learnt weights (the keeper
 * learns in the background without touching the index). The view refreshes on every file-open and
 * active-leaf-change, and a user switches back to a note often: those cost a lookup. A list is handed out as it was
 * kept, so callers must not change it.
 */
export class RelatedCache {
  private readonly kept = new Map<string, { index: ChunkIndex; result: RelatedResult }>();

  constructor(private readonly size = KEPT) {}

  /** The list for `path` with `opts`: the kept one when still valid, else `compute()`'s, kept. */
  get(index: ChunkIndex, path: string, opts: RelatedOptions, compute: () => RelatedResult): RelatedResult {
    const k = Number.isFinite(opts.rrfK) && opts.rrfK > 0 ? opts.rrfK : DEFAULT_SEARCH_OPTIONS.rrfK;
    const key = JSON.stringify([path, index.vectorRevision, opts.learnt ?? learntRelatedWeights(index, k) ?? null, opts]);
    const hit = this.kept.get(key);
    if (hit && hit.index === index) {
      // Most recently used last, so the oldest goes first.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit.result;
    }
    const result = compute();
    this.kept.delete(key);
    this.kept.set(key, { index, result });
    while (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value as string);
    return result;
  }

  /** Forgets every kept list (e.g. when the index is replaced). */
  clear(): void {
    this.kept.clear();
  }
}
