import { OllamaHealth } from "../core/ollama/ollama-breaker";
import { describeHolder } from "../core/persist/lock/lock-holder";
import { WriterRequestWatch } from "../core/persist/lock/writer-request";
import type { Result } from "../core/result";
import { ok } from "../core/result";
import type { VaultOptions } from "./args";
import type { CliIo } from "./cli-io";
import { FolderNoteSource } from "./node/folder-note-source";
import { peekSaveIdentity, savedIndexTime } from "./node/saved-index";
import type { VaultLock } from "./node/vault-lock";
import type { VaultSearch } from "../core/session/vault-search";
import { openVault, type OpenedVault } from "./open-vault";
import { VaultWatcher } from "./node/vault-watcher";
import type { NoteEvent } from "../core/sync/notes/note-source";

/** An extra folder's event with its paths as the index knows them. */
function prefixedEvent(e: NoteEvent, prefix: string): NoteEvent {
  return e.kind === "rename" ? { ...e, path: prefix + e.path, oldPath: prefix + e.oldPath } : { ...e, path: prefix + e.path };
}

/** How a long-running command (`watch`, `mcp`) keeps its vault. */
export interface LiveVaultOptions {
  /** Written into the lock file, e.g. "cli mcp". */
  app: string;
  /**
   * Watch the folder: the process may become the writer (it takes the lock when free) and then indexes changes
   * as they happen. Without it the process only ever reads. Default false.
   */
  watch?: boolean;
  /** How often to look for a new save, a free lock or a hand-over request, ms. Default 1,000. */
  reloadPollMs?: number;
  /** Logs one line on stderr. */
  log: (line: string) => void;
  /**
   * Called with each session once it serves: the first when it is loaded and reconciled (after `whenReady`), and
   * every one swapped in later (a reload, a take-over). For background work on it, e.g. `VaultSearch.warmFilters`.
   */
  onServing?: (session: VaultSearch) => void;
}

/**
 * A vault session that stays current for as long as the command runs, in one of two roles:
 *
 * - The writer (holds the lock; only a `--watch` process ever takes it) indexes changes from file-system events,
 *   embeds and saves. When another process with priority asks for the role (the plugin, see writer-request.ts),
 *   it saves, gives the lock up and goes on as a reader.
 * - A reader serves the index it loaded and, when a new save lands (the meta file's content identity changed,
 *   not just its time), opens that one and swaps it in; searches keep being answered from the old one meanwhile,
 *   and the old one is dropped at once. It never embeds notes or saves. A watching reader takes the lock when it
 *   is free (the writer went away) and nobody with priority is asking for it.
 *
 * Every session opened here is stopped when replaced, and nothing registered on the command's signal or timers
 * refers to a replaced session, so reloads never pile up.
 */
export class LiveVault {
  private current: OpenedVault;
  private watchers: VaultWatcher[] = [];
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  /** The save the current session was opened over (see `peekSaveIdentity`). */
  private saveId: string | undefined;
  private checking: Promise<void> | undefined;
  private closed = false;
  private started: Promise<void> = Promise.resolve();
  private readonly requests: WriterRequestWatch;
  // One listener for the command's life, on whichever session is current: Ctrl-C stops the work and saves.
  private readonly onAbort = (): void => void this.current.session.service.stop();
  private loaded: Promise<void> = Promise.resolve();
  /** True once `whenReady` has resolved. */
  ready = false;
  /** Times a reader swapped in a newer save. */
  reloads = 0;
  private ownHealth: OllamaHealth | undefined;

  private constructor(
    first: OpenedVault,
    saveId: string | undefined,
    private readonly cmd: VaultOptions,
    private readonly io: CliIo,
    private readonly opts: LiveVaultOptions,
  ) {
    this.current = first;
    this.saveId = saveId;
    this.requests = new WriterRequestWatch(first.lock.raw, first.layout.dataDir);
  }

