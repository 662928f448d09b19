import { describe, expect, it } from "vitest";
import { embeddingCacheKey, MemoryEmbeddingCache } from "../../../src/core/ollama/embedding-cache";

describe("embeddingCacheKey", () => {
  it("is the same for the same model, prefix and text", () => {
    expect(embeddingCacheKey("m", "p: ", "text")).toBe(embeddingCacheKey("m", "p: ", "text"));
  });

  it("is the same for both spellings of one model, and differs for another tag", () => {
    expect(embeddingCacheKey("m:latest", "p: ", "text")).toBe(embeddingCacheKey("m", "p: ", "text"));
    expect(embeddingCacheKey("m:7b", "p: ", "text")).not.toBe(embeddingCacheKey("m", "p: ", "text"));
  });

  it("differs when any of model, prefix or text differs", () => {
    const keys = [
      embeddingCacheKey("m", "p: ", "text"),
      embeddingCacheKey("m:v2", "p: ", "text"),
      embeddingCacheKey("m", "q: ", "text"),
      embeddingCacheKey("m", "p: ", "text "),
      embeddingCacheKey("m", "", "p: text"),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("MemoryEmbeddingCache", () => {
  it("evicts the least recently used entry beyond maxEntries", () => {
    const cache = new MemoryEmbeddingCache({ maxEntries: 2 });
    const a = new Float32Array([1]);
    cache.set("a", a);
    cache.set("b", new Float32Array([2]));
    expect(cache.get("a")).toBe(a); // a is now the most recent
    cache.set("c", new Float32Array([3]));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(a);
    expect(cache.get("c")?.[0]).toBe(3);
    expect(cache.size).toBe(2);
  });
});
