import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { LiveVault } from "../../../src/cli/live-vault";
import { DEFAULT_CONFIG_DIR } from "../../../src/cli/node/vault-config";
import { captureIo, parseHits, runCli } from "../cli-harness";
import { toolJson } from "../mcp-fixture";
import { fakeOllamaSuite } from "./fake-ollama-suite";
import { inProcessMcp } from "./in-process-mcp";

/**
 * A hung model check (/api/show held by the fake until the test lets it go) at start-up: the CLI's keyword `search`
 * and the MCP server's `ready` never wait for it, and a watching server embeds the changed notes only once it is
 * answered. Nothing depends on timing: on the code before, these wait for the held answer and time out.
 */
const suite = fakeOllamaSuite();
const ollama = (): string[] => suite.ollamaArgs();

/** Indexes the fixture vault, then adds a note behind the index's back. */
async function indexedThenEdited(): Promise<string> {
  const dir = suite.newVault();
  expect((await runCli(["index", "--vault", dir, ...ollama()])).code).toBe(0);
  writeFileSync(join(dir, "Kafka.md"), "# Kafka\n\nPartitions are rebalanced when a broker leaves the cluster.\n");
  return dir;
}

it("answers the CLI's keyword search, changed notes included, while the model check is held", async () => {
  const dir = await indexedThenEdited();
  suite.fake.setFaults({ holdShow: true });
  const found = await runCli(["search", "broker partitions", "--vault", dir, ...ollama(), "--mode", "keyword", "--json"]);
  expect(found.code).toBe(0);
  expect(parseHits(found.stdout).map((h) => h.path)).toEqual(["Kafka.md"]);
  expect(suite.fake.stats.apiCalls).toContain("/api/show");
});

it("turns the MCP server ready and answers keyword searches while the model check is held", async () => {
  const dir = await indexedThenEdited();
  suite.fake.setFaults({ holdShow: true });
  const mcp = await inProcessMcp(dir, { url: suite.fake.url, model: "fake-embed" });
  suite.closers.push(mcp.close);
  await mcp.live.whenReady();
  const status = toolJson<{ ready: boolean }>(await mcp.client.callTool({ name: "status", arguments: {} }));
  expect(status.ready).toBe(true);
  const search = toolJson<{ results: { path: string }[]; notices: string[] }>(
    await mcp.client.callTool({ name: "search", arguments: { query: "broker partitions", mode: "keyword" } }),
  );
  expect(search.results.map((r) => r.path)).toEqual(["Kafka.md"]);
  // Answered from the reconciled index: no "not checked yet" notice, only the honest one about the waiting chunk.
  expect(search.notices.join("\n")).not.toMatch(/status\.ready/);
  expect(search.notices).toEqual([expect.stringMatching(/^1 chunk are not embedded yet/)]);
});

it("a watching server is ready before the check answers, and embeds the changed note only after it passed", async () => {
  const dir = await indexedThenEdited();
  const embedded = suite.fake.stats.embedCalls;
  suite.fake.setFaults({ holdShow: true });
  const opened = await LiveVault.open({ vault: dir, ollama: { url: suite.fake.url, model: "fake-embed" }, configDir: DEFAULT_CONFIG_DIR }, captureIo().io, {
    app: "cli mcp",
    watch: true,
    log: () => undefined,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const live = opened.value;
  suite.closers.push(() => live.close());
  await live.whenReady();
  expect(live.session.service.writer).toBe(true);
  expect(suite.fake.stats.embedCalls).toBe(embedded);
  const index = live.session.service.index;
  expect(index.vectorCount).toBeLessThan(index.size);

  suite.fake.setFaults({ holdShow: false });
  await live.session.service.whenIdle();
  expect(suite.fake.stats.embedCalls).toBeGreaterThan(embedded);
  expect(live.session.service.index.vectorCount).toBe(live.session.service.index.size);
  expect(live.session.service.status().lastError).toBeUndefined();
});
