import { ok, type Result } from "../../result";
import type { FileStore } from "../file-store";
import { isLockHolder, type LockHolder } from "./lock-holder";

export type { LockHolder } from "./lock-holder";

/** Name of the lock file inside the index folder. */
export const WRITER_LOCK_FILE = "writer.lock";

/** Who takes the lock, as written into the lock file for others to read. */
export interface LockIdentity {
  /** What holds it, e.g. "obsidian" or "cli watch"; shown to the processes that find it busy. */
  app: string;
  /** Process id; undefined where the host can't tell (then only the heartbeat tells a dead holder). */
  pid?: number;
  /** Host name; undefined where the host can't tell. */
  host?: string;
}

/** How the lock judges and takes over a lock file left behind. */
export interface WriterLockOptions {
  /** Wall clock in ms. Default `Date.now`. */
  clock?: () => number;
  /**
   * A holder whose heartbeat has not changed for this long, as seen on this process's own clock, is presumed dead.
   * Default 60,000 (4 missed heartbeats).
   */
  staleMs?: number;
  /**
   * Whether process `pid` on this host still runs: false lets a lock of a crashed process on the same host go at
   * once instead of after `staleMs`. Default: can't tell (undefined), so only the heartbeat counts.
   */
  isAlive?: (pid: number) => boolean | undefined;
  /** Distinguishes this holder from an earlier one with the same pid. Default: random. */
  token?: string;
}

/** How often a holder should call `heartbeat()`, in ms: a quarter of the default stale age. */
export const LOCK_HEARTBEAT_MS = 15_000;
const DEFAULT_STALE_MS = 60_000;
/**
 * A heartbeat this much older than `staleMs` by our clock is taken for a crash at first sight (a lock left behind
 * hours ago need not be watched for a minute). Below it only an unchanging heartbeat counts, so a live holder whose
 * clock runs up to this far behind ours is never taken over.
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 10 * 60_000;
/** A lock file that can't be parsed is a create still being written, unless it stays unreadable this long. */
const UNREADABLE_GRACE_MS = 2_000;

/** What `acquire` and `heartbeat` found. */
export type LockState =
  /** This process holds the lock: it may write the index files. */
  | { kind: "held" }
  /** Another process holds it (undefined: its lock file is being written or is unreadable). */
  | { kind: "busy"; holder: LockHolder | undefined };

/**
 * One writer per index folder. The holder creates the lock file exclusively and rewrites its heartbeat every
 * `LOCK_HEARTBEAT_MS`; a lock whose holder is dead (same host, pid gone) or whose heartbeat has not changed for
 * `staleMs` is taken over. Staleness is judged on this process's own clock, by watching the heartbeat change,
 * never by comparing the holder's timestamp with our time: a holder on another host, or with a clock set ahead
 * (a heartbeat in our future), is taken over `staleMs` after it stops beating, not when our clock catches up. The holder checks on every heartbeat that the file still names it, so a holder that
 * was suspended past `staleMs` and taken over finds out and stops writing. Never throws.
 */
export class WriterLock {
  readonly path: string;
  private readonly me: LockHolder;
  private readonly clock: () => number;
  private readonly staleMs: number;
  private isHeld = false;
  private other: LockHolder | undefined;
  private unreadableSince: number | undefined;
  /** The other holder's heartbeat as last read, and when (our clock) it was first read with that value. */
  private seen: { beat: string; since: number } | undefined;

