import { describe, expect, it } from "vitest";
import {
  chunkOptionsHash,
  DEFAULT_CHUNK_OPTIONS,
  MIN_CHUNK_TOKENS,
  resolveChunkOptions,
} from "../../../src/core/chunk/chunk-options";

describe("chunk options", () => {
  it("defaults to 400 tokens with 15% overlap", () => {
    expect(DEFAULT_CHUNK_OPTIONS).toEqual({ maxTokens: 400, overlapRatio: 0.15 });
    expect(resolveChunkOptions()).toEqual({ maxTokens: 400, overlapRatio: 0.15 });
    expect(resolveChunkOptions({ maxTokens: 200 })).toEqual({ maxTokens: 200, overlapRatio: 0.15 });
  });

  it("brings nonsensical values into range", () => {
    expect(resolveChunkOptions({ maxTokens: 3, overlapRatio: 2 })).toEqual({
      maxTokens: MIN_CHUNK_TOKENS,
      overlapRatio: 0.5,
    });
    expect(resolveChunkOptions({ maxTokens: Number.NaN, overlapRatio: -1 })).toEqual({
      maxTokens: 400,
      overlapRatio: 0,
    });
    expect(resolveChunkOptions({ maxTokens: 250.7 }).maxTokens).toBe(250);
  });

  it("hashes equal settings equally and different settings differently", () => {
    const base = chunkOptionsHash(DEFAULT_CHUNK_OPTIONS);
    expect(base).toMatch(/^[0-9a-f]{12}$/);
    expect(chunkOptionsHash({ maxTokens: 400, overlapRatio: 0.15 })).toBe(base);
    expect(chunkOptionsHash({})).toBe(base);
    expect(chunkOptionsHash({ maxTokens: 401, overlapRatio: 0.15 })).not.toBe(base);
    expect(chunkOptionsHash({ maxTokens: 400, overlapRatio: 0.2 })).not.toBe(base);
  });
});
