import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/cli/mcp/mcp-server";
import { DEFAULT_CONFIG_DIR, PLUGIN_ID } from "../../src/cli/node/vault-config";
import { parseHits, runCli } from "./cli-harness";
import { liveVaultSetup } from "./live-vault-setup";
import { toolJson, toolText } from "./mcp-fixture";

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "hvs-extra-"));
});
// Registered before the shared set-up, so it runs after it: the live vaults close before their extra folders go.
afterEach(() => rmSync(scratch, { recursive: true, force: true }));
const lv = liveVaultSetup();

function write(root: string, path: string, text: string): string {
  const file = join(root, ...path.split("/"));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** An extra folder named `field` (so `.extra/field/…`), beside a vault folder `extra/field/` with a note of the same name. */
function fieldFolder(): string {
  const dir = join(scratch, "field");
  write(dir, "Otter.md", "# Otter\n\nThe otter holt sits under the alder roots on the riverbank.\n");
  write(dir, "Private/Diary.md", "# Diary\n\nnarwhal confessions kept out of the index by folder.\n");
  write(dir, "Tagged.md", "# Tagged\n\n#private\n\nnarwhal secrets kept out of the index by tag.\n");
  write(dir, ".hidden/Dot.md", "# Dot\n\nnarwhal in a dot-folder.\n");
  write(lv.vault.dir, "extra/field/Otter.md", "# Otter\n\nThe vault's own otter note: otter tracks in the snow.\n");
  write(join(lv.vault.dir, DEFAULT_CONFIG_DIR, "plugins", PLUGIN_ID), "data.json", JSON.stringify({ excludeFolders: ["Private"] }));
  return dir;
}

const keyword = async (query: string, ...extra: string[]) =>
  parseHits((await runCli(["search", "--vault", lv.vault.dir, "--mode", "keyword", "--json", ...extra, query])).stdout);

describe("--extra DIR", () => {
  it("indexes a folder outside the vault under .extra/<name>/, marked, with the vault's exclusions, beside a vault folder called extra", async () => {
    const dir = fieldFolder();
    const res = await runCli(["index", "--vault", lv.vault.dir, "--extra", dir]);
    expect(res.code, res.stderr).toBe(0);
    const hits = await keyword("otter", "--extra", dir);
    const byPath = new Map(hits.map((h) => [h.path, h as typeof h & { source?: string }]));
    expect([...byPath.keys()].sort()).toEqual([".extra/field/Otter.md", "extra/field/Otter.md"]);
    expect(byPath.get(".extra/field/Otter.md")?.source).toBe("extra");
    // Vault notes keep the output as it was: no new field.
    expect("source" in (byPath.get("extra/field/Otter.md") ?? {})).toBe(false);
    // Excluded folder (relative to the extra folder), excluded tag, dot-folder: none is indexed.
    expect(await keyword("narwhal", "--extra", dir)).toEqual([]);
  });

  it("names two folders of one basename apart, and refuses one inside the vault", async () => {
    const a = join(scratch, "a", "notes");
    const b = join(scratch, "b", "notes");
    write(a, "Kea.md", "# Kea\n\nkea parrots in the alpine car park.\n");
    write(b, "Kea.md", "# Kea\n\nkea parrots steal windscreen wipers.\n");
    expect((await runCli(["index", "--vault", lv.vault.dir, "--extra", a, "--extra", b])).code).toBe(0);
    const paths = (await keyword("kea", "--extra", a, "--extra", b)).map((h) => h.path);
    expect(paths).toHaveLength(2);
    expect(new Set(paths).size).toBe(2);
    for (const p of paths) expect(p).toMatch(/^\.extra\/notes-[0-9a-f]{6}\/Kea\.md$/);
    // Given in the other order, each folder keeps its name.
    const swapped = (await keyword("kea", "--extra", b, "--extra", a)).map((h) => h.path);
    expect(swapped.sort()).toEqual([...paths].sort());

    const inside = await runCli(["index", "--vault", lv.vault.dir, "--extra", join(lv.vault.dir, "Projects")]);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toMatch(/overlaps/);
  });

  it("refuses symbolic links out of an extra folder, as out of the vault", async () => {
    const dir = fieldFolder();
    const outside = write(join(scratch, "elsewhere"), "Leak.md", "# Leak\n\nplatypus passwords that must never be indexed.\n");
    symlinkSync(outside, join(dir, "Leak.md"));
    symlinkSync(dirname(outside), join(dir, "Linked"), "dir");
    expect((await runCli(["index", "--vault", lv.vault.dir, "--extra", dir])).code).toBe(0);
    expect(await keyword("platypus", "--extra", dir)).toEqual([]);
    const mcp = await inProcessMcp([dir]);
    const got = await mcp.client.callTool({ name: "get", arguments: { path: ".extra/field/Leak.md" } });
    expect(got.isError).toBe(true);
    expect(toolText(got)).toMatch(/links to a file outside/);
  });

  it("drops a folder's notes when a later run leaves it out, and keeps vectors across a rename in it", async () => {
    const dir = fieldFolder();
    const ollama = ["--ollama", lv.fake.url, "--model", "fake-embed"];
    expect((await runCli(["index", "--vault", lv.vault.dir, "--extra", dir, ...ollama])).code).toBe(0);
    const sent = lv.fake.stats.inputs.filter((t) => t.includes("alder roots")).length;
    expect(sent).toBe(1);
    renameSync(join(dir, "Otter.md"), join(dir, "River otter.md"));
    const renamed = await runCli(["index", "--vault", lv.vault.dir, "--extra", dir, ...ollama]);
    expect(renamed.code).toBe(0);
    expect(lv.fake.stats.inputs.filter((t) => t.includes("alder roots")).length).toBe(1);
    expect((await keyword("alder", "--extra", dir)).map((h) => h.path)).toEqual([".extra/field/River otter.md"]);

    expect((await runCli(["index", "--vault", lv.vault.dir])).code).toBe(0);
    expect(await keyword("alder")).toEqual([]);
    expect((await keyword("otter")).map((h) => h.path)).toEqual(["extra/field/Otter.md"]);
  });

  it("takes the plugin's Extra folders setting when no --extra is given", async () => {
    const dir = fieldFolder();
    write(join(lv.vault.dir, DEFAULT_CONFIG_DIR, "plugins", PLUGIN_ID), "data.json", JSON.stringify({ extraFolders: [dir] }));
    expect((await runCli(["index", "--vault", lv.vault.dir])).code).toBe(0);
    expect((await keyword("alder")).map((h) => h.path)).toEqual([".extra/field/Otter.md"]);
  });

  it("keeps the notes of a folder the setting names but this computer lacks, until the setting drops it", async () => {
    const dir = fieldFolder();
    const settings = join(lv.vault.dir, DEFAULT_CONFIG_DIR, "plugins", PLUGIN_ID);
    write(settings, "data.json", JSON.stringify({ extraFolders: [dir] }));
    const ollama = ["--ollama", lv.fake.url, "--model", "fake-embed"];
    expect((await runCli(["index", "--vault", lv.vault.dir, ...ollama])).code).toBe(0);
    const sent = lv.fake.stats.inputs.length;
    renameSync(dir, join(scratch, "elsewhere"));

    const away = await runCli(["index", "--vault", lv.vault.dir, ...ollama]);
    expect(away.code).toBe(0);
    expect(away.stderr).toContain(`names ${dir}, which is not on this computer`);
    expect(lv.fake.stats.inputs.length).toBe(sent);
    expect((await keyword("alder")).map((h) => h.path)).toEqual([".extra/field/Otter.md"]);
    // Named on the command line, a missing folder is still refused.
    expect((await runCli(["index", "--vault", lv.vault.dir, "--extra", dir, ...ollama])).code).not.toBe(0);

    write(settings, "data.json", JSON.stringify({ extraFolders: [] }));
    expect((await runCli(["index", "--vault", lv.vault.dir, ...ollama])).code).toBe(0);
    expect(await keyword("alder")).toEqual([]);
  });
});

describe("watch and mcp with --extra", () => {
  it("get reads an extra note by its index path, marked, and lists extra notes among the closest paths", async () => {
    const dir = fieldFolder();
    const mcp = await inProcessMcp([dir]);
    const got = toolJson<{ path: string; text: string; source?: string }>(
      await mcp.client.callTool({ name: "get", arguments: { path: ".extra/field/Otter.md" } }),
    );
    expect(got.path).toBe(".extra/field/Otter.md");
    expect(got.source).toBe("extra");
    expect(got.text).toMatch(/alder roots/);
    const vaultNote = toolJson<{ text: string; source?: string }>(await mcp.client.callTool({ name: "get", arguments: { path: "extra/field/Otter.md" } }));
    expect(vaultNote.text).toMatch(/otter tracks in the snow/);
    expect(vaultNote.source).toBeUndefined();
    const missing = await mcp.client.callTool({ name: "get", arguments: { path: ".extra/field/Oter.md" } });
    expect(toolText(missing)).toMatch(/\.extra\/field\/Otter\.md/);
    const status = toolJson<{ extraFolders?: { path: string; prefix: string }[] }>(await mcp.client.callTool({ name: "status", arguments: {} }));
    expect(status.extraFolders).toEqual([{ path: dir, prefix: ".extra/field/" }]);
  });

  it("watch picks up an edit in an extra folder", async () => {
    const dir = fieldFolder();
    const live = await lv.open(
      { extra: [dir] },
      { indexOverrides: { debounceMs: 0 } },
      { app: "cli watch", watch: true, reloadPollMs: 3_600_000, log: () => undefined },
    );
    write(dir, "Otter.md", "# Otter\n\nThe otter moved its holt to the wombat burrow.\n");
    const found = async (): Promise<boolean> => {
      const r = await live.session.search({ query: "wombat", mode: "keyword", limit: 5 });
      return r.results.some((h) => h.path === ".extra/field/Otter.md");
    };
    await until(found, "the edit in the extra folder");
  });
});

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The MCP tools over the vault with extra folders, in this process. */
async function inProcessMcp(extra: string[]): Promise<{ client: Client }> {
  const live = await lv.open({ extra }, {}, { app: "cli mcp", log: () => undefined });
  const server = createMcpServer(live, { related: { rrfK: 60, weights: { vector: 1, bm25: 1 } }, watching: false });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "hvs-test", version: "1.0.0" });
  await client.connect(clientSide);
  lv.afterTest(async () => {
    await client.close();
    await server.close();
  });
  return { client };
}
