import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OllamaRelevanceJudge, type OllamaJudgeOptions } from "../../../src/core/ollama/relevance-judge";
import { parseQuery } from "../../../src/core/search/query-parser";
import { Reranker } from "../../../src/core/search/reranker";
import type { NoteResult, SearchResponse } from "../../../src/core/search/search-result";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { testClient, until, withOwnFake } from "../ollama/helpers";

let fake: FakeOllama;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

/** A note whose best passage is `text`, with fused score `score`. */
function note(path: string, score: number, text: string): NoteResult {
  const title = path.replace(/\.md$/, "");
  const best = { id: `${path}#0`, headingPath: [title], startLine: 0, endLine: 2, text, score, ranks: { bm25: 1 } };
  return { path, title, tags: [], score, relativeScore: score, best, chunks: [best], explain: { ranks: {}, fused: score, weights: {}, k: 5 } };
}

function fused(query: string, notes: NoteResult[]): SearchResponse {
  return { query: parseQuery(query), mode: "hybrid", effectiveMode: "hybrid", results: notes, notices: [], lists: { bm25: 1, vector: 1 }, aborted: false };
}

/** Close fused scores, so the quality gate lets the rerank run. */
const CLOSE = (n: number) => 0.1 - n * 0.004;

function reranker(opts: Partial<OllamaJudgeOptions> = {}, own: FakeOllama = fake, candidates?: number) {
  const { client } = testClient(own, { retries: 0 });
  return new Reranker(new OllamaRelevanceJudge(client, { model: "fake-judge", ...opts }), candidates === undefined ? {} : { candidates });
}

const paths = (r: SearchResponse) => r.results.map((x) => x.path);

describe("Reranker through the fake Ollama", () => {
  it("moves a note the judge finds relevant up, blended by position, and asks with logprobs", async () => {
    const notes = [
      note("a.md", CLOSE(0), "weather in the mountains"),
      note("b.md", CLOSE(1), "baking bread at home"),
      note("c.md", CLOSE(2), "tide pools and their creatures at low tide"),
      note("d.md", CLOSE(3), "nothing related"),
    ];
    const r = reranker();
    const out = await r.rerank(fused("tide pools", notes));
    expect(paths(out)).toEqual(["c.md", "a.md", "b.md", "d.md"]);
    expect(out.rerank).toEqual({ status: "reranked", model: "fake-judge", candidates: 4 });
    expect(out.results[0]?.rerank).toMatchObject({ fusedRank: 3, relevance: expect.closeTo(0.95, 5) as number });
    expect(out.notices).toEqual([]);
    expect(fake.stats.generateCalls).toBe(4);
    const body = fake.stats.generateBodies[0];
    // fake-judge reports the "thinking" capability: it must be told not to think, or its first token is not the answer.
    expect(body).toMatchObject({ model: "fake-judge", logprobs: true, top_logprobs: 5, think: false, stream: false });
    expect(r.stats).toMatchObject({ asked: 1, reranked: 1, failed: 0 });
  });

  it("never throws away a strong fused hit: rank 1 judged irrelevant stays above a relevant note from far down", async () => {
    const notes = Array.from({ length: 12 }, (_, i) => note(`n${i + 1}.md`, 0.1 - i * 0.005, "unrelated words"));
    notes[11] = note("n12.md", 0.045, "sourdough starter feeding schedule");
    const out = await reranker().rerank(fused("sourdough starter", notes));
    const order = paths(out);
    expect(order[0]).toBe("n1.md");
    expect(order.indexOf("n12.md")).toBeLessThan(11);
    expect(order.indexOf("n12.md")).toBeGreaterThan(0);
  });

  it("sends only the top candidates; the rest keep their place below them", async () => {
    const notes = Array.from({ length: 14 }, (_, i) => note(`n${i}.md`, CLOSE(i), i === 13 ? "garden soil" : "other"));
    const out = await reranker({}, fake, 10).rerank(fused("garden soil", notes));
    expect(fake.stats.generateCalls).toBe(10);
    expect(paths(out).slice(10)).toEqual(["n10.md", "n11.md", "n12.md", "n13.md"]);
  });

  it("cuts each document to the model's window and keeps the query whole", async () => {
    const small = await startFakeOllama({ generationContextLength: 200 });
    try {
      const long = "tide ".repeat(2000);
      const notes = [note("a.md", CLOSE(0), long), note("b.md", CLOSE(1), "short")];
      const out = await reranker({}, small).rerank(fused("tide pools", notes));
      expect(out.rerank?.status).toBe("reranked");
      const prompt = String(small.stats.generateBodies.find((b) => String(b.prompt).includes("tide tide"))?.prompt);
      expect(prompt.length).toBeLessThan(1200);
      expect(prompt).toContain("Query: tide pools");
    } finally {
      await small.close();
    }
  });
});

