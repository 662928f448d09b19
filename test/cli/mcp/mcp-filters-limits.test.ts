import { afterEach, expect, it } from "vitest";
import { runCli } from "../cli-harness";
import { toolJson, toolText, writeFixtureVault } from "../mcp-fixture";
import { inProcessMcp } from "./in-process-mcp";

interface SearchOut {
  notices: string[];
  results: { path: string }[];
}

let vault: { dir: string; dispose: () => void } | undefined;
let mcp: Awaited<ReturnType<typeof inProcessMcp>> | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  vault?.dispose();
});

async function served() {
  vault = writeFixtureVault();
  expect((await runCli(["index", "--vault", vault.dir])).code).toBe(0);
  mcp = await inProcessMcp(vault.dir, undefined);
  return mcp.client;
}

it("search says when its path or tag matches no note, naming the closest folder or tag", async () => {
  const client = await served();
  const byPath = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "backup", path: "Runbook" } }));
  expect(byPath.results).toEqual([]);
  expect(byPath.notices).toContain("No note matches path:Runbook; closest folder or note: Runbooks.");
  const byTag = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "tomatoes", tag: "#gardening" } }));
  expect(byTag.notices).toContain("No note matches tag:gardening; closest tag: garden.");
});

it("null for limit (and the other optional arguments) means the default, as leaving it out does", async () => {
  const client = await served();
  const search = await client.callTool({
    name: "search",
    arguments: { query: "tomatoes", limit: null, mode: null, path: null, tag: null, minScore: null },
  });
  expect(search.isError, toolText(search)).toBeFalsy();
  expect(toolJson<SearchOut>(search).results.map((r) => r.path)).toContain("Projects/Tomato notes.md");
  const related = await client.callTool({ name: "related", arguments: { path: "Projects/Garden plan.md", limit: null } });
  expect(related.isError, toolText(related)).toBeFalsy();
  const get = await client.callTool({ name: "get", arguments: { path: "Travel/京都.md", fromLine: null, maxLines: null, fromChar: null, maxChars: null } });
  expect(get.isError, toolText(get)).toBeFalsy();
  expect(toolJson<{ fromLine: number; more: boolean }>(get)).toMatchObject({ fromLine: 1, more: false });
});
