import { expect, it } from "vitest";
import { manualProbes, recordingFetch, releaseUntilClosed } from "../../core/ollama/breaker-helpers";
import { runCli } from "../cli-harness";
import { toolJson } from "../mcp-fixture";
import { fakeOllamaSuite, type SearchOut } from "./fake-ollama-suite";
import { inProcessMcp } from "./in-process-mcp";

const suite = fakeOllamaSuite();

it("the MCP search tool answers keyword-only at once with a notice while Ollama hangs, and semantically once it answers", async () => {
  const dir = suite.newVault();
  expect((await runCli(["index", "--vault", dir, ...suite.ollamaArgs()])).code).toBe(0);
  const probes = manualProbes();
  const sent = recordingFetch();
  const mcp = await inProcessMcp(dir, { url: suite.fake.url, model: "fake-embed" }, { ollamaHealth: probes.health, fetch: sent.fetch, ollamaTimeoutMs: 1_500 });
  suite.closers.push(mcp.close);
  const search = async (query: string) => toolJson<SearchOut>(await mcp.client.callTool({ name: "search", arguments: { query } }));
  await mcp.live.whenReady();

  suite.fake.setFaults({ hang: true });
  const first = await search("restore drill");
  expect(first.effectiveMode).toBe("keyword");
  const before = sent.paths.length;
  const second = await search("watering tomatoes");
  expect(sent.paths.slice(before)).toEqual([]);
  expect(second.effectiveMode).toBe("keyword");
  expect(second.notices.join("\n")).toMatch(/Keyword results only: Ollama at .* stopped answering/);
  expect(second.results.map((r) => r.path)).toContain("Projects/Tomato notes.md");

  suite.fake.setFaults({ hang: false });
  await releaseUntilClosed(probes, probes.health.breakerFor(suite.fake.url));
  const third = await search("watering tomatoes");
  expect(third.effectiveMode).toBe("hybrid");
  expect(third.notices).toEqual([]);
  expect(third.results.some((r) => r.ranks.vector !== undefined)).toBe(true);
});
