import { afterEach, describe, expect, it } from "vitest";
import { Plugin } from "obsidian";
import type * as O from "obsidian";
import { createTestApp, type TestApp } from "../fakes/obsidian";
import { WriterLock } from "../../src/core/persist/writer-lock";
import { takePluginWriterLock, type PluginWriterLock } from "../../src/obsidian/plugin-writer-lock";
import { VaultFileStore } from "../../src/obsidian/vault-file-store";

const manifest: O.PluginManifest = { id: "hvs-test", name: "Test", author: "t", version: "1", minAppVersion: "1.5.0", description: "d" };
const DATA = "plugins-data/hvs-test";

let lock: PluginWriterLock;
let beat: () => void = () => undefined;
class LockingPlugin extends Plugin {
  override async onload(): Promise<void> {
    const every = (fn: () => void): number => ((beat = fn), 1);
    lock = await takePluginWriterLock(this, new VaultFileStore(this.app.vault.adapter), DATA, every);
  }
}
const settle = () => new Promise((r) => setTimeout(r, 0));

let t: TestApp;
afterEach(() => t.dispose());

describe("the plugin's writer lock", () => {
  it("writes the index while it holds the lock, and gives it up", async () => {
    t = createTestApp({ "A.md": "a" });
    await t.loadPlugin(LockingPlugin, manifest);
    expect(t.notices()).toEqual([]);
    expect((await lock.store.write(`${DATA}/index-meta.bin`, new Uint8Array([1]))).ok).toBe(true);
    expect(await t.app.vault.adapter.exists(`${DATA}/index-meta.bin`)).toBe(true);
    await lock.release();
    expect(await t.app.vault.adapter.exists(`${DATA}/writer.lock`)).toBe(false);
  });

  it("runs read-only and says who writes when a CLI holds the lock", async () => {
    t = createTestApp({ "A.md": "a" });
    const cli = new WriterLock(new VaultFileStore(t.app.vault.adapter), DATA, { app: "cli watch", pid: 4242, host: "laptop" });
    expect((await cli.acquire()).ok && cli.held).toBe(true);
    await t.loadPlugin(LockingPlugin, manifest);
    expect(t.notices().map((n) => n.message).join("\n")).toMatch(/read-only: cli watch \(pid 4242 on laptop\) is writing the index/);
    await lock.store.write(`${DATA}/index-meta.bin`, new Uint8Array([1]));
    expect(await t.app.vault.adapter.exists(`${DATA}/index-meta.bin`)).toBe(false);

    // The CLI stops: the next heartbeat takes the lock, says so, and writes go through again.
    await cli.release();
    beat();
    for (let i = 0; i < 20 && !t.notices().some((n) => /writes its index again/.test(n.message)); i++) await settle();
    expect(t.notices().at(-1)?.message).toBe("Hybrid Vault Search writes its index again.");
    await lock.store.write(`${DATA}/index-meta.bin`, new Uint8Array([1]));
    expect(await t.app.vault.adapter.exists(`${DATA}/index-meta.bin`)).toBe(true);
  });
});
