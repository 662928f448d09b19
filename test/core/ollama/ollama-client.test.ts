import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OllamaClient } from "../../../src/core/ollama/ollama-client";
import { FAKE_OLLAMA_VERSION, fakePassage, startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { testClient, until, withOwnFake } from "./helpers";

let fake: FakeOllama;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

describe("health check", () => {
  it("reports the version when Ollama is up", async () => {
    const { client } = testClient(fake);
    expect(await client.version()).toEqual({ ok: true, value: { version: FAKE_OLLAMA_VERSION } });
  });

  it("says how to start Ollama when it is down, after retrying with backoff", async () => {
    fake.setFaults({ down: true });
    let attempts = 0;
    const { client, sleeps } = testClient(fake, {
      fetch: (input, init) => {
        attempts++;
        return globalThis.fetch(input, init);
      },
    });
    const result = await client.version();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("OLLAMA_UNREACHABLE");
    expect(result.error.message).toContain(`Can't reach Ollama at ${fake.url}. Is it running?`);
    expect(result.error.message).toContain("`ollama serve`");
    expect(attempts).toBe(3);
    expect(sleeps).toEqual([300, 600]);
  });

  it("treats a refused connection as unreachable", async () => {
    const gone = await startFakeOllama();
    await gone.close();
    const { client } = testClient(gone, { retries: 0 });
    const result = await client.version();
    expect(!result.ok && result.error.code).toBe("OLLAMA_UNREACHABLE");
  });
});

describe("model metadata", () => {
  it("parses /api/show into family, context length, embedding length and capabilities", async () => {
    const { client } = testClient(fake);
    const result = await client.showModel("nomic-embed-text:latest");
    expect(result).toEqual({
      ok: true,
      value: {
        name: "nomic-embed-text:latest",
        family: "nomic-bert",
        contextLength: 512,
        embeddingLength: 64,
        capabilities: ["embedding"],
      },
    });
  });

  it("lists installed models", async () => {
    const { client } = testClient(fake);
    const result = await client.listModels();
    expect(result.ok && result.value.map((m) => [m.name, m.family])).toEqual([
      ["fake-embed:latest", "bert"],
      ["nomic-embed-text:latest", "nomic-bert"],
      ["fake-llm:latest", "llama"],
      ["fake-judge:latest", "qwen3"],
    ]);
  });

  it("tells the user to pull a missing model, without retrying", async () => {
    fake.setFaults({ missingModel: true });
    const { client, sleeps } = testClient(fake);
    for (const result of [await client.showModel("nomic-embed-text"), await client.embedRaw("nomic-embed-text", ["x"])]) {
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe("OLLAMA_MODEL_MISSING");
      expect(result.error.message).toBe("Model nomic-embed-text is not installed. Run `ollama pull nomic-embed-text`.");
    }
    expect(fake.stats.apiCalls).toEqual(["/api/show", "/api/embed"]);
    expect(sleeps).toEqual([]);
  });
});

describe("embed errors", () => {
  it("says Ollama is too old when /api/embed is missing", async () => {
    fake.setFaults({ noEmbedEndpoint: true });
    const { client } = testClient(fake);
    const result = await client.embedRaw("fake-embed", ["x"]);
    expect(!result.ok && result.error.code).toBe("OLLAMA_TOO_OLD");
    expect(!result.ok && result.error.message).toBe(
      "This Ollama is too old: /api/embed is missing. Update Ollama to 0.3 or later.",
    );
  });

  it("says to pick an embedding model when the model can't embed", async () => {
    const { client } = testClient(fake);
    const result = await client.embedRaw("fake-llm", ["x"]);
    expect(!result.ok && result.error.code).toBe("OLLAMA_NOT_EMBEDDING_MODEL");
    expect(!result.ok && result.error.message).toBe(
      "Model fake-llm can't make embeddings. Pick an embedding model such as nomic-embed-text.",
    );
  });

  it("explains a context length error", async () => {
    const { client } = testClient(fake);
    const result = await client.embedRaw("fake-embed", ["word ".repeat(2000)]);
    expect(!result.ok && result.error.code).toBe("OLLAMA_HTTP");
    expect(!result.ok && result.error.message).toContain("longer than its context window");
  });

  it("reports an unreadable answer as a bad response", async () => {
    const client = new OllamaClient({ fetch: () => Promise.resolve(new Response("<html>not ollama</html>")) });
    const result = await client.version();
    expect(!result.ok && result.error.code).toBe("OLLAMA_BAD_RESPONSE");
  });
});

describe("retries", () => {
  it("retries 5xx answers with exponential backoff and then succeeds", async () => {
    fake.setFaults({ status500: 2 });
    const { client, sleeps } = testClient(fake);
    expect((await client.version()).ok).toBe(true);
    expect(fake.stats.apiCalls).toEqual(["/api/version", "/api/version", "/api/version"]);
    expect(sleeps).toEqual([300, 600]);
  });

  it("gives up with OLLAMA_HTTP after the configured retries", async () => {
    fake.setFaults({ status500: 1000 });
    const { client, sleeps } = testClient(fake, { retries: 3, retryBaseMs: 10 });
    const result = await client.embedRaw("fake-embed", ["x"]);
    expect(!result.ok && result.error.code).toBe("OLLAMA_HTTP");
    expect(!result.ok && result.error.message).toContain("tried 4 times");
    expect(fake.stats.embedCalls).toBe(4);
    expect(sleeps).toEqual([10, 20, 40]);
  });
});

describe("timeouts and cancellation", () => {
  it("times out a request that never gets an answer, without retrying it", async () => {
    await withOwnFake(async (own) => {
      own.setFaults({ hang: true });
      let attempts = 0;
      const { client, sleeps } = testClient(own, {
        timeoutMs: 20,
        fetch: (input, init) => {
          attempts++;
          return globalThis.fetch(input, init);
        },
      });
      const result = await client.embedRaw("fake-embed", ["x"]);
      expect(!result.ok && result.error.code).toBe("OLLAMA_TIMEOUT");
      expect(!result.ok && result.error.message).toContain("did not answer /api/embed within 20 ms");
      expect(attempts).toBe(1);
      expect(sleeps).toEqual([]);
    });
  });

  it("resolves with ABORTED as soon as the caller aborts a hanging request", async () => {
    fake.setFaults({ hang: true });
    const { client } = testClient(fake, { timeoutMs: 3_600_000 });
    const controller = new AbortController();
    const pending = client.embedRaw("fake-embed", ["x"], controller.signal);
    await until(() => fake.stats.embedCalls >= 1);
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error.code).toBe("ABORTED");
  });

  it("sends nothing when already aborted", async () => {
    const { client } = testClient(fake);
    const result = await client.version(AbortSignal.abort());
    expect(!result.ok && result.error.code).toBe("ABORTED");
    expect(fake.stats.apiCalls).toEqual([]);
  });

  it("stops retrying when aborted during the backoff", async () => {
    fake.setFaults({ status500: 1000 });
    const controller = new AbortController();
    const { client } = testClient(fake, {
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener("abort", () => reject(new Error("aborted")));
          controller.abort();
        }),
    });
    const result = await client.version(controller.signal);
    expect(!result.ok && result.error.code).toBe("ABORTED");
    expect(fake.stats.apiCalls).toEqual(["/api/version"]);
  });
});

