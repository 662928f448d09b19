import { describe, expect, it } from "vitest";
import type { OllamaModelInfo, OllamaModelSummary } from "../../src/core/ollama/model-info";
import { err, ok, type Result } from "../../src/core/result";
import type { ConnectionPort } from "../../src/ui/ports";
import { checkConnection } from "../../src/ui/settings/connection-check";
import { isEmbeddingModel, sameModel } from "../../src/ui/settings/embedding-models";

const summary = (name: string): OllamaModelSummary => ({ name, family: "", sizeBytes: 0, parameterSize: "", quantization: "" });

function port(models: Record<string, string[]> | "down"): ConnectionPort {
  const down = err({ code: "OLLAMA_UNREACHABLE" as const, message: "Can't reach Ollama at http://x:1. Is it running?" });
  return {
    baseUrl: "http://x:1",
    version: () => Promise.resolve(models === "down" ? down : ok({ version: "0.6.2" })),
    listModels: () => Promise.resolve(models === "down" ? down : ok(Object.keys(models).map(summary))),
    showModel: (name): Promise<Result<OllamaModelInfo>> =>
      Promise.resolve(models === "down" ? down : ok({ name, family: "", capabilities: models[name] ?? [] })),
  };
}

describe("checkConnection", () => {
  it("reports the version, the models and the embedding models", async () => {
    const r = await checkConnection(port({ "nomic-embed-text:latest": ["embedding"], "llama3.2:latest": ["completion"] }), "nomic-embed-text");
    expect(r.state).toBe("ok");
    expect(r.embeddingModels).toEqual(["nomic-embed-text:latest"]);
    expect(r.lines).toEqual([
      "Connected to Ollama 0.6.2 at http://x:1.",
      "Installed models: nomic-embed-text:latest, llama3.2:latest.",
      "Embedding models: nomic-embed-text:latest.",
    ]);
  });

  it("gives the exact error when Ollama is down", async () => {
    const r = await checkConnection(port("down"), "nomic-embed-text");
    expect(r).toEqual({ state: "error", lines: ["Can't reach Ollama at http://x:1. Is it running?"], embeddingModels: [] });
  });

  it("says how to install a missing model, and warns about a model that cannot embed", async () => {
    const missing = await checkConnection(port({ "bge-m3": ["embedding"] }), "nomic-embed-text");
    expect(missing.state).toBe("warning");
    expect(missing.lines[missing.lines.length - 1]).toContain("Run `ollama pull nomic-embed-text`");
    const wrong = await checkConnection(port({ "bge-m3": ["embedding"], llama3: ["completion"] }), "llama3");
    expect(wrong.lines[wrong.lines.length - 1]).toBe("llama3 does not make embeddings. Pick an embedding model below.");
    const none = await checkConnection(port({ llama3: ["completion"] }), "nomic-embed-text");
    expect(none).toMatchObject({ state: "warning", embeddingModels: [] });
  });

  it("falls back to names when Ollama reports no capabilities", async () => {
    const r = await checkConnection(port({ "mxbai-embed-large": [], "bge-m3": [], "qwen2.5": [], "llama3.2": [] }), "bge-m3");
    expect(r.embeddingModels).toEqual(["mxbai-embed-large", "bge-m3"]);
  });
});

describe("embedding model names", () => {
  it("trusts capabilities over names", () => {
    expect(isEmbeddingModel("my-embed-thing", ["completion"])).toBe(false);
    expect(isEmbeddingModel("custom", ["embedding"])).toBe(true);
    expect(isEmbeddingModel("all-minilm:l6-v2", [])).toBe(true);
    expect(isEmbeddingModel("snowflake-arctic-embed", [])).toBe(true);
    expect(isEmbeddingModel("gemma3", [])).toBe(false);
  });

  it("treats :latest as the same model", () => {
    expect(sameModel("nomic-embed-text", "nomic-embed-text:latest")).toBe(true);
    expect(sameModel("nomic-embed-text:v1.5", "nomic-embed-text")).toBe(false);
  });
});
