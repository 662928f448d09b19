import { describe, expect, it } from "vitest";
import { contentHash } from "../../../src/core/shared/hash";

describe("contentHash", () => {
  it("is 16 hex characters and deterministic", () => {
    const h = contentHash("hello world");
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(contentHash("hello world")).toBe(h);
  });

  it("separates near-identical texts", () => {
    const texts = ["", " ", "a", "b", "ab", "ba", "hello world", "hello world ", "Hello world", "héllo", "日本語", "日本"];
    const hashes = new Set(texts.map(contentHash));
    expect(hashes.size).toBe(texts.length);
  });

  it("has no collisions over many similar strings", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50_000; i++) seen.add(contentHash(`note ${i} line`));
    expect(seen.size).toBe(50_000);
  });
});