describe("generate", () => {
  it("returns the non-streamed completion", async () => {
    const { client } = testClient(fake);
    const result = await client.generate("fake-llm", "Query: vector search");
    expect(result).toEqual({ ok: true, value: fakePassage("Query: vector search") });
  });

  it("uses the per-call timeout", async () => {
    await withOwnFake(async (own) => {
      own.setFaults({ hang: true });
      const { client } = testClient(own, { timeoutMs: 3_600_000 });
      const result = await client.generate("fake-llm", "hi", { timeoutMs: 20 });
      expect(!result.ok && result.error.code).toBe("OLLAMA_TIMEOUT");
    });
  });
});

describe("base URL", () => {
  it.each([
    [undefined, "http://127.0.0.1:11434"],
    ["", "http://127.0.0.1:11434"],
    ["http://127.0.0.1:11434/", "http://127.0.0.1:11434"],
    ["localhost", "http://localhost:11434"],
    ["192.168.1.5:8080", "http://192.168.1.5:8080"],
    ["https://ollama.example.com/proxy/", "https://ollama.example.com/proxy"],
  ])("normalises %s to %s", (raw, expected) => {
    expect(new OllamaClient(raw === undefined ? {} : { baseUrl: raw }).baseUrl).toBe(expected);
  });

  it("returns BAD_INPUT for a URL that is not one, without throwing", async () => {
    const result = await new OllamaClient({ baseUrl: "ftp://nope" }).version();
    expect(!result.ok && result.error.code).toBe("BAD_INPUT");
  });
});
