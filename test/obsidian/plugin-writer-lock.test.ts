import { afterEach, describe, expect, it } from "vitest";
import { Plugin } from "obsidian";
import type * as O from "obsidian";
import { createTestApp, type TestApp } from "../fakes/obsidian";
import { LOCK_HEARTBEAT_MS, WriterLock } from "../../src/core/persist/lock/writer-lock";
import { REQUEST_REFRESH_MS, WriterRequestWatch } from "../../src/core/persist/lock/writer-request";
import { HANDOVER_TICKS, takePluginWriterLock, type PluginWriterLock } from "../../src/obsidian/plugin-writer-lock";
import { VaultFileStore } from "../../src/obsidian/vault-file-store";

const manifest: O.PluginManifest = { id: "hvs-test", name: "Test", author: "t", version: "1", minAppVersion: "1.5.0", description: "d" };
const DATA = "plugins-data/hvs-test";

let lock: PluginWriterLock;
/** The plugin's intervals by period, driven by hand. */
const intervals = new Map<number, () => void>();
class LockingPlugin extends Plugin {
  override async onload(): Promise<void> {
    const every = (fn: () => void, ms: number): number => (intervals.set(ms, fn), intervals.size);
    lock = await takePluginWriterLock(this, new VaultFileStore(this.app.vault.adapter), DATA, every);
  }
}
const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};
const beat = async (): Promise<void> => {
  intervals.get(LOCK_HEARTBEAT_MS)?.();
  await settle();
};
const tick = async (): Promise<void> => {
  intervals.get(REQUEST_REFRESH_MS)?.();
  await settle();
};

let t: TestApp;
afterEach(() => {
  intervals.clear();
  t.dispose();
});

function cliLock(app = "cli watch"): WriterLock {
  return new WriterLock(new VaultFileStore(t.app.vault.adapter), DATA, { app, pid: 4242, host: "laptop" });
}

describe("the plugin's writer lock", () => {
  it("writes the index while it holds the lock, and gives it up", async () => {
    t = createTestApp({ "A.md": "a" });
    await t.loadPlugin(LockingPlugin, manifest);
    expect(t.notices()).toEqual([]);
    expect(lock.held).toBe(true);
    expect((await lock.store.write(`${DATA}/index-meta.bin`, new Uint8Array([1]))).ok).toBe(true);
    expect(await t.app.vault.adapter.exists(`${DATA}/index-meta.bin`)).toBe(true);
    await lock.release();
    expect(await t.app.vault.adapter.exists(`${DATA}/writer.lock`)).toBe(false);
  });

  it("asks a CLI writer for the lock, and takes it as soon as the CLI hands it over", async () => {
    t = createTestApp({ "A.md": "a" });
    const cli = cliLock();
    expect((await cli.acquire()).ok && cli.held).toBe(true);
    await t.loadPlugin(LockingPlugin, manifest);
    expect(lock.held).toBe(false);
    const changes: boolean[] = [];
    lock.onChange((held) => changes.push(held));
    // The CLI side of the protocol: it sees the request and gives the lock up.
    const asked = await new WriterRequestWatch(new VaultFileStore(t.app.vault.adapter), DATA).pending();
    expect(asked?.app).toBe("obsidian");
    await cli.release();
    await tick();
    expect(lock.held).toBe(true);
    expect(changes).toEqual([true]);
    await lock.whenSettled();
    // The request is withdrawn, and a hand-over that took seconds is not worth a notice.
    expect(await t.app.vault.adapter.exists(`${DATA}/writer.request`)).toBe(false);
    expect(t.notices()).toEqual([]);
    await lock.store.write(`${DATA}/index-meta.bin`, new Uint8Array([1]));
    expect(await t.app.vault.adapter.exists(`${DATA}/index-meta.bin`)).toBe(true);
  });

  it("runs read-only and says who writes when a CLI does not hand over, and writes again once it stops", async () => {
    t = createTestApp({ "A.md": "a" });
    const cli = cliLock();
    await cli.acquire();
    await t.loadPlugin(LockingPlugin, manifest);
    let settled = false;
    void lock.whenSettled().then(() => (settled = true));
    for (let i = 1; i < HANDOVER_TICKS; i++) await tick();
    expect(settled).toBe(false);
    expect(t.notices()).toEqual([]);
    await tick();
    expect(settled).toBe(true);
    expect(t.notices().map((n) => n.message).join("\n")).toMatch(/read-only: cli watch \(pid 4242 on laptop\) is writing the index/);
    await lock.store.write(`${DATA}/index-meta.bin`, new Uint8Array([1]));
    expect(await t.app.vault.adapter.exists(`${DATA}/index-meta.bin`)).toBe(false);

    // The CLI stops: the next try takes the lock, says so, and writes go through again.
    await cli.release();
    await beat();
    expect(t.notices().at(-1)?.message).toBe("Hybrid Vault Search writes its index again.");
    await lock.store.write(`${DATA}/index-meta.bin`, new Uint8Array([1]));
    expect(await t.app.vault.adapter.exists(`${DATA}/index-meta.bin`)).toBe(true);
    await tick();
    expect(await t.app.vault.adapter.exists(`${DATA}/writer.request`)).toBe(false);
  });

  it("does not ask another Obsidian for the lock: it says so and waits", async () => {
    t = createTestApp({ "A.md": "a" });
    const other = new WriterLock(new VaultFileStore(t.app.vault.adapter), DATA, { app: "obsidian" });
    await other.acquire();
    await t.loadPlugin(LockingPlugin, manifest);
    await lock.whenSettled();
    await tick();
    expect(await t.app.vault.adapter.exists(`${DATA}/writer.request`)).toBe(false);
    expect(t.notices().map((n) => n.message).join("\n")).toMatch(/read-only: obsidian is writing the index/);
  });
});
