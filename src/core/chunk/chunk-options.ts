import { contentHash } from "../shared/hash";

/** How notes are cut into chunks. Sizes are in estimated tokens (see `estimateTokens`). */
export interface ChunkOptions {
  /**
   * Target maximum tokens per chunk; no chunk's text estimates above it. Default 400. Values below
   * `MIN_CHUNK_TOKENS` (16) are raised to it; fractions are rounded down.
   */
  maxTokens: number;
  /**
   * Fraction of `maxTokens` repeated from the end of the previous chunk when one section is split into several
   * chunks, so a passage cut at a chunk border is still whole in one of them. Default 0.15, clamped to 0..0.5.
   */
  overlapRatio: number;
}

/** Smallest accepted `maxTokens`: below this, chunks would be shorter than a sentence. */
export const MIN_CHUNK_TOKENS = 16;

/** Bumped whenever chunk boundaries or chunk text change for the same input, so persisted indexes rebuild. */
export const CHUNKER_VERSION = 1;

export const DEFAULT_CHUNK_OPTIONS: Readonly<ChunkOptions> = Object.freeze({ maxTokens: 400, overlapRatio: 0.15 });

/** Fills in defaults and brings out-of-range values into range, so the chunker never sees a nonsensical setting. */
export function resolveChunkOptions(options?: Partial<ChunkOptions>): ChunkOptions {
  const max = options?.maxTokens;
  const ratio = options?.overlapRatio;
  return {
    maxTokens:
      max !== undefined && Number.isFinite(max)
        ? Math.max(MIN_CHUNK_TOKENS, Math.floor(max))
        : DEFAULT_CHUNK_OPTIONS.maxTokens,
    overlapRatio:
      ratio !== undefined && Number.isFinite(ratio)
        ? Math.min(0.5, Math.max(0, ratio))
        : DEFAULT_CHUNK_OPTIONS.overlapRatio,
  };
}

/**
 * Short stable hash of the effective options and the chunker version: a persisted index stores it and re-chunks when
 * it changes. Options that resolve to the same values hash the same.
 */
export function chunkOptionsHash(o: Partial<ChunkOptions>): string {
  const r = resolveChunkOptions(o);
  return contentHash(`chunker-v${CHUNKER_VERSION}|max=${r.maxTokens}|overlap=${r.overlapRatio}`).slice(0, 12);
}
