import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import type { LiveVault } from "../../../src/cli/live-vault";
import { createMcpServer } from "../../../src/cli/mcp/mcp-server";
import { NOT_RECONCILED } from "../../../src/cli/mcp/search-tool";
import { parseQuery } from "../../../src/core/search/query-parser";
import type { SearchResponse } from "../../../src/core/search/search-result";

/** A live vault whose saved index is loaded, and whose notes are (`ready`) or are not yet checked against it. */
function fakeLive(ready: boolean): LiveVault {
  const answer: SearchResponse = { query: parseQuery("bread"), mode: "keyword", effectiveMode: "keyword", results: [], notices: [], lists: {}, aborted: false };
  const session = { search: () => Promise.resolve(answer), service: { status: () => ({ pendingEmbeddings: 0 }) } };
  const vault = { session, embedding: { kind: "none" } };
  return { ready, whenReady: () => new Promise(() => undefined), whenLoaded: () => Promise.resolve(), session, vault } as unknown as LiveVault;
}

async function notices(live: LiveVault): Promise<string[]> {
  const server = createMcpServer(live, { related: { rrfK: 60, weights: { vector: 1, bm25: 1 } }, watching: false });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "ready-test", version: "1.0.0" });
  await client.connect(b);
  const r = await client.callTool({ name: "search", arguments: { query: "bread", mode: "keyword" } });
  await client.close();
  return (JSON.parse((r as { content: { text: string }[] }).content[0]!.text) as { notices: string[] }).notices;
}

describe("search before the notes are checked against the saved index", () => {
  it("answers from the saved index without waiting for the check, and says the results may be out of date", async () => {
    const early = await notices(fakeLive(false));
    expect(early).toContain(NOT_RECONCILED);
    expect(NOT_RECONCILED).toMatch(/status\.ready/);
  });

  it("says nothing of it once the check is done", async () => {
    expect(await notices(fakeLive(true))).not.toContain(NOT_RECONCILED);
  });
});
