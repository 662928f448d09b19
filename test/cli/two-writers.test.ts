import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NodeFileStore } from "../../src/cli/node/node-file-store";
import { DEFAULT_CONFIG_DIR, vaultLayout } from "../../src/cli/node/vault-config";
import { loadSegments, withContiguousVectors } from "../../src/core/persist/segments/segment-load";
import type { IndexSnapshot } from "../../src/core/persist/snapshot";
import { WriterLock } from "../../src/core/persist/lock/writer-lock";
import { WriterRequester } from "../../src/core/persist/lock/writer-request";
import { defaultSettings, indexSettingsOf } from "../../src/core/settings/plugin-settings";
import { indexChunkingHash } from "../../src/core/sync/rules/index-settings";
import { startFakeOllama, type FakeOllama } from "../fakes/fake-ollama";
import { runCli } from "./cli-harness";
import { cliNodeArgs, connectMcp, toolJson } from "./mcp-fixture";

const WORDS = ["backup", "restore", "garden", "tomato", "Sauerteig", "Roggenmehl", "京都", "紅葉", "database", "drill", "frost", "seedling"];

/** 60 notes of a few sections each, enough that two runs overlap while the fake Ollama answers slowly. */
function writeVault(): string {
  const dir = mkdtempSync(join(tmpdir(), "hvs-two-writers-"));
  for (let i = 0; i < 60; i++) {
    const folder = join(dir, `F${i % 4}`);
    mkdirSync(folder, { recursive: true });
    const body = [0, 1, 2].map((s) => `## Part ${s}\n\n${WORDS[(i + s) % WORDS.length]} note ${i} ${WORDS[(i * 7 + s) % WORDS.length]}.`);
    writeFileSync(join(folder, `Note ${i}.md`), `# Note ${i}\n\n${body.join("\n\n")}\n`);
  }
  return dir;
}

