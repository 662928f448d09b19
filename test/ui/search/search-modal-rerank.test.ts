import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../fakes/obsidian";
import { OllamaClient } from "../../../src/core/ollama/ollama-client";
import { OllamaRelevanceJudge } from "../../../src/core/ollama/relevance-judge";
import { Reranker } from "../../../src/core/search/reranker";
import type { SearchResponse } from "../../../src/core/search/search-result";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { SearchModal } from "../../../src/ui/search/search-modal";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { until } from "../../core/ollama/helpers";
import { FakeSearch } from "../fake-search";
import { ManualTimers } from "../fake-timers";
import { result } from "../fixtures";

let fake: FakeOllama;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterEach(() => {
  t.dispose();
  fake.reset();
});
afterAll(() => fake.close());

class RerankingSearch extends FakeSearch {
  private readonly reranker = new Reranker(new OllamaRelevanceJudge(new OllamaClient({ baseUrl: fake.url, retries: 0 }), { model: "fake-judge" }));
  rerank(response: SearchResponse, signal: AbortSignal): Promise<SearchResponse> {
    return this.reranker.rerank(response, signal);
  }
}

const titles = (m: SearchModal) => [...m.resultContainerEl.querySelectorAll(".hvs-result-title")].map((el) => el.getText());
const selectedTitle = (m: SearchModal) => m.resultContainerEl.querySelector(".is-selected .hvs-result-title")?.getText();
const status = (m: SearchModal) => m.modalEl.querySelector(".hvs-status-line")?.getText();

it("with Rerank results on, draws the reranked order in place with the selected row's note still selected", async () => {
  t = createTestApp({ "Weather.md": "x", "Bread.md": "x", "Tides.md": "x" });
  const search = new RerankingSearch(() => ["Weather.md", "Bread.md", "Tides.md"]);
  const timers = new ManualTimers();
  const settings = defaultSettings();
  settings.rerank = { enabled: true, model: "fake-judge", candidates: 20 };
  const modal = new SearchModal(t.app, { search, settings: () => settings, timers, afterPaint: (fn) => fn() });
  modal.open();
  modal.inputEl.value = "tide pools";
  modal.inputEl.dispatchEvent(new Event("input"));
  timers.fireAll();
  const fused = [result("Weather.md", "weather in the hills"), result("Bread.md", "baking bread"), result("Tides.md", "tide pools at low tide")];
  await search.answer([], { results: fused });
  expect(titles(modal)).toEqual(["Weather", "Bread", "Tides"]);
  expect(status(modal)).toBe("Reranking…");
  modal.resultContainerEl.querySelectorAll(".suggestion-item")[1]?.dispatchEvent(new Event("mousemove"));
  t.shell.body.dispatchEvent(Object.assign(new Event("keydown", { cancelable: true }), { key: "ArrowDown", ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, isComposing: false }));
  const chosen = selectedTitle(modal);
  expect(["Bread", "Tides"]).toContain(chosen);
  await until(() => titles(modal)[0] === "Tides");
  expect(titles(modal)).toEqual(["Tides", "Weather", "Bread"]);
  expect(selectedTitle(modal)).toBe(chosen);
  expect(status(modal)).toBe("");
  modal.close();
});
