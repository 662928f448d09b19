import { describe, expect, it } from "vitest";
import type { SearchResponse } from "../../../src/core/search/search-result";
import type { SearchChange, SearchState } from "../../../src/ui/search/search-state";
import { SearchStore } from "../../../src/ui/search/search-store";
import { FakeSearch } from "../fake-search";
import { ManualTimers } from "../fake-timers";

const URL = "http://192.168.1.5:11434";
const UNREACHABLE: Partial<SearchResponse> = {
  effectiveMode: "keyword",
  notices: [
    {
      code: "KEYWORD_FALLBACK",
      message: "Keyword results only: Can't reach Ollama.",
      error: { code: "OLLAMA_UNREACHABLE", message: `Can't reach Ollama at ${URL}. Is it running?` },
    },
  ],
};

function setup(keywordPaths: (q: string) => string[] = () => ["a.md", "b.md", "c.md"], limit?: number) {
  const search = new FakeSearch(keywordPaths);
  const timers = new ManualTimers();
  const store = new SearchStore({ search, timers, debounceMs: 150, limit: () => limit, ollamaUrl: () => URL });
  const pushed: { state: SearchState; change: SearchChange }[] = [];
  store.subscribe((state, change) => pushed.push({ state, change }));
  const last = () => pushed[pushed.length - 1];
  return { search, timers, store, pushed, last };
}

const paths = (s: SearchState) => s.results.map((r) => r.path);
const texts = (s: SearchState) => s.status.map((l) => l.text);

