import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../src/core/index/chunk-index";
import type { OllamaClient } from "../../src/core/ollama/ollama-client";
import { findRelatedNotes } from "../../src/core/search/related-notes";
import type { VaultSearch } from "../../src/core/session/vault-search";
import type { IndexService } from "../../src/core/sync/control/index-service";
import { relatedPortOver, type ConnectionPort, type IndexStatusPort, type SearchPort } from "../../src/ui/ports";

/** `true` only when T can be passed where U is expected; checked by the type checker, not at run time. */
type Fits<T, U> = [T] extends [U] ? true : false;

describe("ports", () => {
  it("are satisfied by the real services, so main.ts can pass them as they are", () => {
    const fits: [Fits<VaultSearch, SearchPort>, Fits<IndexService, IndexStatusPort>, Fits<OllamaClient, ConnectionPort>] = [true, true, true];
    expect(fits).toEqual([true, true, true]);
  });

  it("relatedPortOver reads the live index and reports excluded notes", () => {
    let index = new ChunkIndex(0);
    const port = relatedPortOver({ related: (p, o) => findRelatedNotes(index, p, o) }, (p) => p.startsWith("Private/"));
    const opts = { limit: 5, rrfK: 20, weights: { vector: 1, bm25: 1 } };
    expect(port.related("a.md", opts).status).toBe("not-indexed");
    expect(port.related("Private/x.md", opts).status).toBe("excluded");
    index = new ChunkIndex(0);
    index.addNote({
      path: "a.md",
      meta: { title: "A", aliases: [], tags: [], links: [] },
      chunks: [{ id: "a.md#0", path: "a.md", ordinal: 0, headingPath: ["A"], text: "x", startLine: 0, endLine: 0, tokens: 1 }],
    });
    expect(port.related("a.md", opts).status).toBe("no-embeddings");
  });
});
