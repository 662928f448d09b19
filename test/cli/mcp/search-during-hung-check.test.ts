import { expect, it } from "vitest";
import type { CliIo } from "../../../src/cli/cli-io";
import { manualProbes, releaseUntilClosed } from "../../core/ollama/breaker-helpers";
import { parseHits, runCli } from "../cli-harness";
import { toolJson } from "../mcp-fixture";
import { fakeOllamaSuite, type SearchOut } from "./fake-ollama-suite";
import { inProcessMcp } from "./in-process-mcp";

/**
 * A HYBRID search at start-up while Ollama hangs: the fake holds the model check (/api/show) and every embedding
 * (/api/embed) until the test lets them go. The CLI's `search` and the MCP server's `search` answer from keywords,
 * with the notice saying why, while the fake still holds the check; once Ollama answers again they are hybrid by
 * themselves. The request time limit is far beyond the test's, so only a hang found early can answer: on the code
 * before, both searches wait for it.
 */
const suite = fakeOllamaSuite();
const ollama = (): string[] => suite.ollamaArgs();
/** Requests never time out within the test; the quick calls' limit is generous for a healthy fake under load. */
const HUNG: Partial<CliIo> = { ollamaTimeoutMs: 600_000, ollamaQuickTimeoutMs: 1_500 };
const STUCK = /Keyword results only: Ollama at .* stopped answering \(\/api\/show took over 1\.5 s\)/;
/**
 * The first search's notice: the server sends its model check only after a search waiting for the load had its turn,
 * so the search's own /api/show may be the request that times out (and opens the breaker) rather than the check.
 */
const FIRST_STUCK = /Keyword results only: Ollama at .* (stopped answering \(\/api\/show took over 1\.5 s\)|did not answer \/api\/show within 1\.5 s)/;

async function indexedThenHung(): Promise<string> {
  const dir = suite.newVault();
  expect((await runCli(["index", "--vault", dir, ...ollama()])).code).toBe(0);
  suite.fake.setFaults({ holdShow: true, holdEmbed: true });
  return dir;
}

it("the CLI's hybrid search answers from keywords with the notice while the check is held, and is hybrid once Ollama answers", async () => {
  const dir = await indexedThenHung();
  const embeds = suite.fake.stats.embedCalls;
  const hung = await runCli(["search", "watering tomatoes", "--vault", dir, ...ollama(), "--json"], HUNG);
  expect(suite.fake.holding()["/api/show"]).toBeGreaterThan(0);
  expect(suite.fake.holding()["/api/embed"] ?? 0).toBe(suite.fake.stats.embedCalls - embeds);
  expect(hung.code).toBe(0);
  expect(hung.stderr).toMatch(STUCK);
  const hits = parseHits(hung.stdout);
  expect(hits.map((h) => h.path)).toContain("Projects/Tomato notes.md");
  expect(hits.every((h) => h.ranks.vector === undefined)).toBe(true);

  suite.fake.setFaults({ holdShow: false, holdEmbed: false });
  const back = await runCli(["search", "watering tomatoes", "--vault", dir, ...ollama(), "--json"], HUNG);
  expect(back.code).toBe(0);
  expect(back.stderr).not.toMatch(/Keyword results only/);
  expect(parseHits(back.stdout).some((h) => h.ranks.vector !== undefined)).toBe(true);
});

it("the MCP server's hybrid search answers from keywords with the notice while the check is held, and is hybrid again by itself", async () => {
  const dir = await indexedThenHung();
  const probes = manualProbes();
  const mcp = await inProcessMcp(dir, { url: suite.fake.url, model: "fake-embed" }, { ...HUNG, ollamaHealth: probes.health });
  suite.closers.push(mcp.close);
  const search = async (query: string): Promise<SearchOut> =>
    toolJson<SearchOut>(await mcp.client.callTool({ name: "search", arguments: { query } }));

  const first = await search("watering tomatoes");
  expect(suite.fake.holding()["/api/show"]).toBeGreaterThan(0);
  expect(first.effectiveMode).toBe("keyword");
  expect(first.notices.join("\n")).toMatch(FIRST_STUCK);
  expect(first.results.map((r) => r.path)).toContain("Projects/Tomato notes.md");
  // Known stuck now: the next search asks Ollama nothing and answers at once.
  const calls = suite.fake.stats.apiCalls.length;
  const second = await search("restore drill");
  expect(suite.fake.stats.apiCalls.length).toBe(calls);
  expect(second.effectiveMode).toBe("keyword");
  expect(second.notices.join("\n")).toMatch(STUCK);

  suite.fake.setFaults({ holdShow: false, holdEmbed: false });
  await releaseUntilClosed(probes, probes.health.breakerFor(suite.fake.url));
  const third = await search("watering tomatoes");
  expect(third.effectiveMode).toBe("hybrid");
  expect(third.notices).toEqual([]);
  expect(third.results.some((r) => r.ranks.vector !== undefined)).toBe(true);
});
