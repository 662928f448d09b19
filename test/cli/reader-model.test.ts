import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { vaultLayout } from "../../src/cli/node/vault-config";
import { runCli, useDemoVaultWithOllama } from "./cli-harness";
import { cliNodeArgs, connectMcp, toolJson } from "./mcp-fixture";

const ctx = useDemoVaultWithOllama();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("an MCP reader asked for another model than the index's", () => {
  it("searches with the index's model and embeds no note of the vault, at start or after the writer's saves", async () => {
    const dataDir = vaultLayout(ctx.vault.dir).dataDir;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "data.json"), JSON.stringify({ debounceMs: 200 }));
    const writerModel = ["--ollama", ctx.fake.url, "--model", "fake-embed"];
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...writerModel])).code).toBe(0);
    const watch = spawn(process.execPath, cliNodeArgs(["watch", "--vault", ctx.vault.dir, ...writerModel]), { stdio: "ignore" });
    cleanups.push(() => watch.kill("SIGKILL"));
    await until(async () => existsSync(join(dataDir, "writer.lock")), "watch to take the lock");

    // nomic-embed-text prefixes what it embeds: "search_document: " marks a note's text embedded by the reader.
    const mcp = await connectMcp(["--vault", ctx.vault.dir, "--ollama", ctx.fake.url, "--model", "nomic-embed-text"]);
    cleanups.push(() => void mcp.close());
    const search = async (query: string) =>
      toolJson<{ results: { path: string }[] }>(await mcp.client.callTool({ name: "search", arguments: { query } })).results;
    await search("sourdough");
    const status = toolJson<{ model: string; writer: string }>(await mcp.client.callTool({ name: "status", arguments: {} }));
    expect(status.writer).toMatch(/^cli watch/);
    expect(status.model).toBe("fake-embed");
    expect(mcp.stderr()).toMatch(/searches with fake-embed instead of nomic-embed-text/);

    for (const word of ["quokka", "wombat"]) {
      writeFileSync(join(ctx.vault.dir, `${word}.md`), `# ${word}\n\n${word} sightings on Rottnest\n`);
      await until(async () => (await search(word)).some((r) => r.path === `${word}.md`), `the reader to serve ${word}.md`);
    }
    expect(ctx.fake.stats.inputs.filter((i) => i.startsWith("search_document: "))).toEqual([]);
    await mcp.close();
  }, 120_000);
});