  constructor(
    private readonly store: FileStore,
    dataDir: string,
    identity: LockIdentity,
    private readonly opts: WriterLockOptions = {},
  ) {
    this.path = dataDir === "" ? WRITER_LOCK_FILE : `${dataDir.replace(/\/+$/, "")}/${WRITER_LOCK_FILE}`;
    this.clock = opts.clock ?? Date.now;
    this.staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
    const now = this.clock();
    const token = opts.token ?? `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    this.me = { ...identity, token, startedAt: now, heartbeatAt: now };
  }

  /** True while this process holds the lock and may write. */
  get held(): boolean {
    return this.isHeld;
  }

  /** The other holder found by the last attempt, when the lock is busy. */
  get holder(): LockHolder | undefined {
    return this.isHeld ? undefined : this.other;
  }

  /** Takes the lock if it is free or stale. An IO error leaves the lock not held. */
  async acquire(): Promise<Result<LockState>> {
    if (this.isHeld) return this.heartbeat();
    const created = await this.store.createExclusive(this.path, this.encode());
    if (!created.ok) return created;
    if (created.value) return this.confirm();
    const found = await this.readHolder();
    if (!found.ok) return found;
    const holder = found.value;
    if (holder?.token === this.me.token) return this.confirm();
    if (!this.isStale(holder)) return ok(this.busy(holder ?? undefined));
    const removed = await this.store.remove(this.path);
    if (!removed.ok) return removed;
    const retaken = await this.store.createExclusive(this.path, this.encode());
    if (!retaken.ok) return retaken;
    if (retaken.value) return this.confirm();
    const winner = await this.readHolder();
    return ok(this.busy(winner.ok ? (winner.value ?? undefined) : undefined));
  }

  /**
   * Holder: checks the file still names this process and refreshes the heartbeat; a lost lock comes back busy.
   * Not holding: tries to take it (a holder that went away is replaced).
   */
  async heartbeat(): Promise<Result<LockState>> {
    if (!this.isHeld) return this.acquire();
    const found = await this.readHolder();
    if (!found.ok) return found;
    if (found.value?.token !== this.me.token) {
      this.isHeld = false;
      return ok(this.busy(found.value ?? undefined));
    }
    this.me.heartbeatAt = this.clock();
    // Written aside and renamed over, so nobody ever reads a half-written heartbeat.
    const temp = `${this.path}.${this.me.token}.tmp`;
    const written = await this.store.write(temp, this.encode());
    if (!written.ok) return written;
    const moved = await this.store.rename(temp, this.path);
    return moved.ok ? ok({ kind: "held" }) : moved;
  }

  /**
   * Reads who holds the lock without trying to take it (a process that only reads the index); also counts as a
   * look at the holder's heartbeat for judging it stale later.
   */
  async peek(): Promise<Result<LockHolder | undefined>> {
    if (this.isHeld) return ok(undefined);
    const found = await this.readHolder();
    if (!found.ok) return found;
    const holder = found.value ?? undefined;
    if (holder) this.isStale(holder);
    this.other = holder;
    return ok(holder);
  }

  /** Gives the lock up, if this process still holds it. */
  async release(): Promise<Result<void>> {
    if (!this.isHeld) return ok(undefined);
    this.isHeld = false;
    const found = await this.readHolder();
    if (!found.ok || found.value?.token !== this.me.token) return ok(undefined);
    return this.store.remove(this.path);
  }

  /** Reads the file back: on a store without a truly exclusive create, a racing creator may have overwritten it. */
  private async confirm(): Promise<Result<LockState>> {
    const found = await this.readHolder();
    if (!found.ok) return found;
    this.isHeld = found.value?.token === this.me.token;
    return ok(this.isHeld ? { kind: "held" } : this.busy(found.value ?? undefined));
  }

  private busy(holder: LockHolder | undefined): LockState {
    this.isHeld = false;
    this.other = holder;
    return { kind: "busy", holder };
  }

  private isStale(holder: LockHolder | null | undefined): boolean {
    const now = this.clock();
    // Gone between our create and our read: released just now.
    if (holder === undefined) return true;
    if (holder === null) {
      this.unreadableSince ??= now;
      return now - this.unreadableSince >= UNREADABLE_GRACE_MS;
    }
    this.unreadableSince = undefined;
    const sameHost = holder.host !== undefined && holder.host === this.me.host;
    if (sameHost && holder.pid !== undefined && this.opts.isAlive?.(holder.pid) === false) return true;
    const beat = `${holder.token}@${holder.heartbeatAt}`;
    if (this.seen?.beat !== beat) this.seen = { beat, since: now };
    if (now - this.seen.since >= this.staleMs) return true;
    return now - holder.heartbeatAt > this.staleMs + CLOCK_SKEW_ALLOWANCE_MS;
  }

  /** The holder named by the file; undefined when there is no file, null when it is unreadable. */
  private async readHolder(): Promise<Result<LockHolder | null | undefined>> {
    const read = await this.store.read(this.path);
    if (!read.ok) return read;
    if (read.value === null) return ok(undefined);
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(read.value));
      return ok(isLockHolder(parsed) ? parsed : null);
    } catch {
      return ok(null);
    }
  }

  private encode(): Uint8Array {
    return new TextEncoder().encode(`${JSON.stringify(this.me)}\n`);
  }
}
