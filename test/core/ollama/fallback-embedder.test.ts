import { describe, expect, it } from "vitest";
import { failure } from "../../../src/core/errors/messages";
import type { Embedder } from "../../../src/core/ollama/embedder";
import { endpointChain, endpointEntry, parseEndpoint } from "../../../src/core/ollama/endpoint-chain";
import { FallbackEmbedder } from "../../../src/core/ollama/fallback-embedder";
import { err, ok, type Result } from "../../../src/core/result";

/** An embedder that answers with vectors of `dims`, or fails as a server that is away. */
function server(dims: number): Embedder & { up: boolean; calls: number } {
  const s = {
    model: "m",
    up: true,
    calls: 0,
    dimensions: () => dims,
    embedQuery: async (): Promise<Result<Float32Array>> => {
      s.calls++;
      return s.up ? ok(new Float32Array(dims)) : err(failure("ollamaUnreachable", { url: "x" }));
    },
    embedDocuments: async (texts: readonly string[]): Promise<Result<Float32Array[]>> => {
      s.calls++;
      return s.up ? ok(texts.map(() => new Float32Array(dims))) : err(failure("ollamaUnreachable", { url: "x" }));
    },
  };
  return s;
}

const at = (url: string) => ({ url, model: "m" });

describe("FallbackEmbedder", () => {
  it("skips a server that failed until recheckMs has passed, then prefers it again", async () => {
    const a = server(4);
    const b = server(4);
    let now = 0;
    const chain = new FallbackEmbedder([{ endpoint: at("http://a"), embedder: a }, { endpoint: at("http://b"), embedder: b }], { recheckMs: 1000, now: () => now });
    a.up = false;
    expect((await chain.embedQuery("q")).ok).toBe(true);
    expect(chain.activeEndpoint()?.url).toBe("http://b");
    a.up = true;
    now = 500;
    await chain.embedQuery("q");
    expect(a.calls).toBe(1);
    expect(chain.activeEndpoint()?.url).toBe("http://b");
    now = 1500;
    await chain.embedQuery("q");
    expect(a.calls).toBe(2);
    expect(chain.activeEndpoint()?.url).toBe("http://a");
  });

  it("refuses vectors of another size from a later server under the same model name", async () => {
    const a = server(4);
    const b = server(5);
    const chain = new FallbackEmbedder([{ endpoint: at("http://a"), embedder: a }, { endpoint: at("http://b"), embedder: b }], { recheckMs: 0 });
    expect((await chain.embedDocuments(["x"])).ok).toBe(true);
    a.up = false;
    const r = await chain.embedDocuments(["x"]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/No Ollama server with model m answers\..*size 5, but 4/);
  });
});

describe("endpoint chains", () => {
  it("reads URL and URL@MODEL, with user info and digests", () => {
    expect(parseEndpoint("http://h:1", "nomic-embed-text:latest")).toEqual({ url: "http://h:1", model: "nomic-embed-text" });
    expect(parseEndpoint("h@bge-m3", "x")).toEqual({ url: "http://h:11434", model: "bge-m3" });
    // The "@" of user info is not the model's (the URL keeps no user info, as everywhere in the plugin).
    expect(parseEndpoint("http://u:p@h:1@m", "x")).toEqual({ url: "http://h:1", model: "m" });
    expect(parseEndpoint("http://h:1@m@sha256:ab", "x")).toEqual({ url: "http://h:1", model: "m@sha256:ab" });
    expect(parseEndpoint("ftp://h", "m")).toBeUndefined();
    expect(endpointEntry("  ")).toBeUndefined();
    expect(endpointEntry("h:1")).toBe("http://h:1");
  });

  it("puts the settings' server first and drops repeats", () => {
    const chain = endpointChain({ url: "http://a:1", model: "m" }, ["http://b:1", "http://a:1@m:latest", "http://c:1@n"]);
    expect(chain).toEqual([at("http://a:1"), at("http://b:1"), { url: "http://c:1", model: "n" }]);
  });
});
