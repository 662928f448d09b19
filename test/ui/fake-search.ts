import type { SearchRequest } from "../../src/core/search/search-engine";
import type { SearchResponse } from "../../src/core/search/search-result";
import type { SearchPort } from "../../src/ui/ports";
import { response } from "./fixtures";

interface PendingSearch {
  req: SearchRequest;
  resolve: (r: SearchResponse) => void;
}

/** A search port whose keyword answers are immediate and whose full searches resolve when the test says. */
export class FakeSearch implements SearchPort {
  readonly keywordCalls: SearchRequest[] = [];
  readonly searches: PendingSearch[] = [];

  /** The paths a keyword search answers with, for a query; tests may swap it. */
  constructor(public keywordPaths: (query: string) => string[] = () => ["a.md", "b.md", "c.md"]) {}

  searchKeyword(req: SearchRequest): SearchResponse {
    this.keywordCalls.push(req);
    return response(req.query, this.keywordPaths(req.query), { mode: "keyword" });
  }

  search(req: SearchRequest): Promise<SearchResponse> {
    return new Promise((resolve) => this.searches.push({ req, resolve }));
  }

  /** Answers the latest full search with `paths`, as the engine would (aborted if its signal fired). */
  async answer(paths: string[], extra: Partial<SearchResponse> = {}): Promise<void> {
    const last = this.searches[this.searches.length - 1];
    if (!last) throw new Error("no search to answer");
    const aborted = last.req.signal?.aborted ?? false;
    last.resolve({ ...response(last.req.query, paths, { mode: last.req.mode ?? "hybrid" }), aborted, ...extra });
    await Promise.resolve();
    await Promise.resolve();
  }
}
