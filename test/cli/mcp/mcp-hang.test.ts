import { afterEach, beforeAll, afterAll, expect, it } from "vitest";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { manualProbes, recordingFetch, releaseUntilClosed } from "../../core/ollama/breaker-helpers";
import { runCli } from "../cli-harness";
import { toolJson, writeFixtureVault } from "../mcp-fixture";
import { inProcessMcp } from "./in-process-mcp";

interface SearchOut {
  effectiveMode: string;
  notices: string[];
  results: { path: string; ranks: Record<string, number> }[];
}

let fake: FakeOllama;
let vault: { dir: string; dispose: () => void } | undefined;
let mcp: Awaited<ReturnType<typeof inProcessMcp>> | undefined;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterAll(() => fake.close());
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  vault?.dispose();
  fake.reset();
});

it("the MCP search tool answers keyword-only at once with a notice while Ollama hangs, and semantically once it answers", async () => {
  vault = writeFixtureVault();
  expect((await runCli(["index", "--vault", vault.dir, "--ollama", fake.url, "--model", "fake-embed"])).code).toBe(0);
  const probes = manualProbes();
  const sent = recordingFetch();
  mcp = await inProcessMcp(vault.dir, { url: fake.url, model: "fake-embed" }, { ollamaHealth: probes.health, fetch: sent.fetch, ollamaTimeoutMs: 1_500 });
  const search = async (query: string) => toolJson<SearchOut>(await mcp?.client.callTool({ name: "search", arguments: { query } }));
  await mcp.live.whenReady();

  fake.setFaults({ hang: true });
  const first = await search("restore drill");
  expect(first.effectiveMode).toBe("keyword");
  const before = sent.paths.length;
  const second = await search("watering tomatoes");
  expect(sent.paths.slice(before)).toEqual([]);
  expect(second.effectiveMode).toBe("keyword");
  expect(second.notices.join("\n")).toMatch(/Keyword results only: Ollama at .* stopped answering/);
  expect(second.results.map((r) => r.path)).toContain("Projects/Tomato notes.md");

  fake.setFaults({ hang: false });
  await releaseUntilClosed(probes, probes.health.breakerFor(fake.url));
  const third = await search("watering tomatoes");
  expect(third.effectiveMode).toBe("hybrid");
  expect(third.notices).toEqual([]);
  expect(third.results.some((r) => r.ranks.vector !== undefined)).toBe(true);
});
