import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OllamaEmbedder } from "../../../src/core/ollama/embedder";
import { MemoryEmbeddingCache } from "../../../src/core/ollama/embedding-cache";
import { fakeEmbedding, fakeTokenCount, startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { testClient, until } from "./helpers";

let fake: FakeOllama;
beforeAll(async () => {
  fake = await startFakeOllama({ contextLength: 512 });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const embedder = (model: string, opts: Partial<ConstructorParameters<typeof OllamaEmbedder>[1]> = {}) =>
  new OllamaEmbedder(testClient(fake).client, { model, ...opts });

const texts = (n: number) => Array.from({ length: n }, (_, i) => `note ${i} about topic ${i % 7} and words`);

describe("the model's name", () => {
  it("is spelt one way, so both spellings share one cache and the second embeds nothing", async () => {
    const cache = new MemoryEmbeddingCache();
    const first = embedder("fake-embed:latest", { cache });
    expect(first.model).toBe("fake-embed");
    expect((await first.embedDocuments(texts(3))).ok).toBe(true);
    const calls = fake.stats.embedCalls;
    expect((await embedder("fake-embed", { cache }).embedDocuments(texts(3))).ok).toBe(true);
    expect(fake.stats.embedCalls).toBe(calls);
  });
});

describe("task prefixes", () => {
  it("sends nomic-embed-text's search_query and search_document prefixes", async () => {
    const e = embedder("nomic-embed-text:latest");
    const q = await e.embedQuery("how do plants grow");
    const d = await e.embedDocuments(["Plants grow from seeds.", "Roots take up water."]);
    expect(q.ok && d.ok).toBe(true);
    expect(fake.stats.inputs).toEqual([
      "search_query: how do plants grow",
      "search_document: Plants grow from seeds.",
      "search_document: Roots take up water.",
    ]);
    expect(q.ok && Array.from(q.value)).toEqual(
      Array.from(Float32Array.from(fakeEmbedding("search_query: how do plants grow"))),
    );
  });

  it("sends no prefix for a model it does not know, and honours explicit prefixes", async () => {
    await embedder("fake-embed").embedQuery("plain");
    await embedder("fake-embed", { prefixes: { query: "Q: ", document: "D: " } }).embedDocuments(["doc"]);
    expect(fake.stats.inputs).toEqual(["plain", "D: doc"]);
  });
});

describe("batching", () => {
  it("splits documents into sequential batches of batchSize", async () => {
    const result = await embedder("fake-embed", { batchSize: 16 }).embedDocuments(texts(40));
    expect(result.ok && result.value.length).toBe(40);
    expect(fake.stats.embedCalls).toBe(3);
    expect(fake.stats.embedBatches).toEqual([16, 16, 8]);
  });

  it("gives the same vectors whether texts are embedded one by one or in a batch", async () => {
    const input = texts(20);
    const single = embedder("nomic-embed-text", { batchSize: 1 });
    const batched = embedder("nomic-embed-text", { batchSize: 16 });
    const one = await single.embedDocuments(input);
    const many = await batched.embedDocuments(input);
    expect(fake.stats.embedBatches).toEqual([...Array<number>(20).fill(1), 16, 4]);
    expect(one.ok && many.ok).toBe(true);
    if (!one.ok || !many.ok) return;
    expect(many.value.map((v) => Array.from(v))).toEqual(one.value.map((v) => Array.from(v)));
    // Guards against a mix-up of positions: the texts differ, so their vectors must too.
    expect(new Set(many.value.map((v) => Array.from(v).join(","))).size).toBe(20);
  });

  it("returns vectors as Float32Array and learns the dimension", async () => {
    const e = embedder("fake-embed");
    expect(e.dimensions()).toBeUndefined();
    const result = await e.embedDocuments(["a"]);
    expect(result.ok && result.value[0]).toBeInstanceOf(Float32Array);
    expect(e.dimensions()).toBe(64);
  });
});

describe("dimensions", () => {
  it("fails with OLLAMA_DIMENSION_MISMATCH when the size differs from the expected one", async () => {
    fake.setFaults({ wrongDimension: true });
    const result = await embedder("fake-embed", { expectedDimensions: 64 }).embedDocuments(["a"]);
    expect(!result.ok && result.error.code).toBe("OLLAMA_DIMENSION_MISMATCH");
    expect(!result.ok && result.error.message).toContain("rebuild the index");
  });

  it("fails when the size changes between calls", async () => {
    const e = embedder("fake-embed");
    expect((await e.embedDocuments(["a"])).ok).toBe(true);
    fake.setFaults({ wrongDimension: true });
    const result = await e.embedDocuments(["b"]);
    expect(!result.ok && result.error.code).toBe("OLLAMA_DIMENSION_MISMATCH");
  });
});

describe("cache", () => {
  it("makes zero calls when every text is cached", async () => {
    const cache = new MemoryEmbeddingCache();
    const first = await embedder("fake-embed", { cache }).embedDocuments(texts(5));
    fake.reset();
    const second = await embedder("fake-embed", { cache }).embedDocuments(texts(5));
    expect(fake.stats.apiCalls).toEqual([]);
    expect(second).toEqual(first);
  });

  it("sends only the misses, and identical texts once", async () => {
    const e = embedder("fake-embed");
    await e.embedDocuments(["a", "b"]);
    await e.embedDocuments(["a", "c", "b", "c"]);
    expect(fake.stats.inputs).toEqual(["a", "b", "c"]);
  });

  it("keys by prefix: a query and a document with the same text are embedded separately", async () => {
    const e = embedder("nomic-embed-text");
    await e.embedQuery("same");
    await e.embedDocuments(["same"]);
    expect(fake.stats.inputs).toEqual(["search_query: same", "search_document: same"]);
  });
});

describe("pre-truncation", () => {
  it("cuts long input to the context length so Ollama never rejects it", async () => {
    const long = Array.from({ length: 3000 }, (_, i) => `word${i % 50}`).join(" ");
    expect(fakeTokenCount(`search_document: ${long}`)).toBeGreaterThan(512);
    const result = await embedder("nomic-embed-text").embedDocuments([long]);
    expect(result.ok).toBe(true);
    const [sent] = fake.stats.inputs;
    expect(sent?.startsWith("search_document: word0 word1")).toBe(true);
    expect(sent && long.startsWith(sent.slice("search_document: ".length))).toBe(true);
    expect(sent && sent.length < long.length).toBe(true);
    expect(fakeTokenCount(sent ?? "")).toBeLessThanOrEqual(512);
  });
});

describe("errors", () => {
  it("rejects a generation model before sending any text", async () => {
    const result = await embedder("fake-llm").embedDocuments(["a"]);
    expect(!result.ok && result.error.code).toBe("OLLAMA_NOT_EMBEDDING_MODEL");
    expect(fake.stats.embedCalls).toBe(0);
  });

  it("passes on a missing model", async () => {
    fake.setFaults({ missingModel: true });
    const result = await embedder("nomic-embed-text").embedQuery("a");
    expect(!result.ok && result.error.message).toBe(
      "Model nomic-embed-text is not installed. Run `ollama pull nomic-embed-text`.",
    );
  });

  it("resolves with ABORTED when aborted mid-way and sends no further batch", async () => {
    const e = embedder("fake-embed", { batchSize: 2 });
    const controller = new AbortController();
    expect((await e.embedDocuments(["warm"])).ok).toBe(true);
    fake.setFaults({ hang: true });
    const pending = e.embedDocuments(texts(6), controller.signal);
    await until(() => fake.stats.embedCalls >= 2);
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error.code).toBe("ABORTED");
    expect(fake.stats.embedCalls).toBe(2);
  });
});
