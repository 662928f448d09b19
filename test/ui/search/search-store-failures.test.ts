import { describe, expect, it } from "vitest";
import type { SearchRequest } from "../../../src/core/search/search-engine";
import type { SearchResponse } from "../../../src/core/search/search-result";
import { SearchStore } from "../../../src/ui/search/search-store";
import { FakeSearch } from "../fake-search";
import { ManualTimers } from "../fake-timers";

/** A port that throws on the queries `bad` picks, at once (keyword) and in the full search (rejects or throws). */
class BrittleSearch extends FakeSearch {
  constructor(private readonly bad: (query: string) => boolean, private readonly fullThrows = false) {
    super();
  }

  override searchKeyword(req: SearchRequest): SearchResponse {
    if (this.bad(req.query)) throw new TypeError("Cannot assign to read only property '5' of string 'сравнения'");
    return super.searchKeyword(req);
  }

  override search(req: SearchRequest): Promise<SearchResponse> {
    if (this.fullThrows) throw new TypeError("full search threw");
    if (this.bad(req.query)) return Promise.reject(new TypeError("full search failed"));
    return super.search(req);
  }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe("SearchStore when a search throws", () => {
  it("shows the failure as a status line, and the next keystroke searches again", () => {
    const search = new BrittleSearch((q) => q.includes("сравнения"));
    const store = new SearchStore({ search, timers: new ManualTimers(), debounceMs: 150 });
    expect(() => store.input("сравнения")).not.toThrow();
    expect(store.state).toMatchObject({ query: "сравнения", results: [] });
    expect(store.state.status.map((l) => l.text)).toContain(
      "This search failed on an unexpected error (Cannot assign to read only property '5' of string 'сравнения'). Try other words; please report this as a bug.",
    );
    store.input("bread");
    expect(store.state.results.map((r) => r.path)).toEqual(["a.md", "b.md", "c.md"]);
    expect(store.state.status.map((l) => l.text).join(" ")).not.toContain("failed");
  });

  it("keeps the keyword results when the full search fails, and says why nothing more came", async () => {
    const search = new BrittleSearch((q) => q === "bad full");
    search.searchKeyword = (req) => FakeSearch.prototype.searchKeyword.call(search, req);
    const timers = new ManualTimers();
    const store = new SearchStore({ search, timers, debounceMs: 150 });
    store.input("bad full");
    timers.fireAll();
    await flush();
    expect(store.state.phase).toBe("final");
    expect(store.state.results.map((r) => r.path)).toEqual(["a.md", "b.md", "c.md"]);
    expect(store.state.status.map((l) => l.text)).toContain(
      "This search failed on an unexpected error (full search failed). Try other words; please report this as a bug.",
    );
  });

  it("survives a port whose full search throws instead of rejecting", async () => {
    const search = new BrittleSearch(() => false, true);
    const timers = new ManualTimers();
    const store = new SearchStore({ search, timers, debounceMs: 150 });
    store.input("bread");
    expect(() => timers.fireAll()).not.toThrow();
    await flush();
    expect(store.state.phase).toBe("final");
    expect(store.state.status.map((l) => l.text).join(" ")).toContain("full search threw");
  });
});
