import { getEventListeners } from "node:events";
import { existsSync, readdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { VaultOptions } from "../../src/cli/args";
import type { LiveVault } from "../../src/cli/live-vault";
import { NodeFileStore } from "../../src/cli/node/node-file-store";
import { DEFAULT_CONFIG_DIR, vaultLayout } from "../../src/cli/node/vault-config";
import { MANIFEST_FILE } from "../../src/core/persist/segments/segment-names";
import { WriterLock } from "../../src/core/persist/lock/writer-lock";
import { WriterRequester } from "../../src/core/persist/lock/writer-request";
import { runCli } from "./cli-harness";
import { liveVaultSetup } from "./live-vault-setup";

const lv = liveVaultSetup();

const dataDir = (): string => vaultLayout(lv.vault.dir).dataDir;
const lockFile = (): string => join(dataDir(), "writer.lock");
const cmd = (withOllama = false): VaultOptions => ({
  vault: lv.vault.dir,
  ollama: withOllama ? { url: lv.fake.url, model: "fake-embed" } : undefined,
  configDir: DEFAULT_CONFIG_DIR,
});

/** Opens a LiveVault in-process and waits for its index; its polling is driven by hand through `check()`. */
async function openLive(opts: { watch?: boolean; signal?: AbortSignal; ollama?: boolean } = {}): Promise<LiveVault> {
  return lv.open(cmd(opts.ollama), opts.signal ? { signal: opts.signal } : {}, {
    app: "cli mcp",
    watch: opts.watch ?? false,
    reloadPollMs: 3_600_000,
    log: () => undefined,
  });
}

/** A save: every index file (manifest and segments) by name, as a writer leaves them. */
type Save = Map<string, Buffer>;

/** Two different saves of the vault, as a writer would leave them one after the other. */
async function twoSaves(): Promise<Save[]> {
  const take = (): Save => new Map(readdirSync(dataDir()).filter((n) => n.startsWith("index-")).map((n) => [n, readFileSync(join(dataDir(), n))]));
  expect((await runCli(["index", "--vault", lv.vault.dir])).code).toBe(0);
  const first = take();
  writeFileSync(join(lv.vault.dir, "Projects", "Quokka.md"), "# Quokka\n\nquokka sightings on Rottnest\n");
  expect((await runCli(["index", "--vault", lv.vault.dir])).code).toBe(0);
  return [first, take()];
}

/** Puts a save in place the way the writer does: its segments first, the manifest renamed over last. */
function land(save: Save): void {
  for (const [name, bytes] of save) if (name !== MANIFEST_FILE) writeFileSync(join(dataDir(), name), bytes);
  const manifest = join(dataDir(), MANIFEST_FILE);
  writeFileSync(`${manifest}.x`, save.get(MANIFEST_FILE) ?? Buffer.alloc(0));
  renameSync(`${manifest}.x`, manifest);
}

/** A long-lived writer (like Obsidian) holding the lock from this process. */
async function otherWriter(app = "obsidian"): Promise<WriterLock> {
  const lock = new WriterLock(new NodeFileStore(), dataDir(), { app, pid: process.pid, host: hostname() });
  expect((await lock.acquire()).ok && lock.held).toBe(true);
  return lock;
}

describe("a long-running reader", () => {
  it("keeps one abort listener on the command's signal however often it reloads", async () => {
    const saves = await twoSaves();
    const writer = await otherWriter();
    const abort = new AbortController();
    const live = await openLive({ signal: abort.signal });
    const listeners = getEventListeners(abort.signal, "abort").length;
    for (let i = 0; i < 15; i++) {
      land(saves[i % 2] ?? saves[0]!);
      await live.check();
    }
    expect(live.reloads).toBe(15);
    expect(getEventListeners(abort.signal, "abort").length).toBe(listeners);
    expect(listeners).toBeLessThanOrEqual(1);
    await writer.release();
  });

  it("lets every replaced session go, the first one included", async () => {
    // A full collection on demand, so the test can see which sessions are still reachable.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const saves = await twoSaves();
    const writer = await otherWriter();
    const live = await openLive();
    const replaced: WeakRef<object>[] = [];
    for (let i = 0; i < 3; i++) {
      replaced.push(new WeakRef(live.session));
      land(saves[i % 2] ?? saves[0]!);
      await live.check();
    }
    expect(live.reloads).toBe(3);
    // A WeakRef keeps its target until the job that made it ends.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(replaced.map((r) => r.deref() === undefined)).toEqual([true, true, true]);
    await writer.release();
  });

  it("reloads on a new save, not on a touch or a rewrite of the same bytes", async () => {
    const saves = await twoSaves();
    const writer = await otherWriter();
    const live = await openLive();
    const meta = join(dataDir(), MANIFEST_FILE);
    utimesSync(meta, new Date(), new Date(Date.now() + 60_000));
    await live.check();
    land(saves[1]!); // the same bytes, rewritten and renamed over (a new inode), as a sync tool may do
    await live.check();
    expect(live.reloads).toBe(0);
    const before = live.session;
    land(saves[0]!);
    await live.check();
    expect(live.reloads).toBe(1);
    expect(live.session).not.toBe(before);
    await writer.release();
  });
});

describe("background work on the session that serves (onServing)", () => {
  it("is handed the first session once it is ready, and each one a reload swaps in, never a replaced one", async () => {
    const saves = await twoSaves();
    const writer = await otherWriter();
    const served: unknown[] = [];
    const live = await lv.open(cmd(), {}, { app: "cli mcp", watch: false, reloadPollMs: 3_600_000, log: () => undefined, onServing: (s) => served.push(s) });
    expect(served).toEqual([live.session]);
    land(saves[0]!);
    await live.check();
    expect(live.reloads).toBe(1);
    expect(served).toHaveLength(2);
    expect(served[1]).toBe(live.session);
    // What the MCP server does with it: the filters' caches of the session that serves, in slices.
    expect(await live.session.warmFilters()).toBeGreaterThan(0);
    await writer.release();
  });
});

describe("the writer role of mcp and watch", () => {
  it("mcp without --watch never takes the lock, not even when nobody holds it", async () => {
    await runCli(["index", "--vault", lv.vault.dir]);
    const live = await openLive();
    await live.check();
    expect(live.lock.lock.held).toBe(false);
    expect(existsSync(lockFile())).toBe(false);
  });

  it("a watching writer hands the lock over when asked, keeps serving, and leaves it to the requester", async () => {
    await runCli(["index", "--vault", lv.vault.dir]);
    const live = await openLive({ watch: true });
    expect(live.lock.lock.held).toBe(true);
    const requester = new WriterRequester(new NodeFileStore(), dataDir(), { app: "obsidian", token: "plugin-1" });
    await requester.ask();
    await live.check();
    expect(live.lock.lock.held).toBe(false);
    expect(existsSync(lockFile())).toBe(false);
    expect(live.session.service.writer).toBe(false);
    expect(live.session.searchKeyword({ query: "Sauerteig" }).results.length).toBeGreaterThan(0);
    // While the request stands it does not take the free lock back.
    await requester.ask();
    await live.check();
    expect(existsSync(lockFile())).toBe(false);
    // The requester takes it and withdraws: the CLI stays a reader.
    const plugin = await otherWriter();
    await requester.withdraw();
    await live.check();
    expect(live.lock.lock.held).toBe(false);
    // The plugin quits: the watching process writes again.
    await plugin.release();
    await live.check();
    expect(live.lock.lock.held).toBe(true);
    expect(live.session.service.writer).toBe(true);
  });

  it("two watching servers: only the writer embeds, and the other takes over when it exits", async () => {
    expect((await runCli(["index", "--vault", lv.vault.dir, "--ollama", lv.fake.url, "--model", "fake-embed"])).code).toBe(0);
    const first = await openLive({ watch: true, ollama: true });
    const second = await openLive({ watch: true, ollama: true });
    expect(first.lock.lock.held).toBe(true);
    expect(second.lock.lock.held).toBe(false);
    // A note written while both run: only the writer sends it to the model.
    writeFileSync(join(lv.vault.dir, "Projects", "Quokka.md"), "# Quokka\n\nquokka sightings on Rottnest\n");
    // Each gets the event from its watcher (given here, so the test doesn't wait for the file system's).
    const event = { kind: "upsert", path: "Projects/Quokka.md" } as const;
    first.session.service.enqueue(event);
    second.session.service.enqueue(event);
    await first.session.service.flush();
    await second.session.service.flush();
    await second.check();
    const sent = lv.fake.stats.inputs.filter((t) => t.includes("quokka")).length;
    expect(sent).toBe(1);
    await first.close();
    await second.check();
    expect(second.lock.lock.held).toBe(true);
    await second.session.service.flush();
    expect(lv.fake.stats.inputs.filter((t) => t.includes("quokka")).length).toBe(1);
  });
});
