import { Notice, type Plugin } from "obsidian";
import type { FileStore } from "../core/persist/file-store";
import { lockGuardedStore } from "../core/persist/lock-guarded-store";
import { describeHolder } from "../core/persist/lock-holder";
import { LOCK_HEARTBEAT_MS, WriterLock } from "../core/persist/writer-lock";

/** The plugin's hold on the index folder: a store that writes only while it holds the writer lock. */
export interface PluginWriterLock {
  /** Writes the index files only while the plugin holds the lock. */
  store: FileStore;
  /** Gives the lock up; call after the index service has stopped (and saved). */
  release(): Promise<void>;
}

/**
 * Takes the writer lock of the index folder (see `WriterLock`), so the plugin and a CLI `watch`/`mcp` never write
 * the same files at once. Without it the plugin runs read-only (searches work, nothing is saved) and says so; the
 * heartbeat (a registered interval) keeps retrying and says when the plugin writes again.
 */
export async function takePluginWriterLock(
  plugin: Plugin,
  store: FileStore,
  dataDir: string,
  /** Starts the heartbeat; tests pass a hand-driven one. Default `window.setInterval`. */
  every: (fn: () => void, ms: number) => number = (fn, ms) => window.setInterval(fn, ms),
): Promise<PluginWriterLock> {
  // No pid or host name in the app: a crashed Obsidian's lock is taken over once its heartbeat is stale.
  const lock = new WriterLock(store, dataDir, { app: "obsidian" });
  const first = await lock.acquire();
  if (first.ok && first.value.kind === "busy") {
    new Notice(`Hybrid Vault Search is read-only: ${describeHolder(first.value.holder)} is writing the index. Searches work; changes are saved once it stops.`);
  }
  let held = lock.held;
  plugin.registerInterval(
    every(() => {
      void lock.heartbeat().then(() => {
        if (lock.held === held) return;
        held = lock.held;
        new Notice(held ? "Hybrid Vault Search writes its index again." : `Hybrid Vault Search is read-only: ${describeHolder(lock.holder)} took over the index.`);
      });
    }, LOCK_HEARTBEAT_MS),
  );
  return { store: lockGuardedStore(store, () => lock.held), release: async () => void (await lock.release()) };
}
