import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeEmbedding, fakePassage, startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";

// The fake stands in for Ollama in many suites, so the behaviour they rely on is pinned here.
let fake: FakeOllama;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const post = (path: string, body: unknown) =>
  globalThis.fetch(`${fake.url}${path}`, { method: "POST", body: JSON.stringify(body) });

describe("fake Ollama", () => {
  it("answers the root like Ollama", async () => {
    expect(await (await globalThis.fetch(fake.url)).text()).toBe("Ollama is running");
  });

  it("embeds a string or an array, similar texts closer than unrelated ones", async () => {
    const one = (await (await post("/api/embed", { model: "fake-embed", input: "red apples" })).json()) as {
      embeddings: number[][];
    };
    expect(one.embeddings).toEqual([fakeEmbedding("red apples")]);
    const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);
    const [apples, pie, engine] = ["red apples", "apples pie", "diesel engine"].map((t) => fakeEmbedding(t));
    expect(dot(apples ?? [], pie ?? [])).toBeGreaterThan(dot(apples ?? [], engine ?? []));
    expect(fake.stats.inputs).toEqual(["red apples"]);
  });

  it("streams NDJSON from /api/generate when asked to", async () => {
    const res = await post("/api/generate", { model: "fake-llm", prompt: "Query: tides", stream: true });
    const lines = (await res.text()).trim().split("\n").map((l) => JSON.parse(l) as { response: string; done: boolean });
    expect(lines.at(-1)?.done).toBe(true);
    expect(lines.map((l) => l.response).join("")).toBe(fakePassage("Query: tides"));
  });

  it("delays answers with slowMs and still answers correctly", async () => {
    fake.setFaults({ slowMs: 5 });
    const res = await post("/api/show", { model: "fake-embed" });
    expect(res.status).toBe(200);
  });

  it("drops hanging requests on reset", async () => {
    fake.setFaults({ hang: true });
    const pending = globalThis.fetch(`${fake.url}/api/version`).then(
      () => "answered",
      () => "dropped",
    );
    while (fake.stats.apiCalls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    fake.reset();
    expect(await pending).toBe("dropped");
  });
});
