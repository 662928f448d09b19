import { hostname } from "node:os";
import { describeHolder } from "../../core/persist/lock/lock-holder";
import type { FileStore } from "../../core/persist/file-store";
import { lockGuardedStore } from "../../core/persist/lock/lock-guarded-store";
import { LOCK_HEARTBEAT_MS, WriterLock, type LockState } from "../../core/persist/lock/writer-lock";
import type { Result } from "../../core/result";
import type { CliIo } from "../cli-io";
import { NodeFileStore } from "./node-file-store";

/** How a command takes the vault's writer lock. */
export interface VaultLockOptions {
  /** Written into the lock file, e.g. "cli index". Default "cli". */
  app?: string;
  /**
   * "write" takes the lock when it is free (a run that writes: `index`, or a watching server); "read" never takes
   * it and only looks who holds it (`search`, `mcp` without `--watch`). Default "write".
   */
  mode?: "write" | "read";
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
  /** The store the lock itself and the hand-over request are written through (never guarded). */
  raw: FileStore;
  /** One line for stderr when the run is read-only, else undefined. */
  readOnlyReason(): string | undefined;
  /** Stops the heartbeat and gives the lock up. */
  release(): Promise<void>;
}

/** Runs that end by themselves: worth waiting for. */
const ONE_SHOT = /^cli index$/;

/**
 * Takes the writer lock of `dataDir` (unless `mode` is "read") and keeps its heartbeat going while held, until
 * `release`. It never takes a busy lock later by itself: a watching server decides when to (see `LiveVault`).
 * Never throws.
 */
export async function takeVaultLock(dataDir: string, io: CliIo, opts: VaultLockOptions = {}): Promise<VaultLock> {
  if (opts.reuse) return opts.reuse;
  const raw = new NodeFileStore();
  const lock = new WriterLock(raw, dataDir, { app: opts.app ?? "cli", pid: process.pid, host: hostname() }, { isAlive });
  const reading = opts.mode === "read";
  let state: Result<LockState> = reading ? await peekState(lock) : await lock.acquire();
  let told = false;
  while (!reading && opts.waitForOneShot && state.ok && state.value.kind === "busy" && ONE_SHOT.test(state.value.holder?.app ?? "cli index")) {
    if (io.signal?.aborted) break;
    if (!told) io.stderr.write(`Waiting for ${describeHolder(state.value.holder)} to finish writing the index…\n`);
    told = true;
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 300));
    state = await lock.acquire();
  }
  let lastBeat = state.ok;
  const timer = setInterval(() => {
    if (lock.held) void lock.heartbeat().then((s) => (lastBeat = s.ok));
  }, LOCK_HEARTBEAT_MS);
  timer.unref();
  return {
    lock,
    store: lockGuardedStore(raw, () => lock.held),
    raw,
    readOnlyReason: () => {
      if (lock.held) return undefined;
      if (!state.ok || !lastBeat) return `Read-only: can't take the index's writer lock (${state.ok ? "the lock file can't be written" : state.error.message}), so this run saved nothing.`;
      if (reading && !lock.holder) return "Read-only: no process writes this index now; run \"index\" to update it, or \"watch\" (or \"mcp --watch\") to keep it current.";
      return `Read-only: ${describeHolder(lock.holder)} writes this index, so this run saved nothing.`;
    },
    release: async () => {
      clearInterval(timer);
      await lock.release();
    },
  };
}

/** Who holds the lock, as the busy state `acquire` would give, without trying to take it. */
async function peekState(lock: WriterLock): Promise<Result<LockState>> {
  const found = await lock.peek();
  return found.ok ? { ok: true, value: { kind: "busy", holder: found.value } } : found;
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