describe("SearchStore", () => {
  it("pushes keyword results with the keystroke, then the fused results after the pause, in place", async () => {
    const { search, timers, store, last } = setup(undefined, 7);
    store.input("garden pla");
    expect(last()?.change).toEqual({ list: "new", reveal: false });
    expect(store.state).toMatchObject({ input: "garden pla", mode: "hybrid", query: "garden pla", prefixLast: true, phase: "keyword" });
    expect(paths(store.state)).toEqual(["a.md", "b.md", "c.md"]);
    expect(store.state.highlight).toEqual({ terms: ["garden", "pla"], phrases: [], prefix: "pla" });
    expect(store.state.status).toEqual([{ text: "Searching by meaning…", pending: true }]);
    expect(search.keywordCalls).toEqual([{ query: "garden pla", prefixLast: true, limit: 7 }]);
    expect(search.searches).toHaveLength(0);
    expect(timers.waiting).toEqual([150]);

    timers.fireAll();
    expect(search.searches[0]?.req).toMatchObject({ query: "garden pla", mode: "hybrid", prefixLast: true, limit: 7 });
    await search.answer(["c.md", "a.md"]);
    expect(last()?.change).toEqual({ list: "replace", reveal: false });
    expect(store.state.phase).toBe("final");
    expect(paths(store.state)).toEqual(["c.md", "a.md"]);
    expect(store.state.status).toEqual([]);
  });

  it("keeps the selected note selected when the fused list moves it, and its place when the note drops out", async () => {
    const { search, timers, store } = setup(() => ["a.md", "b.md", "c.md"]);
    store.input("soil care");
    store.move(1);
    expect(store.selectedResult?.path).toBe("b.md");
    timers.fireAll();
    await search.answer(["c.md", "a.md", "b.md"]);
    expect(store.state.selected).toBe(2);
    expect(store.selectedResult?.path).toBe("b.md");

    store.input("soil");
    store.move(1);
    timers.fireAll();
    await search.answer(["d.md", "e.md"]);
    expect(store.state.selected).toBe(1);
  });

  it("leaves the rows alone when the late results draw the same rows, but takes their ranks", async () => {
    const { search, timers, store, last } = setup(() => ["a.md", "b.md"]);
    store.input("soil");
    timers.fireAll();
    await search.answer(["a.md", "b.md"], { lists: { bm25: 1, vector: 1 } });
    expect(last()?.change.list).toBe("none");
    expect(store.state.phase).toBe("final");
    expect(store.state.response?.lists).toEqual({ bm25: 1, vector: 1 });
    store.setExplain(true);
    expect(last()?.change.list).toBe("replace");
  });

  it("aborts the older request on the next keystroke, and a stale answer never lands", async () => {
    const { search, timers, store, pushed } = setup();
    store.input("gar");
    store.input("gard");
    expect(timers.waiting).toEqual([150]);
    timers.fireAll();
    const first = search.searches[0];
    store.input("garde");
    expect(first?.req.signal?.aborted).toBe(true);
    first?.resolve({ ...search.searchKeyword({ query: "gard" }), aborted: false, results: [] });
    await Promise.resolve();
    expect(store.state).toMatchObject({ query: "garde", phase: "keyword" });
    expect(paths(store.state)).toEqual(["a.md", "b.md", "c.md"]);
    timers.fireAll();
    await search.answer(["b.md"]);
    expect(pushed.filter((p) => p.state.phase === "final").map((p) => p.state.query)).toEqual(["garde"]);
  });

  it("drops an answer for a query that was cleared meanwhile", async () => {
    const { search, timers, store } = setup();
    store.input("alpha");
    timers.fireAll();
    store.input("");
    await search.answer(["z.md"]);
    expect(store.state).toMatchObject({ phase: "empty", results: [], status: [] });
    expect(search.searches[0]?.req.signal?.aborted).toBe(true);
  });

  it("runs keyword mode and the k: prefix without a full search or a status line", () => {
    const { search, timers, store } = setup();
    store.input("k: exact");
    expect(store.state).toMatchObject({ mode: "keyword", query: "exact", phase: "final", status: [] });
    store.setMode("keyword");
    store.input("other");
    expect(store.state.mode).toBe("keyword");
    expect(timers.waiting).toEqual([]);
    expect(search.searches).toHaveLength(0);
    expect(search.keywordCalls.map((c) => c.query)).toEqual(["exact", "other"]);
  });

  it("lets the toggle override a typed prefix, which goes, and keeps the selected note", () => {
    const { search, timers, store, last } = setup();
    store.input("s: meaning");
    expect(store.state.mode).toBe("semantic");
    store.move(2);
    store.setMode("keyword");
    expect(store.state).toMatchObject({ input: "meaning", toggleMode: "keyword", mode: "keyword", phase: "final" });
    expect(last()?.change.list).toBe("replace");
    expect(store.selectedResult?.path).toBe("c.md");
    expect(timers.waiting).toEqual([]);
    expect(search.keywordCalls.at(-1)?.query).toBe("meaning");
    // The toggle that confirms the typed mode only removes the prefix.
    store.input("h: plan");
    const calls = search.keywordCalls.length;
    store.setMode("hybrid");
    expect(store.state.input).toBe("plan");
    expect(search.keywordCalls).toHaveLength(calls);
  });

  it("treats the same words in another mode, or finished with a space, as a new query, and extra spaces as the same", () => {
    const { search, store } = setup();
    store.input("plan");
    store.input("s: plan");
    store.input("s: plan ");
    store.input("s: plan  ");
    expect(search.keywordCalls.map((c) => c.prefixLast)).toEqual([true, true, false]);
    expect(store.state.input).toBe("s: plan  ");
  });

  it("moves the selection with wrapping and reveals it; the pointer selects without scrolling", () => {
    const { store, last } = setup();
    store.move(-1);
    expect(store.state.selected).toBe(0);
    store.input("x");
    store.move(-1);
    expect(store.state.selected).toBe(2);
    expect(last()?.change).toEqual({ list: "none", reveal: true });
    store.move(1);
    expect(store.state.selected).toBe(0);
    store.select(1);
    expect(last()?.change).toEqual({ list: "none", reveal: false });
    store.select(7);
    expect(store.state.selected).toBe(1);
  });

  it("says keyword results only when Ollama is unreachable, keeps saying it while the next search runs, and stops once one succeeds", async () => {
    const { search, timers, store } = setup();
    store.input("garden");
    timers.fireAll();
    await search.answer(["a.md"], UNREACHABLE);
    expect(store.state.status).toEqual([{ text: `Ollama isn't reachable at ${URL}: showing keyword results from the index.`, outage: true }]);
    store.input("garden s");
    expect(texts(store.state)).toEqual([`Ollama isn't reachable at ${URL}: showing keyword results from the index.`]);
    expect(store.state.phase).toBe("keyword");
    timers.fireAll();
    await search.answer(["a.md"]);
    store.input("garden so");
    expect(texts(store.state)).toEqual(["Searching by meaning…"]);
  });

  it("shows every notice but the quiet ones, and offers a suggested query that runs with the typed prefix", async () => {
    const { search, timers, store } = setup(() => []);
    store.input("s: tomatoe");
    timers.fireAll();
    const answer = {
      notices: [
        { code: "HYDE_SKIPPED", message: "HyDE skipped." },
        { code: "SOMETHING_NEW", message: "A notice added later." },
        { code: "DID_YOU_MEAN", message: "No matches. Did you mean: tomato", suggestion: "tomato" },
      ],
    } as unknown as Partial<SearchResponse>;
    await search.answer([], answer);
    expect(store.state.status).toEqual([
      { text: "A notice added later." },
      { text: "No matches. Did you mean: tomato", suggestion: "tomato" },
    ]);
    store.runSuggestion("tomato");
    expect(store.state).toMatchObject({ input: "s: tomato ", mode: "semantic", query: "tomato ", prefixLast: false });
    expect(search.keywordCalls.at(-1)?.query).toBe("tomato ");
  });

  it("shows a keyword answer's own notices while the full search runs", () => {
    const search = new FakeSearch(() => []);
    const keyword = search.searchKeyword.bind(search);
    search.searchKeyword = (req) => ({ ...keyword(req), notices: [{ code: "NO_VECTORS", message: "No embeddings yet." }] });
    const store = new SearchStore({ search, timers: new ManualTimers() });
    store.input("q");
    expect(texts(store.state)).toEqual(["Searching by meaning…", "No embeddings yet."]);
  });

  it("keeps the keyword results, as final, if the full search breaks its promise and rejects, and says so", async () => {
    const { search, timers, store } = setup();
    search.search = () => Promise.reject(new Error("boom"));
    store.input("garden");
    timers.fireAll();
    await Promise.resolve();
    await Promise.resolve();
    const line = "This search failed on an unexpected error (boom). Try other words; please report this as a bug.";
    expect(store.state).toMatchObject({ phase: "final", status: [{ text: line }] });
    expect(store.state.response?.effectiveMode).toBe("keyword");
    expect(paths(store.state)).toEqual(["a.md", "b.md", "c.md"]);
  });

  it("clears the list for an empty input without searching, and aborts the running request on close", () => {
    const { search, timers, store, last } = setup();
    store.input("   ");
    expect(store.state).toMatchObject({ phase: "empty", results: [], input: "   " });
    expect(last()?.change.list).toBe("new");
    expect(search.keywordCalls).toHaveLength(0);
    expect(timers.waiting).toEqual([]);
    store.input("garden");
    timers.fireAll();
    store.close();
    expect(search.searches[0]?.req.signal?.aborted).toBe(true);
  });
});