  /**
   * Opens the vault and, with `watch`, takes the lock if free; then loads and reconciles the index and starts
   * watching and polling in the background (see `whenReady`), so a server can answer `initialize` and `status`
   * at once, even while a first run indexes a large vault.
   */
  static async open(cmd: VaultOptions, io: CliIo, opts: LiveVaultOptions): Promise<Result<LiveVault>> {
    // One breaker per Ollama server for the whole run: a reloaded session must not wait out a stuck server again.
    const own = io.ollamaHealth ? undefined : new OllamaHealth();
    const shared: CliIo = own ? { ...io, ollamaHealth: own } : io;
    const opened = await openVault(cmd, shared, undefined, { app: opts.app, mode: opts.watch ? "write" : "read", stopOnAbort: false });
    if (!opened.ok) {
      own?.dispose();
      return opened;
    }
    // Read before the session loads: a save landing meanwhile is then loaded again, never missed.
    const saveId = await peekSaveIdentity(opened.value.layout.dataDir);
    const live = new LiveVault(opened.value, saveId, cmd, shared, opts);
    live.ownHealth = own;
    if (io.signal?.aborted) live.onAbort();
    else io.signal?.addEventListener("abort", live.onAbort, { once: true });
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

  /** The vault as opened now: its session, layout, embedding source, lock and printer. */
  get vault(): OpenedVault {
    return this.current;
  }

  /** The core session that answers now (replaced when a reader loads a newer save). */
  get session(): VaultSearch {
    return this.current.session;
  }

  get lock(): VaultLock {
    return this.current.lock;
  }

  /** When the saved index last changed (its manifest's mtime), ms since the epoch; undefined when none is saved. */
  lastSavedAt(): Promise<number | undefined> {
    return savedIndexTime(this.current.layout.dataDir);
  }

  /**
   * Looks once for what the poll looks for: a hand-over request (writer), a free lock (watching reader), a new
   * save (reader). Runs by itself every `reloadPollMs`; tests call it to drive the roles without waiting.
   */
  check(): Promise<void> {
    if (this.closed || !this.ready) return Promise.resolve();
    this.checking ??= this.checkOnce().finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Stops watching, saves (when writing) and gives the lock up. */
  async close(): Promise<void> {
    this.closed = true;
    this.io.signal?.removeEventListener("abort", this.onAbort);
    // Stopping cancels a start still under way; then nothing of it is left running.
    const stopping = this.current.session.service.stop();
    await this.started;
    this.stopWatching();
    if (this.pollTimer) clearInterval(this.pollTimer);
    await stopping;
    await this.checking;
    await this.current.session.service.stop();
    this.ownHealth?.dispose();
    this.current.printer.finish();
    await this.current.lock.release();
  }

  private async begin(): Promise<void> {
    const first = this.current;
    const started = first.session.service.start();
    // Searches may be answered once the saved index is in memory; reconciling it with the notes goes on meanwhile.
    this.loaded = first.session.service.whenLoaded().then(() => this.loadCalibration(first));
    await Promise.all([started, this.loaded]);
    if (!this.lock.lock.held) this.opts.log(this.lock.readOnlyReason() ?? "");
    else if (this.opts.watch && !this.closed) await this.startWatching();
    this.ready = true;
    if (this.closed) return;
    this.opts.onServing?.(this.current.session);
    this.startPolling();
  }

  // Outside `begin`, whose closures hold the first session: a timer made there kept it (a whole index) alive for good.
  private startPolling(): void {
    const check = (): Promise<void> =>
      this.check().catch((cause: unknown) => this.opts.log(`Reloading the index failed: ${cause instanceof Error ? cause.message : String(cause)}`));
    this.pollTimer = setInterval(() => void check(), this.opts.reloadPollMs ?? 1_000);
    if (!this.opts.watch) this.pollTimer.unref(); // a watching reader may have no file watcher to keep it running
  }

  private async checkOnce(): Promise<void> {
    const { lock } = this.lock;
    if (this.current.session.service.writer) {
      if (!lock.held) return this.lostLock();
      const asked = await this.requests.pending();
      if (asked) await this.handOver(asked.app);
      return;
    }
    if (this.opts.watch && !(await this.requests.pending())) {
      await lock.acquire();
      if (lock.held) return this.takeOver();
    } else {
      await lock.peek();
    }
    await this.reloadIfSaved();
  }

  /** Reader: a new save landed, so open it and swap it in. */
  private async reloadIfSaved(): Promise<void> {
    const id = await peekSaveIdentity(this.current.layout.dataDir);
    if (id === undefined || id === this.saveId) return;
    this.saveId = id;
    const opened = await openVault(this.cmd, this.io, undefined, { app: this.opts.app, reuse: this.lock, stopOnAbort: false });
    if (!opened.ok || !(await this.swap(opened.value))) return;
    this.reloads++;
    this.opts.log("Loaded the index the writer just saved.");
  }

  /** Watching reader that just took the free lock: opens the latest save as the writer and starts watching. */
  private async takeOver(): Promise<void> {
    this.saveId = await peekSaveIdentity(this.current.layout.dataDir);
    const opened = await openVault(this.cmd, this.io, undefined, { app: this.opts.app, reuse: this.lock, stopOnAbort: false });
    if (!opened.ok) {
      await this.lock.lock.release();
      return;
    }
    this.opts.log("The writer went away: this process writes the index now.");
    if (await this.swap(opened.value)) await this.startWatching();
  }

  /** Writer asked to hand over: saves, gives the lock up and serves the saved index as a reader. */
  private async handOver(to: string): Promise<void> {
    this.stopWatching();
    // The stopped session saves, then keeps answering searches until the new writer's first save is loaded.
    await this.current.session.service.stop();
    this.current.session.service.setWriter(false);
    await this.lock.lock.release();
    this.saveId = await peekSaveIdentity(this.current.layout.dataDir);
    this.opts.log(`Handed the index over to ${to}, which asked to write it; serving its saves from now on.`);
  }

  /** Writer whose lock was taken over (it was suspended past the stale age): goes on as a reader. */
  private lostLock(): void {
    this.stopWatching();
    this.current.session.service.setWriter(false);
    this.opts.log(`${describeHolder(this.lock.lock.holder)} took the index over; serving its saves from now on.`);
  }

  /** Starts `next`, makes it current and stops the one it replaces; false (and `next` stopped) when closing. */
  private async swap(next: OpenedVault): Promise<boolean> {
    // A reload that fails keeps the index loaded before it, and is tried again at the next save of the writer.
    await this.startSession(next).catch(async (cause: unknown) => {
      await next.session.service.stop();
      throw cause;
    });
    if (this.closed) {
      await next.session.service.stop();
      return false;
    }
    const old = this.current;
    this.current = next;
    await old.session.service.stop();
    old.printer.finish();
    this.opts.onServing?.(next.session);
    return true;
  }

  private async startSession(s: OpenedVault): Promise<void> {
    await s.session.service.start();
    await this.loadCalibration(s);
  }

  private async loadCalibration(s: OpenedVault): Promise<void> {
    try {
      await s.session.calibrate("load");
    } catch (cause) {
      // Without its calibration, hybrid search uses the default weights: worse ranking, but an answer.
      this.opts.log(`Loading the search calibration failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }

  private async startWatching(): Promise<void> {
    const vaultDir = this.current.layout.vaultDir;
    const enqueue = (e: NoteEvent): void => this.current.session.service.enqueue(e);
    this.watchers = [
      new VaultWatcher(vaultDir, { source: new FolderNoteSource(vaultDir), enqueue, log: this.opts.log }),
      // Each extra folder is watched as a tree of its own; its paths go to the index under its prefix.
      ...this.current.extras.map(
        ({ root, source }) => new VaultWatcher(root.dir, { source, enqueue: (e) => enqueue(prefixedEvent(e, root.prefix)), log: this.opts.log }),
      ),
    ];
    for (const w of this.watchers) await w.start();
  }

  private stopWatching(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
  }
}
