import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HYDE_PROMPT, HydeGenerator } from "../../../src/core/ollama/hyde";
import { isKeywordLikeQuery } from "../../../src/core/search/query-parser";
import { OllamaClient } from "../../../src/core/ollama/ollama-client";
import { fakePassage, startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { testClient, withOwnFake } from "./helpers";

let fake: FakeOllama;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

describe("isKeywordLikeQuery", () => {
  it.each(["rust", "vector search", '"exact phrase" and more words here', "  two   words  ", "react hooks -class"])(
    "skips %j",
    (q) => expect(isKeywordLikeQuery(q)).toBe(true),
  );

  it.each(["how do vector databases work", "notes about my trip", "機械学習の基本的な考え方"])("runs for %j", (q) =>
    expect(isKeywordLikeQuery(q)).toBe(false),
  );
});

describe("HydeGenerator", () => {
  const hyde = (opts: Partial<ConstructorParameters<typeof HydeGenerator>[1]> = {}, client = testClient(fake).client) =>
    new HydeGenerator(client, { model: "fake-llm", ...opts });

  it("writes a passage for the query with the default prompt", async () => {
    const g = hyde();
    const result = await g.generate("how do plants grow");
    expect(result).toEqual({ ok: true, value: fakePassage(DEFAULT_HYDE_PROMPT.replace("{query}", "how do plants grow")) });
    expect(result.ok && result.value).toContain("how do plants grow");
  });

  it("caches per query: the same query (up to spacing) is generated once", async () => {
    const g = hyde();
    const first = await g.generate("how do plants grow");
    const again = await g.generate("  how do   plants grow ");
    const other = await g.generate("why is the sky blue");
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(fake.stats.generateCalls).toBe(2);
  });

  it("does not cache failures", async () => {
    const g = hyde({}, testClient(fake, { retries: 0 }).client);
    fake.setFaults({ status500: 1 });
    expect((await g.generate("how do plants grow")).ok).toBe(false);
    expect((await g.generate("how do plants grow")).ok).toBe(true);
    expect(fake.stats.generateCalls).toBe(2);
  });

  it("times out with OLLAMA_TIMEOUT", async () => {
    await withOwnFake(async (own) => {
      own.setFaults({ hang: true });
      const result = await hyde({ timeoutMs: 20 }, testClient(own, { timeoutMs: 3_600_000 }).client).generate("a b c");
      expect(!result.ok && result.error.code).toBe("OLLAMA_TIMEOUT");
    });
  });

  it("explains that an embedding model can't write passages", async () => {
    const result = await hyde({ model: "fake-embed" }).generate("how do plants grow");
    expect(!result.ok && result.error.message).toContain("can't write text");
  });

  it("fills a custom template and strips inline reasoning", async () => {
    const prompts: string[] = [];
    const client = new OllamaClient({
      fetch: (_input, init) => {
        prompts.push((JSON.parse(typeof init?.body === "string" ? init.body : "{}") as { prompt: string }).prompt);
        const response = "<think>the user wants…</think>\nPlants grow from seeds.";
        return Promise.resolve(Response.json({ response, done: true }));
      },
    });
    const result = await hyde({ promptTemplate: "Answer: {query}!" }, client).generate("plants");
    expect(prompts).toEqual(["Answer: plants!"]);
    expect(result).toEqual({ ok: true, value: "Plants grow from seeds." });
  });

  it("turns an empty passage into an error", async () => {
    const client = new OllamaClient({ fetch: () => Promise.resolve(Response.json({ response: "  ", done: true })) });
    const result = await hyde({}, client).generate("plants");
    expect(!result.ok && result.error.code).toBe("OLLAMA_BAD_RESPONSE");
  });
});
