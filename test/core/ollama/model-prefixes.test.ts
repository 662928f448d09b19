import { describe, expect, it } from "vitest";
import { modelBaseName, NO_PREFIXES, prefixesForModel } from "../../../src/core/ollama/model-prefixes";

const RETRIEVAL = "Represent this sentence for searching relevant passages: ";

describe("prefixesForModel", () => {
  it.each([
    ["nomic-embed-text", "search_query: ", "search_document: "],
    ["nomic-embed-text:latest", "search_query: ", "search_document: "],
    ["nomic-embed-text:v1.5", "search_query: ", "search_document: "],
    ["nomic-embed-text-v2-moe:latest", "search_query: ", "search_document: "],
    ["hf.co/nomic-ai/nomic-embed-text-v1.5-GGUF:Q8_0", "search_query: ", "search_document: "],
    ["mxbai-embed-large:335m", RETRIEVAL, ""],
    ["snowflake-arctic-embed:l", RETRIEVAL, ""],
    ["snowflake-arctic-embed2", "query: ", ""],
    ["bge-large", RETRIEVAL, ""],
    ["jeffh/intfloat-multilingual-e5-large:f16", "query: ", "passage: "],
    ["embeddinggemma:300m", "task: search result | query: ", "title: none | text: "],
  ])("%s → %j / %j", (model, query, document) => {
    expect(prefixesForModel(model)).toEqual({ query, document });
  });

  it("gives instruct E5 models a query instruction only", () => {
    const p = prefixesForModel("multilingual-e5-large-instruct");
    expect(p.query.startsWith("Instruct: ")).toBe(true);
    expect(p.document).toBe("");
  });

  it.each(["all-minilm", "bge-m3", "granite-embedding:278m", "fake-embed"])("uses no prefix for %s", (model) => {
    expect(prefixesForModel(model)).toEqual(NO_PREFIXES);
  });

  it("lets user overrides win, by base or full name", () => {
    const mine = { query: "q> ", document: "d> " };
    expect(prefixesForModel("nomic-embed-text:latest", { "nomic-embed-text": mine })).toBe(mine);
    expect(prefixesForModel("custom:v2", { "custom:v2": mine })).toBe(mine);
    expect(prefixesForModel("custom:v3", { "custom:v2": mine })).toEqual(NO_PREFIXES);
  });

  it("strips namespace and tag when naming a model", () => {
    expect(modelBaseName("  Library/Nomic-Embed-Text:Latest ")).toBe("nomic-embed-text");
  });
});