/** Runs the CLI in its own process; resolves with its exit code and stderr. */
function spawnCli(args: string[]): { done: Promise<{ code: number | null; stderr: string }>; kill: (signal: "SIGINT" | "SIGKILL") => void } {
  const child = spawn(process.execPath, cliNodeArgs(args), { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on("close", (code) => resolve({ code, stderr })));
  return { done, kill: (signal) => child.kill(signal) };
}

async function loadSnapshot(vault: string): Promise<IndexSnapshot> {
  const expect = { model: "fake-embed", chunkingHash: indexChunkingHash(indexSettingsOf(defaultSettings(), [])) };
  const outcome = await loadSegments(new NodeFileStore(), vaultLayout(vault).dataDir, expect);
  if (outcome.kind !== "loaded") throw new Error(`index not loadable: ${outcome.kind}`);
  return withContiguousVectors(outcome.snapshot);
}

/** What must be equal between two indexes of the same notes (not the save time). */
function contentOf(s: IndexSnapshot) {
  const vectorOf = (i: number) => Array.from(s.vectors.subarray(i * s.header.dims, (i + 1) * s.header.dims));
  return {
    model: s.header.model,
    notes: s.notes.map((n) => ({ path: n.path, hash: n.contentHash, chunks: n.chunkCount })).sort((a, b) => (a.path < b.path ? -1 : 1)),
    chunks: s.chunks
      .map((c, i) => ({ id: c.id, text: c.text, embedHash: c.embedHash, hasVector: s.hasVector[i], vector: vectorOf(i) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

// Generous on purpose: each wait is for spawned CLI processes, which a loaded CI machine can slow a lot; the waits
// only bound a hang, they measure nothing.
async function until(check: () => Promise<boolean>, what: string, ms = 150_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let fake: FakeOllama;
let vault: string;
const cleanups: (() => void)[] = [];
const model = () => ["--ollama", fake.url, "--model", "fake-embed"];

beforeAll(async () => {
  fake = await startFakeOllama();
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.reset();
  vault = writeVault();
  cleanups.push(() => rmSync(vault, { recursive: true, force: true }));
});
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe("two processes on one vault", () => {
  it("two index runs at once end with one consistent index, equal to a clean rebuild", async () => {
    // Slow answers make the runs overlap: both start while nothing is saved yet.
    fake.setFaults({ slowMs: 20 });
    const [a, b] = await Promise.all([spawnCli(["index", "--vault", vault, ...model()]).done, spawnCli(["index", "--vault", vault, ...model()]).done]);
    expect([a.code, b.code], `${a.stderr}\n---\n${b.stderr}`).toEqual([0, 0]);
    const dataDir = vaultLayout(vault).dataDir;
    expect(readdirSync(dataDir).filter((f) => f.endsWith(".tmp") || f === "writer.lock")).toEqual([]);

    const clean = mkdtempSync(join(tmpdir(), "hvs-clean-"));
    cleanups.push(() => rmSync(clean, { recursive: true, force: true }));
    cpSync(vault, clean, { recursive: true, filter: (src) => relative(vault, src).split(sep)[0] !== DEFAULT_CONFIG_DIR });
    fake.setFaults({ slowMs: 0 });
    expect((await runCli(["index", "--vault", clean, ...model()])).code).toBe(0);
    const shared = contentOf(await loadSnapshot(vault));
    expect(shared.notes).toHaveLength(60);
    expect(shared.chunks.every((c) => c.hasVector === 1)).toBe(true);
    expect(shared).toEqual(contentOf(await loadSnapshot(clean)));
  }, 300_000);

  it("a reader serves its snapshot while watch writes, and picks up the writer's next save", async () => {
    const dataDir = vaultLayout(vault).dataDir;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "data.json"), JSON.stringify({ debounceMs: 200 }));
    expect((await runCli(["index", "--vault", vault, ...model()])).code).toBe(0);
    const watch = spawnCli(["watch", "--vault", vault, ...model()]);
    cleanups.push(() => watch.kill("SIGKILL"));
    await until(async () => existsSync(join(dataDir, "writer.lock")), "watch to take the lock");
    const mcp = await connectMcp(["--vault", vault, ...model()]);
    cleanups.push(() => void mcp.close());
    await mcp.client.callTool({ name: "search", arguments: { query: "backup" } }); // waits for the index to load
    const status = toolJson<{ writer: string; notes: number }>(await mcp.client.callTool({ name: "status", arguments: {} }));
    expect(status.writer).toMatch(/^cli watch \(pid \d+/);
    expect(status.notes).toBe(60);

    writeFileSync(join(vault, "F0", "Fresh.md"), "# Fresh\n\nquokka sightings on Rottnest\n");
    const find = async () => {
      const out = toolJson<{ results: { path: string }[] }>(await mcp.client.callTool({ name: "search", arguments: { query: "quokka" } }));
      return out.results.some((r) => r.path === "F0/Fresh.md");
    };
    // watch indexes the note after the debounce and saves once idle; the reader then loads that save.
    await until(find, "the reader to serve the note watch indexed");
    expect(toolJson<{ notes: number }>(await mcp.client.callTool({ name: "status", arguments: {} })).notes).toBe(61);

    watch.kill("SIGINT");
    expect((await watch.done).code).toBe(0);
    await mcp.close();
    expect(existsSync(join(dataDir, "writer.lock"))).toBe(false);
    expect(contentOf(await loadSnapshot(vault)).notes).toHaveLength(61);
  }, 300_000);

  it("watch hands the index over when the plugin asks, serves as a reader, and writes again when the plugin quits", async () => {
    const dataDir = vaultLayout(vault).dataDir;
    const lockPath = join(dataDir, "writer.lock");
    const holderApp = (): string | undefined => {
      try {
        return (JSON.parse(readFileSync(lockPath, "utf8")) as { app: string }).app;
      } catch {
        return undefined;
      }
    };
    expect((await runCli(["index", "--vault", vault])).code).toBe(0);
    const watch = spawnCli(["watch", "--vault", vault]);
    cleanups.push(() => watch.kill("SIGKILL"));
    await until(async () => holderApp() === "cli watch", "watch to take the lock");

    // The plugin's side of the protocol: ask (refreshing the request) until the lock is free, then take it.
    const store = new NodeFileStore();
    const requester = new WriterRequester(store, dataDir, { app: "obsidian", token: "plugin-test" });
    await until(async () => (await requester.ask(), !existsSync(lockPath)), "watch to give the lock up");
    const plugin = new WriterLock(store, dataDir, { app: "obsidian", pid: process.pid, host: hostname() });
    expect((await plugin.acquire()).ok && plugin.held).toBe(true);
    await requester.withdraw();

    await plugin.release();
    await until(async () => holderApp() === "cli watch", "watch to write again once the plugin quits");
    watch.kill("SIGINT");
    const { code, stderr } = await watch.done;
    expect(code).toBe(0);
    expect(stderr).toMatch(/Handed the index over to obsidian/);
    expect(stderr).toMatch(/this process writes the index now/);
  }, 300_000);
});
