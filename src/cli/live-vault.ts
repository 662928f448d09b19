import { stat } from "node:fs/promises";
import { indexFilePaths } from "../core/persist/index-files";
import type { Result } from "../core/result";
import { ok } from "../core/result";
import type { VaultOptions } from "./args";
import type { CliIo } from "./cli-io";
import { FolderNoteSource } from "./folder-note-source";
import type { VaultLock } from "./vault-lock";
import { openVault, type VaultSession } from "./vault-session";
import { VaultWatcher } from "./vault-watcher";

/** How a long-running command (`watch`, `mcp`) keeps its vault. */
export interface LiveVaultOptions {
  /** Written into the lock file, e.g. "cli mcp". */
  app: string;
  /** Watch the folder and index changes as they happen. Default false. */
  watch?: boolean;
  /** How often a reader checks whether the writer saved a new index, ms. Default 1,000. */
  reloadPollMs?: number;
  /** Logs one line on stderr. */
  log: (line: string) => void;
}

/** Size and time of the saved meta file: the writer renames it into place last, so a change means a new save. */
type FileMark = string | undefined;

/**
 * A vault session that stays current for as long as the command runs. The writer (the process holding the lock)
 * keeps the index itself, from file-system events with `watch`. A reader serves the index it loaded and, when
 * the writer's next save lands (the meta file changed), opens that one and swaps it in; searches keep being
 * answered from the old one meanwhile. A reader whose writer goes away becomes the writer at its next heartbeat.
 */
export class LiveVault {
  private current: VaultSession;
  private watcher: VaultWatcher | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private mark: FileMark;
  private reloading = false;
  private closed = false;
  private started: Promise<void> = Promise.resolve();
  private loaded: Promise<void> = Promise.resolve();
  /** True once `whenReady` has resolved. */
  ready = false;
  /** Times a reader swapped in a newer save. */
  reloads = 0;

  private constructor(
    first: VaultSession,
    private readonly cmd: VaultOptions,
    private readonly io: CliIo,
    private readonly opts: LiveVaultOptions,
  ) {
    this.current = first;
  }

  /**
   * Opens the vault and takes the lock if free, then loads and reconciles the index and starts watching and
   * polling in the background (see `whenReady`), so a server can answer `initialize` and `status` at once, even
   * while a first run indexes a large vault.
   */
  static async open(cmd: VaultOptions, io: CliIo, opts: LiveVaultOptions): Promise<Result<LiveVault>> {
    const opened = await openVault(cmd, io, undefined, { app: opts.app });
    if (!opened.ok) return opened;
    const live = new LiveVault(opened.value, cmd, io, opts);
    live.started = live.begin();
    return ok(live);
  }

  /** Resolves once the index is loaded and reconciled with the notes (vectors may still be filling in). */
  whenReady(): Promise<void> {
    return this.started;
  }

  /**
   * Resolves once the saved index is in memory and its calibration loaded, before the notes are reconciled with it:
   * a search can be answered from then on (from the index as saved; reconciling goes on in the background).
   */
  whenLoaded(): Promise<void> {
    return this.loaded;
  }

  private async begin(): Promise<void> {
    const first = this.current;
    const started = first.service.start();
    this.loaded = first.service.whenLoaded().then(() => first.calibrate("load"));
    await Promise.all([started, this.loaded]);
    this.mark = await this.metaMark();
    if (!this.lock.lock.held) this.opts.log(this.lock.readOnlyReason() ?? "");
    if (this.opts.watch && !this.closed) {
      const vaultDir = this.current.layout.vaultDir;
      this.watcher = new VaultWatcher(vaultDir, {
        source: new FolderNoteSource(vaultDir),
        enqueue: (e) => this.current.service.enqueue(e),
        log: this.opts.log,
      });
      await this.watcher.start();
    }
    this.ready = true;
    if (this.closed) return;
    this.pollTimer = setInterval(() => void this.poll(), this.opts.reloadPollMs ?? 1_000);
    this.pollTimer.unref();
  }

  /** The session that answers now. */
  get session(): VaultSession {
    return this.current;
  }

  get lock(): VaultLock {
    return this.current.lock;
  }

  /** When the saved index last changed (its meta file's mtime), ms since the epoch; undefined when none is saved. */
  async lastSavedAt(): Promise<number | undefined> {
    const s = await stat(indexFilePaths(this.current.layout.dataDir).meta).catch(() => undefined);
    return s?.mtimeMs;
  }

  /** Stops watching, saves (when holding the lock) and gives the lock up. */
  async close(): Promise<void> {
    this.closed = true;
    // Stopping cancels a start still under way; then nothing of it is left running.
    const stopping = this.current.service.stop();
    await this.started;
    this.watcher?.close();
    if (this.pollTimer) clearInterval(this.pollTimer);
    await stopping;
    this.current.printer.finish();
    await this.current.lock.release();
  }

  private async startSession(s: VaultSession): Promise<void> {
    await s.service.start();
    await s.calibrate("load");
  }

  /** Reader: a new save landed, so open it and swap it in. The writer never reloads its own saves. */
  private async poll(): Promise<void> {
    if (this.reloading || this.closed) return;
    const mark = await this.metaMark();
    if (mark === this.mark) return;
    this.mark = mark;
    if (this.lock.lock.held || mark === undefined) return;
    this.reloading = true;
    try {
      const opened = await openVault(this.cmd, this.io, undefined, { app: this.opts.app, reuse: this.lock });
      if (!opened.ok || this.closed) return;
      await this.startSession(opened.value);
      const old = this.current;
      this.current = opened.value;
      this.reloads++;
      await old.service.stop();
      this.opts.log("Loaded the index the writer just saved.");
    } finally {
      this.reloading = false;
    }
  }

  private async metaMark(): Promise<FileMark> {
    const s = await stat(indexFilePaths(this.current.layout.dataDir).meta).catch(() => undefined);
    return s ? `${s.mtimeMs}:${s.size}:${s.ino}` : undefined;
  }
}
