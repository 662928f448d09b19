import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG_DIR, PLUGIN_ID } from "../../src/cli/node/vault-config";
import { parseHits, runCli, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();

const pluginDir = () => join(ctx.vault.dir, DEFAULT_CONFIG_DIR, "plugins", PLUGIN_ID);

function writeConfig(file: string, content: string): void {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, content);
}

describe("the CLI shares the plugin's settings", () => {
  it("leaves out the folders and tags the plugin's settings exclude", async () => {
    writeConfig(join(pluginDir(), "data.json"), JSON.stringify({ excludeFolders: ["Travel"], excludeTags: ["private", "meeting"] }));
    expect((await runCli(["index", "--vault", ctx.vault.dir])).code).toBe(0);
    expect(parseHits((await runCli(["search", "--vault", ctx.vault.dir, "--json", "Sintra"])).stdout)).toEqual([]);
    const drill = parseHits((await runCli(["search", "--vault", ctx.vault.dir, "--json", "restore drill"])).stdout);
    expect(drill.length).toBeGreaterThan(0);
    expect(drill.some((h) => h.path.startsWith("Meetings/"))).toBe(false);
  });

  it("leaves out Obsidian's excluded files", async () => {
    writeConfig(join(ctx.vault.dir, DEFAULT_CONFIG_DIR, "app.json"), JSON.stringify({ userIgnoreFilters: ["Books/"] }));
    await runCli(["index", "--vault", ctx.vault.dir]);
    expect(parseHits((await runCli(["search", "--vault", ctx.vault.dir, "--json", "Kahneman"])).stdout)).toEqual([]);
  });

  it("says which settings were corrected and goes on with the defaults for them", async () => {
    writeConfig(join(pluginDir(), "data.json"), JSON.stringify({ batchSize: "many" }));
    const res = await runCli(["index", "--vault", ctx.vault.dir]);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/data\.json were corrected/);
  });

  it("keeps the vector weight calibration beside the index, like the plugin", async () => {
    await runCli(["index", "--vault", ctx.vault.dir, "--ollama", ctx.fake.url, "--model", "fake-embed"]);
    expect(existsSync(join(pluginDir(), "calibration.json"))).toBe(true);
  });
});
