import { describe, expect, it } from "vitest";
import { explainLine } from "../../src/ui/explain-format";
import { searchStatusLine } from "../../src/ui/search-status";
import { response } from "./fixtures";

const URL = "http://127.0.0.1:11434";

describe("searchStatusLine", () => {
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
    expect(searchStatusLine(r, URL)).toBe(`Keyword results only: Ollama unreachable at ${URL}`);
  });

  it("passes other fallbacks and notices through, and says nothing otherwise", () => {
    const timeout = response("q", [], {
      notices: [{ code: "KEYWORD_FALLBACK", message: "Keyword results only: timed out.", error: { code: "OLLAMA_TIMEOUT", message: "timed out" } }],
    });
    expect(searchStatusLine(timeout, URL)).toBe("Keyword results only: timed out.");
    const noEmbedder = response("q", [], {
      notices: [
        {
          code: "KEYWORD_FALLBACK",
          message: "Keyword results only: No embedding model is set up. Pick one in the settings.",
          error: { code: "OLLAMA_UNREACHABLE", message: "No embedding model is set up. Pick one in the settings." },
        },
      ],
    });
    expect(searchStatusLine(noEmbedder, URL)).toBe("Keyword results only: No embedding model is set up. Pick one in the settings.");
    expect(searchStatusLine(response("q", [], { notices: [{ code: "NO_VECTORS", message: "No embeddings yet." }] }), URL)).toBe("No embeddings yet.");
    expect(searchStatusLine(response("q", [], { notices: [{ code: "HYDE_SKIPPED", message: "skipped" }] }), URL)).toBeUndefined();
    expect(searchStatusLine(undefined, URL)).toBeUndefined();
  });
});

describe("explainLine", () => {
  it("gives each list's rank, a dash where the note was not found, and the fused score", () => {
    expect(explainLine({ ranks: { bm25: 3, hyde: 1 }, fused: 0.08123, weights: { bm25: 1, vector: 1, hyde: 0.5 }, k: 20 })).toBe(
      "BM25 #3 · Vector – · HyDE #1 · fused 0.0812 (k 20)",
    );
    expect(explainLine({ ranks: { bm25: 2 }, fused: 0.04, weights: { bm25: 1 }, k: 60 })).toBe("BM25 #2 · fused 0.0400 (k 60)");
  });
});
