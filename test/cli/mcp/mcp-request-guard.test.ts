import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import type { LiveVault } from "../../../src/cli/live-vault";
import { createMcpServer } from "../../../src/cli/mcp/mcp-server";
import type { SearchResponse } from "../../../src/core/search/search-result";
import { parseQuery } from "../../../src/core/search/query-parser";

/** Just enough of a live vault for the search and related tools, with an engine that fails on some queries. */
function fakeLive(search: (query: string) => Promise<SearchResponse>): LiveVault {
  const session = {
    search: (req: { query: string }) => search(req.query),
    service: { status: () => ({ pendingEmbeddings: 0 }) },
    get index(): never {
      throw new Error("the index is gone");
    },
  };
  const vault = { session, embedding: { kind: "none" } };
  return { whenReady: () => Promise.resolve(), whenLoaded: () => Promise.resolve(), session, vault } as unknown as LiveVault;
}

const answer = (query: string): SearchResponse => ({
  query: parseQuery(query),
  mode: "keyword",
  effectiveMode: "keyword",
  results: [],
  notices: [],
  lists: {},
  aborted: false,
});

async function connect(live: LiveVault, log: string[]): Promise<Client> {
  const server = createMcpServer(live, { related: { rrfK: 60, weights: { vector: 1, bm25: 1 } }, watching: false, log: (l) => log.push(l) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "guard-test", version: "1.0.0" });
  await client.connect(b);
  return client;
}

const text = (r: unknown): string => (r as { content: { text: string }[] }).content.map((c) => c.text).join("\n");

describe("the MCP tools catch failures per request", () => {
  it("answers a request that throws with a tool error saying what to do, logs it, and serves the next one", async () => {
    const log: string[] = [];
    const client = await connect(
      fakeLive(async (q) => {
        if (q.startsWith("сравнения")) throw new TypeError("Cannot assign to read only property '5' of string 'сравнения'");
        return answer(q);
      }),
      log,
    );
    const failed = await client.callTool({ name: "search", arguments: { query: "сравнения" } });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toBe(
      "The search request failed on an unexpected error (Cannot assign to read only property '5' of string 'сравнения'). Nothing was changed; please report this as a bug.",
    );
    expect(log.join("\n")).toContain("The search request failed: TypeError: Cannot assign to read only property");
    const next = await client.callTool({ name: "search", arguments: { query: "bread" } });
    expect(next.isError).toBeFalsy();
    expect(JSON.parse(text(next))).toMatchObject({ effectiveMode: "keyword", results: [] });
    const related = await client.callTool({ name: "related", arguments: { path: "a.md" } });
    expect(related.isError).toBe(true);
    expect(text(related)).toContain("The related request failed on an unexpected error (the index is gone).");
    await client.close();
  });
});
