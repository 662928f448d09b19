import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOllama, type FakeOllama } from "../fakes/fake-ollama";
import { runCli } from "./cli-harness";
import { connectMcp, toolJson, toolText, writeFixtureVault } from "./mcp-fixture";

interface Hit {
  path: string;
  title: string;
  heading: string;
  startLine: number;
  endLine: number;
  snippet: string;
  score: number;
  relativeScore: number;
  ranks: Record<string, number>;
}
interface SearchOut {
  effectiveMode: string;
  notices: string[];
  results: Hit[];
}

let fake: FakeOllama;
let vault: { dir: string; dispose: () => void };
let mcp: Awaited<ReturnType<typeof connectMcp>> | undefined;

beforeAll(async () => {
  fake = await startFakeOllama();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  vault = writeFixtureVault();
  // Indexed once with embeddings, as Obsidian or `index` would leave it.
  const indexed = await runCli(["index", "--vault", vault.dir, "--ollama", fake.url, "--model", "fake-embed"]);
  expect(indexed.code).toBe(0);
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  vault.dispose();
});

const serve = async () => (mcp = await connectMcp(["--vault", vault.dir, "--ollama", fake.url, "--model", "fake-embed"]));

describe("hybrid-vault-search mcp over stdio", () => {
  it("lists the four tools", async () => {
    const { client } = await serve();
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(["get", "related", "search", "status"]);
  });

  it("searches hybrid, with 1-based lines that get reads back, in several languages and with a typo", async () => {
    const { client } = await serve();
    const out = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "restore drill", limit: 3 } }));
    expect(out.effectiveMode).toBe("hybrid");
    const top = out.results[0];
    expect(top).toMatchObject({ path: "Runbooks/Postgres backup.md", heading: "Postgres backup > Restore drill", startLine: 8 });
    expect(top?.ranks.bm25).toBe(1);
    expect(top?.ranks.vector).toBeGreaterThanOrEqual(1);
    expect(top?.snippet).toContain("scratch server");
    const lines = toolJson<{ text: string }>(
      await client.callTool({ name: "get", arguments: { path: top?.path, fromLine: top?.startLine, maxLines: 1 } }),
    );
    expect(lines.text).toBe("8\t## Restore drill");

    const german = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "Sauerteig füttern" } }));
    expect(german.results[0]?.path).toBe("Recipes/Sauerteig.md");
    const japanese = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "清水寺" } }));
    expect(japanese.results[0]?.path).toBe("Travel/京都.md");
    const typo = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "pg_basebakup nightly" } }));
    expect(typo.results.map((r) => r.path)).toContain("Runbooks/Postgres backup.md");
  });

  it("filters by path, tag and minScore", async () => {
    const { client } = await serve();
    const byTag = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "water", tag: "#garden" } }));
    expect(byTag.results.map((r) => r.path).sort()).toEqual(["Projects/Garden plan.md", "Projects/Tomato notes.md"]);
    const byPath = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "water", path: "Projects/Garden plan.md" } }));
    expect(byPath.results.map((r) => r.path)).toEqual(["Projects/Garden plan.md"]);
    const byFolder = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "Wasser", path: "Recipes/" } }));
    expect(byFolder.results.map((r) => r.path)).toEqual(["Recipes/Sauerteig.md"]);
    const all = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "tomatoes water" } }));
    const strict = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "tomatoes water", minScore: 0.99 } }));
    expect(all.results.length).toBeGreaterThan(strict.results.length);
    expect(strict.results.every((r) => r.relativeScore >= 0.99)).toBe(true);
  });

  it("falls back to keywords with a stated reason when Ollama is down", async () => {
    const { client } = await serve();
    fake.setFaults({ down: true });
    const out = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "restore drill" } }));
    expect(out.effectiveMode).toBe("keyword");
    expect(out.notices.join(" ")).toMatch(/Ollama/i);
    expect(out.results[0]?.path).toBe("Runbooks/Postgres backup.md");
  });

  it("reads a window of lines and says whether more follow", async () => {
    const { client } = await serve();
    const page = toolJson<{ totalLines: number; fromLine: number; toLine: number; more: boolean; text: string }>(
      await client.callTool({ name: "get", arguments: { path: "Runbooks/Postgres backup.md", fromLine: 4, maxLines: 2 } }),
    );
    expect(page).toMatchObject({ totalLines: 11, fromLine: 4, toLine: 5, more: true });
    expect(page.text).toBe("4\t# Postgres backup\n5\t");
    const noExtension = toolJson<{ toLine: number; more: boolean }>(await client.callTool({ name: "get", arguments: { path: "Travel/京都" } }));
    expect(noExtension).toMatchObject({ toLine: 3, more: false });
  });

  it("answers a missing note with the closest paths, and refuses paths that leave the vault", async () => {
    const { client } = await serve();
    const missing = await client.callTool({ name: "get", arguments: { path: "Runbook/Postgres backups.md" } });
    expect(missing.isError).toBe(true);
    expect(toolText(missing)).toMatch(/Closest paths: "Runbooks\/Postgres backup\.md"/);
    for (const path of ["../secret.md", "/etc/passwd", "Runbooks/../../x.md", ".obsidian/plugins/hybrid-vault-search/data.json"]) {
      const refused = await client.callTool({ name: "get", arguments: { path } });
      expect(refused.isError, path).toBe(true);
      expect(toolText(refused), path).toMatch(/relative to the vault/);
    }
  });

  it("lists related notes from stored vectors without calling the embedder", async () => {
    const { client } = await serve();
    const before = fake.stats.embedCalls;
    const out = toolJson<{ status: string; results: Hit[] }>(
      await client.callTool({ name: "related", arguments: { path: "Projects/Garden plan.md", limit: 3 } }),
    );
    expect(out.status).toBe("ok");
    expect(out.results[0]?.path).toBe("Projects/Tomato notes.md");
    expect(out.results.every((r) => r.path !== "Projects/Garden plan.md")).toBe(true);
    const section = toolJson<{ section: { heading: string }; results: Hit[] }>(
      await client.callTool({ name: "related", arguments: { path: "Projects/Garden plan.md", line: 5 } }),
    );
    expect(section.section.heading).toBe("Garden plan");
    expect(section.results.length).toBeGreaterThan(0);
    expect(fake.stats.embedCalls).toBe(before);
    const unknown = await client.callTool({ name: "related", arguments: { path: "Projects/Garden plans" } });
    expect(unknown.isError).toBe(true);
    expect(toolText(unknown)).toMatch(/Projects\/Garden plan\.md/);
  });

  it("reports the index status", async () => {
    const { client } = await serve();
    await client.callTool({ name: "search", arguments: { query: "x" } }); // waits for the index to load, not to reconcile
    let s = toolJson<Record<string, unknown>>(await client.callTool({ name: "status", arguments: {} }));
    while (s.ready !== true) s = toolJson<Record<string, unknown>>(await client.callTool({ name: "status", arguments: {} }));
    expect(s).toMatchObject({ ready: true, notes: 5, pendingEmbeddings: 0, model: "fake-embed", lastError: null, writer: "none" });
    expect(s.chunks).toEqual(expect.any(Number));
    expect(s.indexFileBytes).toBeGreaterThan(0);
    expect(Date.parse(String(s.lastIndexedAt))).toBeGreaterThan(0);
  });

  it("answers bad arguments with a clear tool error and keeps serving", async () => {
    const { client } = await serve();
    const bad = await client.callTool({ name: "search", arguments: { query: "x", limit: 0 } });
    expect(bad.isError).toBe(true);
    expect(toolText(bad)).toMatch(/limit/);
    const wrongType = await client.callTool({ name: "get", arguments: { path: 42 } });
    expect(wrongType.isError).toBe(true);
    const badTag = await client.callTool({ name: "search", arguments: { query: "x", tag: "two words" } });
    expect(toolText(badTag)).toMatch(/one tag without spaces/);
    const ok = toolJson<SearchOut>(await client.callTool({ name: "search", arguments: { query: "tomatoes" } }));
    expect(ok.results.length).toBeGreaterThan(0);
  });
});
