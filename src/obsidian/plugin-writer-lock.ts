import { Notice, type Plugin } from "obsidian";
import type { FileStore } from "../core/persist/file-store";
import { lockGuardedStore } from "../core/persist/lock/lock-guarded-store";
import { describeHolder, type LockHolder } from "../core/persist/lock/lock-holder";
import { LOCK_HEARTBEAT_MS, WriterLock } from "../core/persist/lock/writer-lock";
import { REQUEST_REFRESH_MS, WriterRequester } from "../core/persist/lock/writer-request";

/** The plugin's hold on the index folder: a store that writes only while it holds the writer lock. */
export interface PluginWriterLock {
  /** Writes the index files only while the plugin holds the lock. */
  store: FileStore;
  /** True while the plugin holds the lock (and so embeds and saves). */
  readonly held: boolean;
  /** Calls `listener` whenever the plugin gains or loses the lock. */
  onChange(listener: (held: boolean) => void): void;
  /**
   * Resolves once the plugin holds the lock, or has waited `HANDOVER_TICKS` request periods for a CLI writer to
   * hand it over, or no hand-over is under way. Load the index after it, so the CLI's last save is what loads.
   */
  whenSettled(): Promise<void>;
  /** Gives the lock up (and withdraws a request); call after the index service has stopped (and saved). */
  release(): Promise<void>;
}

/** The plugin's name, a proper noun in every notice. */
const PLUGIN_NAME = "Hybrid Vault Search";

/** Request periods the plugin waits for a hand-over before it starts read-only and says so (about 10 s). */
export const HANDOVER_TICKS = 5;

/** A CLI process (`watch`, `mcp --watch`, `index`): the plugin has priority over it and asks for the lock. */
function isCli(holder: LockHolder | undefined): boolean {
  return holder?.app.startsWith("cli") ?? false;
}

/**
 * Takes the writer lock of the index folder (see `WriterLock`), so the plugin and a CLI `watch`/`mcp` never write
 * the same files at once. The plugin has priority: when a CLI process holds the lock, it asks for it (see
 * writer-request.ts) and retries every `REQUEST_REFRESH_MS` until the CLI hands it over. Without the lock the
 * plugin runs read-only (searches work, nothing is embedded or saved) and says so; the heartbeat (a registered
 * interval) keeps retrying and says when the plugin writes again.
 */
export async function takePluginWriterLock(
  plugin: Plugin,
  store: FileStore,
  dataDir: string,
  /** Starts an interval; tests pass a hand-driven one. Default `window.setInterval`. */
  every: (fn: () => void, ms: number) => number = (fn, ms) => window.setInterval(fn, ms),
): Promise<PluginWriterLock> {
  // No pid or host name in the app: a crashed Obsidian's lock is taken over once its heartbeat is stale.
  const lock = new WriterLock(store, dataDir, { app: "obsidian" });
  const requester = new WriterRequester(store, dataDir, { app: "obsidian", token: `obsidian-${Math.random().toString(36).slice(2, 10)}` });
  const listeners: ((held: boolean) => void)[] = [];
  let held = lock.held;
  let told = false;
  const tellReadOnly = (verb: string): void => {
    told = true;
    new Notice(`${PLUGIN_NAME} is read-only: ${describeHolder(lock.holder)} ${verb}. Searches work; changes are saved once it stops.`);
  };
  const changed = (): void => {
    if (lock.held === held) return;
    held = lock.held;
    for (const l of listeners) l(held);
    if (held && told) new Notice(`${PLUGIN_NAME} writes its index again.`);
    else if (!held) tellReadOnly("took over the index");
  };

  let asking = false;
  let ticks = 0;
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  /** Refreshes the request; `period` counts one more request period waited. */
  const ask = async (period: boolean): Promise<void> => {
    if (!asking) return;
    if (lock.held || !isCli(lock.holder)) {
      asking = false;
      await requester.withdraw();
      settle();
      if (!lock.held && !told) tellReadOnly("is writing the index");
      return;
    }
    await requester.ask();
    if (period && ++ticks === HANDOVER_TICKS) {
      settle();
      if (!told) tellReadOnly("is writing the index and has not handed it over");
    }
  };

  await lock.acquire();
  held = lock.held;
  if (held) settle();
  else if (isCli(lock.holder)) {
    asking = true;
    await ask(false);
  } else {
    settle();
    tellReadOnly("is writing the index");
  }

  plugin.registerInterval(every(() => void lock.heartbeat().then(changed), LOCK_HEARTBEAT_MS));
  plugin.registerInterval(
    every(() => {
      // While a CLI writer holds the lock, keep asking (and trying): it hands over within a poll or two.
      if (!lock.held && isCli(lock.holder)) asking = true;
      if (!asking) return;
      void lock.acquire().then(async () => {
        changed();
        await ask(true);
      });
    }, REQUEST_REFRESH_MS),
  );
  return {
    store: lockGuardedStore(store, () => lock.held),
    get held() {
      return lock.held;
    },
    onChange: (listener) => void listeners.push(listener),
    whenSettled: () => settled,
    release: async () => {
      asking = false;
      await requester.withdraw();
      await lock.release();
    },
  };
}
