import { hostname } from "node:os";
import { describeHolder } from "../core/persist/lock-holder";
import type { FileStore } from "../core/persist/file-store";
import { lockGuardedStore } from "../core/persist/lock-guarded-store";
import { LOCK_HEARTBEAT_MS, WriterLock } from "../core/persist/writer-lock";
import type { CliIo } from "./cli-io";
import { NodeFileStore } from "./node-file-store";

/** How a command takes the vault's writer lock. */
export interface VaultLockOptions {
  /** Written into the lock file, e.g. "cli index". Default "cli". */
  app?: string;
  /**
   * Wait while another one-shot CLI run holds the lock (then load what it saved), instead of running read-only.
   * A long-lived holder (Obsidian, `watch`, `mcp`) is never waited for. Default false.
   */
  waitForOneShot?: boolean;
  /** Poll interval while waiting, ms. Default 300. */
  pollMs?: number;
  /** A lock this process already holds (or waits for): a reopened session keeps it instead of taking another. */
  reuse?: VaultLock;
}

/** The lock a command holds (or not) and the store that writes only while it does. */
export interface VaultLock {
  lock: WriterLock;
  /** Writes the index files only while `lock.held`. */
  store: FileStore;
  /** One line for stderr when the run is read-only, else undefined. */
  readOnlyReason(): string | undefined;
  /** Stops the heartbeat and gives the lock up. */
  release(): Promise<void>;
}

/** Runs that end by themselves: worth waiting for. */
const ONE_SHOT = /^cli (index|search)$/;

/** Takes the writer lock of `dataDir` and keeps its heartbeat going until `release`. Never throws. */
export async function takeVaultLock(dataDir: string, io: CliIo, opts: VaultLockOptions = {}): Promise<VaultLock> {
  if (opts.reuse) return opts.reuse;
  const raw = new NodeFileStore();
  const lock = new WriterLock(raw, dataDir, { app: opts.app ?? "cli", pid: process.pid, host: hostname() }, { isAlive });
  let state = await lock.acquire();
  let told = false;
  while (opts.waitForOneShot && state.ok && state.value.kind === "busy" && ONE_SHOT.test(state.value.holder?.app ?? "cli index")) {
    if (io.signal?.aborted) break;
    if (!told) io.stderr.write(`Waiting for ${describeHolder(state.value.holder)} to finish writing the index…\n`);
    told = true;
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 300));
    state = await lock.acquire();
  }
  // A heartbeat also retries a busy lock, so a reader becomes the writer when the holder goes away.
  const timer = setInterval(() => void lock.heartbeat().then((s) => (state = s)), LOCK_HEARTBEAT_MS);
  timer.unref();
  return {
    lock,
    store: lockGuardedStore(raw, () => lock.held),
    readOnlyReason: () => {
      if (lock.held) return undefined;
      if (!state.ok) return `Read-only: can't take the index's writer lock (${state.error.message}), so this run saved nothing.`;
      return `Read-only: ${describeHolder(lock.holder)} writes this index, so this run saved nothing.`;
    },
    release: async () => {
      clearInterval(timer);
      await lock.release();
    },
  };
}

/** Signal 0 tests that the process exists; EPERM means it exists under another user. */
function isAlive(pid: number): boolean | undefined {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    const code = typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
    if (code === "ESRCH") return false;
    return code === "EPERM" ? true : undefined;
  }
}