describe("the quality gate", () => {
  it("skips when the top note leads the second by far, and counts it", async () => {
    const r = reranker();
    const out = await r.rerank(fused("tide pools", [note("a.md", 0.3, "x"), note("b.md", 0.1, "tide pools")]));
    expect(paths(out)).toEqual(["a.md", "b.md"]);
    expect(out.rerank).toMatchObject({ status: "skipped", skipped: "lead" });
    expect(out.notices.map((n) => n.code)).toEqual(["RERANK_SKIPPED"]);
    expect(fake.stats.generateCalls).toBe(0);
    expect(r.stats.skipped).toEqual({ lead: 1, title: 0, few: 0 });
  });

  it("skips when the top note's title is the query, in any case and spacing", async () => {
    const r = reranker();
    const out = await r.rerank(fused("  postgres BACKUP ", [note("Ops/Postgres backup.md", 0.1, "x"), note("b.md", 0.099, "postgres backup")]));
    expect(out.rerank).toMatchObject({ status: "skipped", skipped: "title" });
    expect(fake.stats.generateCalls).toBe(0);
  });

  it("skips a single result, and runs on close scores", async () => {
    const r = reranker();
    expect((await r.rerank(fused("tide", [note("a.md", 0.1, "x")]))).rerank?.skipped).toBe("few");
    expect((await r.rerank(fused("tide", [note("a.md", 0.1, "x"), note("b.md", 0.09, "tide")]))).rerank?.status).toBe("reranked");
    expect(r.stats).toMatchObject({ asked: 2, reranked: 1, skipped: { few: 1 } });
  });
});

describe("falls back to the fused order, with a notice", () => {
  const notes = () => [note("a.md", CLOSE(0), "weather"), note("b.md", CLOSE(1), "tide pools")];

  it("on an HTTP error", async () => {
    const r = reranker();
    await r.rerank(fused("warm up", notes()));
    fake.setFaults({ status500: 10 });
    const out = await r.rerank(fused("tide pools", notes()));
    expect(paths(out)).toEqual(["a.md", "b.md"]);
    expect(out.rerank?.status).toBe("failed");
    expect(out.notices[0]).toMatchObject({ code: "RERANK_FAILED", error: { code: "OLLAMA_HTTP" } });
    expect(out.notices[0]?.message).toMatch(/^Rerank left out, results keep their fused order: Ollama failed on \/api\/generate/);
    expect(r.stats).toMatchObject({ reranked: 1, failed: 1 });
  });

  it("on an answer without logprobs (Ollama before 0.12.11)", async () => {
    fake.setFaults({ noLogprobs: true });
    const out = await reranker().rerank(fused("tide pools", notes()));
    expect(paths(out)).toEqual(["a.md", "b.md"]);
    expect(out.notices[0]).toMatchObject({ code: "RERANK_FAILED", error: { code: "OLLAMA_NO_LOGPROBS" } });
    expect(out.notices[0]?.message).toContain('Update Ollama to 0.12.11 or later, or pick another model under "Rerank model"');
  });

  it("on a timeout", async () => {
    await withOwnFake(async (own) => {
      const r = reranker({ timeoutMs: 1000 }, own);
      // The model check answers; the question hangs.
      expect((await r.rerank(fused("tide pools", notes()))).rerank?.status).toBe("reranked");
      own.setFaults({ hang: true });
      const out = await r.rerank(fused("tide pools", notes()));
      expect(paths(out)).toEqual(["a.md", "b.md"]);
      expect(out.notices[0]?.error?.code).toBe("OLLAMA_TIMEOUT");
    });
  });

  it("on a model that is not installed, or that can't write text", async () => {
    const missing = await reranker({ model: "no-such-judge" }).rerank(fused("tide pools", notes()));
    expect(missing.notices[0]?.error?.code).toBe("OLLAMA_MODEL_MISSING");
    const embedder = await reranker({ model: "fake-embed" }).rerank(fused("tide pools", notes()));
    expect(embedder.notices[0]?.error).toMatchObject({ code: "RERANK_MODEL_UNFIT" });
    expect(fake.stats.generateCalls).toBe(0);
  });

  it("without a rerank model, saying how to set one", async () => {
    const out = await new Reranker(undefined).rerank(fused("tide pools", notes()));
    expect(paths(out)).toEqual(["a.md", "b.md"]);
    expect(out.notices[0]?.message).toContain('Pick one under "Rerank model" in settings');
  });
});

describe("cancellation", () => {
  it("an abort ends the questions in flight and answers aborted, with no failure counted", async () => {
    await withOwnFake(async (own) => {
      const r = reranker({ timeoutMs: 3_600_000 }, own);
      const warm = await r.rerank(fused("tide pools", [note("a.md", 0.1, "x"), note("b.md", 0.099, "tide")]));
      expect(warm.rerank?.status).toBe("reranked");
      own.setFaults({ hang: true });
      const calls = own.stats.generateCalls;
      const controller = new AbortController();
      const pending = r.rerank(fused("tide pools", [note("a.md", 0.1, "x"), note("b.md", 0.099, "tide")]), controller.signal);
      await until(() => own.stats.generateCalls > calls);
      controller.abort();
      const out = await pending;
      expect(out.aborted).toBe(true);
      expect(out.notices).toEqual([]);
      expect(r.stats).toMatchObject({ asked: 1, reranked: 1, failed: 0 });
    });
  });
});
