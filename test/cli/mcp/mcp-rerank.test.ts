import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { runCli } from "../cli-harness";
import { toolJson, toolText, writeFixtureVault } from "../mcp-fixture";
import { inProcessMcp } from "./in-process-mcp";

interface SearchOut {
  notices: string[];
  results: { path: string; relevance?: number; fusedRank?: number }[];
  rerank?: { status: string; model: string };
}

let fake: FakeOllama;
let vault: { dir: string; dispose: () => void } | undefined;
let mcp: Awaited<ReturnType<typeof inProcessMcp>> | undefined;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  vault?.dispose();
  fake.reset();
});
afterAll(() => fake.close());

async function served(rerankModel?: string) {
  vault = writeFixtureVault();
  const ollama = { url: fake.url, model: "fake-embed" };
  expect((await runCli(["index", "--vault", vault.dir, "--ollama", fake.url, "--model", "fake-embed"])).code).toBe(0);
  mcp = await inProcessMcp(vault.dir, ollama, {}, rerankModel === undefined ? {} : { rerankModel });
  return mcp.client;
}

const QUERY = "what does the garden plan say about tomatoes and watering";

it("search with rerank: true reranks with the server's model; without it, the answer keeps its shape", async () => {
  const client = await served("fake-judge");
  const plain = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: QUERY } }));
  expect(plain.rerank).toBeUndefined();
  expect(plain.results.every((r) => r.relevance === undefined && r.fusedRank === undefined)).toBe(true);
  expect(fake.stats.generateCalls).toBe(0);
  const call = await client.callTool({ name: "search", arguments: { query: QUERY, rerank: true } });
  expect(call.isError, toolText(call)).toBeFalsy();
  const out = toolJson<SearchOut>(call);
  expect(out.rerank).toMatchObject({ status: "reranked", model: "fake-judge" });
  // The fused top 20 are judged (fewer when fewer notes match); `limit` (10) are returned.
  expect(fake.stats.generateCalls).toBeGreaterThanOrEqual(plain.results.length);
  expect(out.results.length).toBe(plain.results.length);
  expect(out.results.every((r) => typeof r.relevance === "number" && typeof r.fusedRank === "number")).toBe(true);
});

it("rerank: true without a rerank model keeps the fused order and says how to set one", async () => {
  const client = await served();
  const out = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: QUERY, rerank: true } }));
  expect(out.rerank).toMatchObject({ status: "failed", model: "" });
  expect(out.notices.some((n) => n.startsWith("Rerank left out: no rerank model is set."))).toBe(true);
});
