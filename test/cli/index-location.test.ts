import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deviceDir } from "../../src/cli/node/index-dir";
import { DEFAULT_CONFIG_DIR, PLUGIN_ID } from "../../src/cli/node/vault-config";
import { INDEX_META_FILE, INDEX_VECTORS_FILE } from "../../src/core/persist/index-files";
import { parseHits, runCli, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();
const pluginDir = () => join(ctx.vault.dir, DEFAULT_CONFIG_DIR, "plugins", PLUGIN_ID);

let home: string;
/** A home and data folders of the test's own, so no run writes into the user's real data folder on any platform. */
let env: Record<string, string>;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "hvs-home-"));
  env = { HOME: home, USERPROFILE: home, XDG_DATA_HOME: join(home, "xdg"), LOCALAPPDATA: join(home, "local") };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function setLocation(location: "vault" | "device"): void {
  mkdirSync(pluginDir(), { recursive: true });
  writeFileSync(join(pluginDir(), "data.json"), JSON.stringify({ indexLocation: location }));
}

const withOllama = () => ["--ollama", ctx.fake.url, "--model", "fake-embed"];

describe("where the CLI keeps the index", () => {
  it("keeps it in the vault's plugin folder by default, with a .gitignore that names only the index's files", async () => {
    const res = await runCli(["index", "--vault", ctx.vault.dir, ...withOllama()], { env });
    expect(res.code).toBe(0);
    expect(existsSync(join(pluginDir(), INDEX_META_FILE))).toBe(true);
    const ignore = readFileSync(join(pluginDir(), ".gitignore"), "utf8").split("\n");
    expect(ignore).toContain("index-*.bin");
    expect(ignore).toContain("writer.lock");
    // main.js, manifest.json and data.json stay committable.
    expect(ignore).not.toContain("*");
    expect(existsSync((await deviceDir(ctx.vault.dir, env))!)).toBe(false);
  });

  it("leaves a .gitignore the user wrote as it is", async () => {
    mkdirSync(pluginDir(), { recursive: true });
    writeFileSync(join(pluginDir(), ".gitignore"), "mine\n");
    await runCli(["index", "--vault", ctx.vault.dir], { env });
    expect(readFileSync(join(pluginDir(), ".gitignore"), "utf8")).toBe("mine\n");
  });

  it("moves it to this device's data folder when the setting says so, copying the files: 0 embed calls", async () => {
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withOllama()], { env })).code).toBe(0);
    expect(ctx.fake.stats.embedInputs).toBeGreaterThan(0);
    const vaultMeta = readFileSync(join(pluginDir(), INDEX_META_FILE));
    ctx.fake.reset();

    setLocation("device");
    const device = (await deviceDir(ctx.vault.dir, env))!;
    // Under the test's home on every platform (its data folders are all set inside it).
    expect(device.startsWith(home.split("\\").join("/"))).toBe(true);
    const moved = await runCli(["search", "--vault", ctx.vault.dir, ...withOllama(), "--json", "restore drill"], { env });
    expect(moved.code).toBe(0);
    expect(moved.stderr).toMatch(/copied to .*nothing is embedded again/);
    expect(readFileSync(join(device, INDEX_META_FILE))).toEqual(vaultMeta);
    expect(existsSync(join(device, INDEX_VECTORS_FILE))).toBe(true);
    const hits = parseHits(moved.stdout);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((h) => h.ranks.vector !== undefined)).toBe(true);
    // Only the query was embedded: no note.
    expect(ctx.fake.stats.embedInputs).toBe(1);
    expect(existsSync(join(device, ".gitignore"))).toBe(false);

    // The vault's copy stays (another device may use it); an edit now changes only the device's index.
    ctx.fake.reset();
    writeFileSync(join(ctx.vault.dir, "New note.md"), "# Kites\n\nKites fly in the wind over the dunes.\n");
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withOllama()], { env })).code).toBe(0);
    expect(ctx.fake.stats.embedInputs).toBe(1);
    expect(readFileSync(join(pluginDir(), INDEX_META_FILE))).toEqual(vaultMeta);
    expect(readFileSync(join(device, INDEX_META_FILE))).not.toEqual(vaultMeta);
  });

  it("moves it back into the vault the same way, when the vault has no index", async () => {
    setLocation("device");
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withOllama()], { env })).code).toBe(0);
    expect(existsSync(join(pluginDir(), INDEX_META_FILE))).toBe(false);
    ctx.fake.reset();
    setLocation("vault");
    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withOllama()], { env });
    expect(back.code).toBe(0);
    expect(back.stderr).toMatch(/copied to the vault's plugin folder/);
    expect(ctx.fake.stats.embedInputs).toBe(0);
    expect(existsSync(join(pluginDir(), INDEX_META_FILE))).toBe(true);
  });

  it("takes --index-dir as given, copying nothing and reading the settings from the vault", async () => {
    const dir = join(home, "agent-index");
    writeFileSync(join(ctx.vault.dir, "Travel", "Secret.md"), "# Sintra\n\nA note about Sintra.\n");
    mkdirSync(pluginDir(), { recursive: true });
    writeFileSync(join(pluginDir(), "data.json"), JSON.stringify({ excludeFolders: ["Travel"] }));
    const res = await runCli(["index", "--vault", ctx.vault.dir, "--index-dir", dir], { env });
    expect(res.code).toBe(0);
    expect(existsSync(join(dir, INDEX_META_FILE))).toBe(true);
    expect(existsSync(join(pluginDir(), INDEX_META_FILE))).toBe(false);
    expect(parseHits((await runCli(["search", "--vault", ctx.vault.dir, "--index-dir", dir, "--json", "Sintra"], { env })).stdout)).toEqual([]);
    expect((await runCli(["index", "--vault", ctx.vault.dir, "--index-dir", " "], { env })).stderr).toMatch(/--index-dir needs a folder/);
  });
});
