import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OllamaClient } from "../../../src/core/ollama/ollama-client";
import { OllamaRelevanceJudge } from "../../../src/core/ollama/relevance-judge";
import { Reranker } from "../../../src/core/search/reranker";
import type { SearchResponse } from "../../../src/core/search/search-result";
import type { SearchState } from "../../../src/ui/search/search-state";
import { SearchStore } from "../../../src/ui/search/search-store";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { until } from "../../core/ollama/helpers";
import { FakeSearch } from "../fake-search";
import { ManualTimers } from "../fake-timers";
import { result } from "../fixtures";

let fake: FakeOllama;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

/** A fake search whose rerank goes to a real Reranker over the fake Ollama's judge, recording each request's signal. */
class RerankingSearch extends FakeSearch {
  readonly signals: AbortSignal[] = [];
  readonly answers: Promise<SearchResponse>[] = [];
  readonly reranker = new Reranker(new OllamaRelevanceJudge(new OllamaClient({ baseUrl: fake.url, retries: 0 }), { model: "fake-judge" }));

  rerank(response: SearchResponse, signal: AbortSignal): Promise<SearchResponse> {
    this.signals.push(signal);
    const answer = this.reranker.rerank(response, signal);
    this.answers.push(answer);
    return answer;
  }
}

/** The fused answer: a (weather), b (bread), c (tide pools), with close scores so the gate lets the rerank run. */
const FUSED = [result("a.md", "weather in the hills"), result("b.md", "baking bread"), result("c.md", "tide pools at low tide")];

function setup(rerankEnabled = false) {
  const search = new RerankingSearch(() => ["a.md", "b.md", "c.md"]);
  const timers = new ManualTimers();
  const store = new SearchStore({ search, timers, debounceMs: 150, rerankEnabled: () => rerankEnabled });
  const phases: SearchState["phase"][] = [];
  store.subscribe((state) => phases.push(state.phase));
  return { search, timers, store, phases };
}

const paths = (s: SearchState) => s.results.map((r) => r.path);

describe("SearchStore with the rerank", () => {
  it("shows keyword, then fused, then the reranked order in place, the selected note kept selected", async () => {
    const { search, timers, store, phases } = setup();
    store.input("r: tide pools");
    expect(store.state).toMatchObject({ mode: "hybrid", query: "tide pools", rerank: true, phase: "keyword" });
    timers.fireAll();
    store.move(1);
    await search.answer([], { results: FUSED });
    expect(store.state.phase).toBe("reranking");
    expect(paths(store.state)).toEqual(["a.md", "b.md", "c.md"]);
    expect(store.state.status).toEqual([{ text: "Reranking…", pending: true }]);
    expect(store.selectedResult?.path).toBe("b.md");

    await until(() => store.state.phase === "final");
    expect(paths(store.state)).toEqual(["c.md", "a.md", "b.md"]);
    expect(store.selectedResult?.path).toBe("b.md");
    expect(store.state.selected).toBe(2);
    expect(store.state.status).toEqual([]);
    expect(phases).toEqual(["keyword", "keyword", "reranking", "final"]);
    expect(fake.stats.generateCalls).toBe(3);
  });

  it("a newer keystroke aborts the rerank in flight, and its answer never lands", async () => {
    const { search, timers, store } = setup(true);
    store.input("tide pools");
    timers.fireAll();
    fake.setFaults({ holdShow: true });
    await search.answer([], { results: FUSED });
    expect(store.state.phase).toBe("reranking");
    await until(() => fake.stats.apiCalls.includes("/api/show"));
    store.input("tide pools and crabs");
    expect(search.signals[0]?.aborted).toBe(true);
    fake.setFaults({ holdShow: false });
    expect(store.state.phase).toBe("keyword");
    expect((await search.answers[0])?.aborted).toBe(true);
    expect(store.state).toMatchObject({ query: "tide pools and crabs", phase: "keyword" });
    expect(fake.stats.generateCalls).toBe(0);
  });

  it("keeps the fused order, and says why, when the rerank fails (no logprobs)", async () => {
    const { search, timers, store } = setup(true);
    fake.setFaults({ noLogprobs: true });
    store.input("tide pools");
    timers.fireAll();
    await search.answer([], { results: FUSED });
    await until(() => store.state.phase === "final");
    expect(paths(store.state)).toEqual(["a.md", "b.md", "c.md"]);
    expect(store.state.status[0]?.text).toMatch(/^Rerank left out, results keep their fused order: .*0\.12\.11/);
  });

  it("reranks hybrid queries when the setting is on, never k: ones, and r: only when it is off", async () => {
    const on = setup(true);
    on.store.input("k: tide pools");
    expect(on.store.state).toMatchObject({ mode: "keyword", rerank: false, phase: "final" });
    on.store.input("tide pools");
    expect(on.store.state.rerank).toBe(true);
    const off = setup(false);
    off.store.input("tide pools");
    off.timers.fireAll();
    await off.search.answer([], { results: FUSED });
    expect(off.store.state.phase).toBe("final");
    expect(off.search.signals).toEqual([]);
  });
});
