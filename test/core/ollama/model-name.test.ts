import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalModelName, sameModelName } from "../../../src/core/ollama/model-name";

describe("canonicalModelName", () => {
  it.each([
    ["nomic-embed-text", "nomic-embed-text"],
    ["nomic-embed-text:latest", "nomic-embed-text"],
    ["  nomic-embed-text:LATEST ", "nomic-embed-text"],
    ["registry.ollama.ai/library/nomic-embed-text:latest", "nomic-embed-text"],
    ["library/nomic-embed-text", "nomic-embed-text"],
    ["registry.ollama.ai/jina/jina-embeddings-v2-base-de:latest", "jina/jina-embeddings-v2-base-de"],
    // Another tag is other weights.
    ["nomic-embed-text:v1.5", "nomic-embed-text:v1.5"],
    ["qwen3-embedding:0.6b", "qwen3-embedding:0.6b"],
    // A registry with a port: its colon is no tag.
    ["localhost:5000/embedder", "localhost:5000/embedder"],
    ["localhost:5000/embedder:latest", "localhost:5000/embedder"],
    ["localhost:5000/library/embedder", "localhost:5000/library/embedder"],
    ["hf.co/nomic-ai/nomic-embed-text-v1.5-GGUF:Q8_0", "hf.co/nomic-ai/nomic-embed-text-v1.5-GGUF:Q8_0"],
    ["hf.co/nomic-ai/nomic-embed-text-v1.5-GGUF:latest", "hf.co/nomic-ai/nomic-embed-text-v1.5-GGUF"],
    // A name that is only a tag, or pinned to a digest, is left as written.
    [":latest", ":latest"],
    ["m@sha256:0123", "m@sha256:0123"],
    ["", ""],
    // A misspelt tag is another model: Ollama will say it is missing.
    ["nomic-embed-text:lastest", "nomic-embed-text:lastest"],
  ])("%j → %j", (name, canonical) => {
    expect(canonicalModelName(name)).toBe(canonical);
  });

  it("is idempotent and agrees with sameModelName", () => {
    const part = fc.stringMatching(/^[a-zA-Z0-9._:/@-]{0,20}$/);
    fc.assert(
      fc.property(part, fc.constantFrom("", ":latest", ":Latest", ":7b"), (name, tag) => {
        const once = canonicalModelName(name + tag);
        expect(canonicalModelName(once)).toBe(once);
        expect(sameModelName(name + tag, once)).toBe(true);
      }),
    );
  });

  it("tells one model from another", () => {
    expect(sameModelName("nomic-embed-text", "nomic-embed-text:latest")).toBe(true);
    expect(sameModelName("nomic-embed-text:v1.5", "nomic-embed-text")).toBe(false);
    expect(sameModelName("model:latest", "model:7b")).toBe(false);
  });
});
