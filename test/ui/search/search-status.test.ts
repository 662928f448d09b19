import { describe, expect, it } from "vitest";
import { explainLine } from "../../../src/ui/search/explain-format";
import { noticeLines } from "../../../src/ui/search/search-status";

/** The lines' texts, as the status area shows them. */
const texts = (...args: Parameters<typeof noticeLines>) => noticeLines(...args).map((l) => l.text);
import type { SearchNotice } from "../../../src/core/search/search-result";
import { response } from "../fixtures";

const URL = "http://127.0.0.1:11434";

describe("noticeLines", () => {
  it("says exactly that results are keyword-only when Ollama is unreachable", () => {
    const r = response("q", ["a.md"], {
      notices: [
        {
          code: "KEYWORD_FALLBACK",
          message: "Keyword results only: Can't reach Ollama.",
          error: { code: "OLLAMA_UNREACHABLE", message: "Can't reach Ollama at x. Is it running?" },
        },
      ],
    });
    expect(noticeLines(r, URL)).toEqual([{ text: `Ollama isn't reachable at ${URL}: showing keyword results from the index.`, outage: true }]);
  });

  it("passes other fallbacks and notices through, and says nothing otherwise", () => {
    const timeout = response("q", [], {
      notices: [{ code: "KEYWORD_FALLBACK", message: "Keyword results only: timed out.", error: { code: "OLLAMA_TIMEOUT", message: "timed out" } }],
    });
    expect(texts(timeout, URL)).toEqual(["Keyword results only: timed out."]);
    // A stuck server stays in view while the next searches (answered from keywords at once) run.
    expect(noticeLines(timeout, URL)).toEqual([{ text: "Keyword results only: timed out.", outage: true }]);
    const noEmbedder = response("q", [], {
      notices: [
        {
          code: "KEYWORD_FALLBACK",
          message: "Keyword results only: No embedding model is set up. Pick one in the settings.",
          error: { code: "OLLAMA_UNREACHABLE", message: "No embedding model is set up. Pick one in the settings." },
        },
      ],
    });
    expect(texts(noEmbedder, URL)).toEqual(["Keyword results only: No embedding model is set up. Pick one in the settings."]);
    expect(texts(response("q", [], { notices: [{ code: "NO_VECTORS", message: "No embeddings yet." }] }), URL)).toEqual(["No embeddings yet."]);
    expect(texts(response("q", [], { notices: [{ code: "HYDE_SKIPPED", message: "skipped" }] }), URL)).toEqual([]);
    expect(texts(undefined, URL)).toEqual([]);
  });

  it("shows notices it does not know, once each, and makes a notice's suggested query its line's offer", () => {
    const unknown = { code: "SPELLING", message: "No exact match." } as unknown as SearchNotice;
    expect(noticeLines(response("q", [], { notices: [unknown, unknown] }), URL)).toEqual([{ text: "No exact match." }]);
    const didYouMean: SearchNotice = { code: "DID_YOU_MEAN", message: "No matches. Did you mean: tomato", suggestion: "tomato" };
    expect(noticeLines(response("q", [], { notices: [didYouMean] }), URL)).toEqual([
      { text: "No matches. Did you mean: tomato", suggestion: "tomato" },
    ]);
    const blank: SearchNotice = { ...didYouMean, suggestion: " " };
    expect(noticeLines(response("q", [], { notices: [blank] }), URL)).toEqual([{ text: "No matches. Did you mean: tomato" }]);
  });
});

describe("explainLine", () => {
  it("gives each list's rank, a dash where the note was not found, and the fused score", () => {
    expect(explainLine({ ranks: { bm25: 3, hyde: 1 }, fused: 0.08123, weights: { bm25: 1, vector: 1, hyde: 0.5 }, k: 20 })).toBe(
      "BM25 #3 · Vector – · HyDE #1 · fused 0.0812 (k 20)",
    );
    expect(explainLine({ ranks: { bm25: 2 }, fused: 0.04, weights: { bm25: 1 }, k: 60 })).toBe("BM25 #2 · fused 0.0400 (k 60)");
  });

  it("adds the judge's relevance and the fused rank after a rerank", () => {
    const e = { ranks: { bm25: 2 }, fused: 0.04, weights: { bm25: 1 }, k: 5 };
    expect(explainLine(e, { relevance: 0.934, fusedRank: 3, blended: 0.9 })).toBe("BM25 #2 · fused 0.0400 (k 5) · relevance 0.93 (fused #3)");
  });
});
