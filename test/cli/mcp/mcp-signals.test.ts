import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { runCli } from "../cli-harness";
import { toolJson, toolText } from "../mcp-fixture";
import { inProcessMcp } from "./in-process-mcp";

interface Out {
  notices: string[];
  results: { path: string; modified?: string; created?: string; superseded?: boolean; supersededBy?: string; supersededByPath?: string; score: number }[];
}

const NOTES: Record<string, { text: string; modified: string }> = {
  "Ops/Backup runbook.md": { text: "# Backup runbook\n\nNightly backups with restic to the NAS.\n", modified: "2025-03-10T12:00:00Z" },
  "Ops/Old backup runbook.md": {
    text: '---\nsuperseded_by: "[[Backup runbook]]"\n---\n# Old backup runbook\n\nNightly backups with rsync to the NAS.\n',
    modified: "2023-06-01T12:00:00Z",
  },
  "Ops/Backup 2022.md": { text: "---\nstatus: archived\ncreated: 2022-01-15\n---\n# Backup 2022\n\nBackups with tar to tape.\n", modified: "2022-02-01T12:00:00Z" },
};

let dir: string | undefined;
let mcp: Awaited<ReturnType<typeof inProcessMcp>> | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function served() {
  dir = mkdtempSync(join(tmpdir(), "hvs-mcp-signals-"));
  for (const [path, note] of Object.entries(NOTES)) {
    const file = join(dir, ...path.split("/"));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, note.text);
    const t = new Date(note.modified);
    utimesSync(file, t, t);
  }
  expect((await runCli(["index", "--vault", dir])).code).toBe(0);
  mcp = await inProcessMcp(dir, undefined);
  return mcp.client;
}

const search = async (client: Awaited<ReturnType<typeof served>>, args: Record<string, unknown>) => {
  const r = await client.callTool({ name: "search", arguments: { query: "backups", ...args } });
  expect(r.isError, toolText(r)).toBeFalsy();
  return toolJson<Out>(r);
};

it("search takes modifiedAfter/modifiedBefore and createdAfter/createdBefore as ISO dates", async () => {
  const client = await served();
  const after = await search(client, { modifiedAfter: "2025-01-01", includeSuperseded: true });
  expect(after.results.map((r) => r.path)).toEqual(["Ops/Backup runbook.md"]);
  expect(after.results[0]?.modified).toBe("2025-03-10T12:00:00.000Z");
  const before = await search(client, { modifiedBefore: "2024", includeSuperseded: true });
  expect(before.results.map((r) => r.path).sort()).toEqual(["Ops/Backup 2022.md", "Ops/Old backup runbook.md"]);
  const window = await search(client, { modifiedAfter: "2023-01", modifiedBefore: "2024-01-01T00:00:00Z", includeSuperseded: true });
  expect(window.results.map((r) => r.path)).toEqual(["Ops/Old backup runbook.md"]);
  const created = await search(client, { createdBefore: "2022-02-01", includeSuperseded: true });
  expect(created.results.map((r) => r.path)).toEqual(["Ops/Backup 2022.md"]);
  expect(created.results[0]?.created).toMatch(/^2022-01-1[45]T/);
  // The query syntax works through MCP too.
  expect((await search(client, { query: "backups modified:>=2025-03-10" })).results.map((r) => r.path)).toEqual(["Ops/Backup runbook.md"]);
});

it("an invalid date argument is a tool error that says what to send", async () => {
  const client = await served();
  for (const bad of ["yesterday", "2025-13-01", "31/01/2025", "2025-02-30"]) {
    const r = await client.callTool({ name: "search", arguments: { query: "backups", modifiedAfter: bad } });
    expect(r.isError, bad).toBe(true);
    expect(toolText(r)).toBe(`modifiedAfter must be an ISO date such as 2025-01-31 (or a month 2025-01, or a year 2025), not "${bad}".`);
  }
  const nulls = await client.callTool({ name: "search", arguments: { query: "backups", modifiedAfter: null, createdBefore: null, includeSuperseded: null } });
  expect(nulls.isError, toolText(nulls)).toBeFalsy();
});

it("superseded notes are left out unless includeSuperseded, and then name their successor", async () => {
  const client = await served();
  const hidden = await search(client, {});
  expect(hidden.results.map((r) => r.path)).toEqual(["Ops/Backup runbook.md"]);
  expect(Object.keys(hidden.results[0] ?? {})).not.toContain("superseded");
  const shown = await search(client, { includeSuperseded: true });
  expect(shown.results.map((r) => r.path).sort()).toEqual(["Ops/Backup 2022.md", "Ops/Backup runbook.md", "Ops/Old backup runbook.md"]);
  expect(shown.results.find((r) => r.path === "Ops/Old backup runbook.md")).toMatchObject({
    superseded: true,
    supersededBy: "Backup runbook",
    supersededByPath: "Ops/Backup runbook.md",
  });
  expect(shown.results.find((r) => r.path === "Ops/Backup 2022.md")).toMatchObject({ superseded: true });
});

it("the CLI's search hides superseded notes unless --include-superseded, and reads date filters in the query", async () => {
  await served();
  const vault = dir as string;
  const plain = await runCli(["search", "--vault", vault, "--json", "backups"]);
  expect((JSON.parse(plain.stdout) as { path: string }[]).map((r) => r.path)).toEqual(["Ops/Backup runbook.md"]);
  const all = await runCli(["search", "--vault", vault, "--include-superseded", "backups"]);
  expect(all.stdout).toContain("superseded by Ops/Backup runbook.md");
  const bad = await runCli(["search", "--vault", vault, "backups modified:>soon"]);
  expect(bad.stderr).toContain("modified:>soon is not a date");
  expect((await runCli(["index", "--vault", vault, "--include-superseded"])).code).not.toBe(0);
});

it("related notes leave superseded notes out, as search does by default", async () => {
  const client = await served();
  const r = await client.callTool({ name: "related", arguments: { path: "Ops/Backup runbook.md" } });
  expect(r.isError, toolText(r)).toBeFalsy();
  const related = toolJson<{ results: { path: string }[] }>(r).results.map((x) => x.path);
  expect(related).not.toContain("Ops/Old backup runbook.md");
  expect(related).not.toContain("Ops/Backup 2022.md");
  // A superseded note still has related notes of its own.
  const own = await client.callTool({ name: "related", arguments: { path: "Ops/Old backup runbook.md" } });
  expect(toolJson<{ results: { path: string }[] }>(own).results.map((x) => x.path)).toContain("Ops/Backup runbook.md");
});
