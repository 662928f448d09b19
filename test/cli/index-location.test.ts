import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deviceDir } from "../../src/cli/node/index-dir";
import { DEFAULT_CONFIG_DIR, PLUGIN_ID } from "../../src/cli/node/vault-config";
import { MANIFEST_FILE, parseSegmentName } from "../../src/core/persist/segments/segment-names";
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

/** The segmented index's files in `dir` (segments and manifest), by name. */
function indexFiles(dir: string): Map<string, Buffer> {
  const names = readdirSync(dir).filter((n) => n === MANIFEST_FILE || parseSegmentName(n) !== undefined);
  return new Map(names.sort().map((n) => [n, readFileSync(join(dir, n))]));
}

/** Whether a .gitignore line (a glob of one folder level: `*` any run of characters but "/") names `file`. */
function ignores(lines: readonly string[], file: string): boolean {
  return lines.some((line) => {
    if (line === "" || line.startsWith("#") || line.endsWith("/")) return false;
    const pattern = line.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]");
    return new RegExp(`^${pattern}$`).test(file);
  });
}

describe("where the CLI keeps the index", () => {
  it("keeps it in the vault's plugin folder by default, with a .gitignore that names only the index's files", async () => {
    const res = await runCli(["index", "--vault", ctx.vault.dir, ...withOllama()], { env });
    expect(res.code).toBe(0);
    expect(existsSync(join(pluginDir(), MANIFEST_FILE))).toBe(true);
    const ignore = readFileSync(join(pluginDir(), ".gitignore"), "utf8").split("\n");
    expect(ignore).toContain("index-*.bin");
    expect(ignore).toContain("writer.lock");
    // Every file the index left (segments, manifest) is ignored, and so are the names a save or a sync tool gives them.
    const written = readdirSync(pluginDir()).filter((n) => n !== ".gitignore" && n !== "data.json");
    expect(written.filter((n) => parseSegmentName(n) !== undefined).length).toBeGreaterThan(0);
    for (const name of written) expect(ignores(ignore, name), name).toBe(true);
    const conflictNames = [
      "index-manifest.bin.tmp",
      "index-manifest.sync-conflict-20261126-101010-ABCDEFG.bin",
      "index-manifest (Ann's conflicted copy 2026-11-26).bin",
      "index-manifest 2.bin",
      "index-seg-abc-1-0badf00d.sync-conflict-20261126-101010-ABCDEFG.bin",
    ];
    for (const name of conflictNames) expect(ignores(ignore, name), name).toBe(true);
    // main.js, manifest.json and data.json stay committable.
    expect(ignore).not.toContain("*");
    for (const name of ["main.js", "manifest.json", "data.json", "styles.css"]) expect(ignores(ignore, name), name).toBe(false);
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
    const vaultFiles = indexFiles(pluginDir());
    expect(vaultFiles.size).toBeGreaterThan(1);
    ctx.fake.reset();

    setLocation("device");
    const device = (await deviceDir(ctx.vault.dir, env))!;
    // Under the test's home on every platform (its data folders are all set inside it).
    expect(device.startsWith(home.split("\\").join("/"))).toBe(true);
    const moved = await runCli(["search", "--vault", ctx.vault.dir, ...withOllama(), "--json", "restore drill"], { env });
    expect(moved.code).toBe(0);
    expect(moved.stderr).toMatch(/copied to .*nothing is embedded again/);
    // The segments and the manifest, byte for byte.
    expect(indexFiles(device)).toEqual(vaultFiles);
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
    expect(indexFiles(pluginDir())).toEqual(vaultFiles);
    expect(readFileSync(join(device, MANIFEST_FILE))).not.toEqual(vaultFiles.get(MANIFEST_FILE));
  });

  it("moves it back into the vault the same way, when the vault has no index", async () => {
    setLocation("device");
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withOllama()], { env })).code).toBe(0);
    expect(existsSync(join(pluginDir(), MANIFEST_FILE))).toBe(false);
    ctx.fake.reset();
    setLocation("vault");
    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withOllama()], { env });
    expect(back.code).toBe(0);
    expect(back.stderr).toMatch(/copied to the vault's plugin folder/);
    expect(ctx.fake.stats.embedInputs).toBe(0);
    expect(existsSync(join(pluginDir(), MANIFEST_FILE))).toBe(true);
  });

  it("takes --index-dir as given, copying nothing and reading the settings from the vault", async () => {
    const dir = join(home, "agent-index");
    writeFileSync(join(ctx.vault.dir, "Travel", "Secret.md"), "# Sintra\n\nA note about Sintra.\n");
    mkdirSync(pluginDir(), { recursive: true });
    writeFileSync(join(pluginDir(), "data.json"), JSON.stringify({ excludeFolders: ["Travel"] }));
    const res = await runCli(["index", "--vault", ctx.vault.dir, "--index-dir", dir], { env });
    expect(res.code).toBe(0);
    expect(existsSync(join(dir, MANIFEST_FILE))).toBe(true);
    expect(existsSync(join(pluginDir(), MANIFEST_FILE))).toBe(false);
    expect(parseHits((await runCli(["search", "--vault", ctx.vault.dir, "--index-dir", dir, "--json", "Sintra"], { env })).stdout)).toEqual([]);
    expect((await runCli(["index", "--vault", ctx.vault.dir, "--index-dir", " "], { env })).stderr).toMatch(/--index-dir needs a folder/);
  });
});
