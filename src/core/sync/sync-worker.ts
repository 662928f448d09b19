import type { Embedder } from "../ollama/embedder";
import type { FileStore } from "../persist/file-store";
import { loadIndexFiles, saveIndexFiles } from "../persist/index-files";
import { SNAPSHOT_FORMAT_VERSION } from "../persist/snapshot";
import { appError, ok, type Result } from "../result";
import { SearchEngine } from "../search/search-engine";
import { EmbedRunner } from "./embed-runner";
import { compileExclusions, type Exclusions } from "./exclusions";
import { indexChunkingHash, type IndexSettings } from "./index-settings";
import type { NoteSource, NoteStat } from "./note-source";
import type { NoteState } from "./note-state";
import { prepareNote } from "./note-prep";
import { noteContentHash } from "./note-text";
import type { ProgressTracker } from "./progress-tracker";
import { planReconcile, type WorkItem } from "./reconcile";
import type { Scheduler } from "./scheduler";
import { SyncedIndex } from "./synced-index";
import { Waiters } from "./waiters";

/** What the worker needs from its service. */
export interface WorkerDeps {
  source: NoteSource;
  store: FileStore;
  dataDir: string;
  scheduler: Scheduler;
  clock: () => number;
  notify: (message: string) => void;
  progress: ProgressTracker;
}

/** Delay before listing the source again after listing failed. */
const RESCAN_RETRY_MS = 30_000;

/**
 * The sync loop: the only code that changes the index. It runs one step at a time (a reset, vectors that arrived,
 * a scan of the source, a round of notes, a checkpoint), yields to the UI inside long steps, and stops between notes
 * when paused, reset or killed. Embedding requests run beside it (see `EmbedRunner`); their vectors are applied here.
 */
export class SyncWorker {
  readonly engine: SearchEngine;
  synced: SyncedIndex;
  settings: IndexSettings;
  exclusions: Exclusions;
  embedder: Embedder | undefined;
  /** Notes to look at in the next round. */
  readonly ready = new Map<string, WorkItem>();
  paused = false;
  fileBytes: number | undefined;
  private scan: { recheckContent: boolean } | undefined;
  private reset: "rebuild" | "model" | undefined;
  private saveWanted = false;
  private started = false;
  private stopping = false;
  private killed = false;
  private loop: Promise<void> | undefined;
  private signalled = false;
  private wakeLoop: (() => void) | undefined;
  private lock: Promise<unknown> = Promise.resolve();
  private epoch = new AbortController();
  private readonly runner: EmbedRunner;
  private readonly idle = new Waiters();
  private readonly indexed = new Waiters();
  private dirtySinceSave = false;
  private embeddedSinceSave = 0;
  private cutNotes: string[] = [];
  private activity: "loading" | "scanning" | "indexing" | "saving" | undefined;
  private cancelIdleSave: (() => void) | undefined;
  private cancelRescan: (() => void) | undefined;

  constructor(
    private readonly deps: WorkerDeps,
    settings: IndexSettings,
    embedder: Embedder | undefined,
  ) {
    this.settings = settings;
    this.exclusions = compileExclusions(settings);
    this.embedder = embedder;
    this.synced = new SyncedIndex(0, embedder !== undefined);
    this.engine = new SearchEngine({ index: this.synced.index, ...(embedder ? { embedder } : {}) });
    this.runner = new EmbedRunner({
      clock: deps.clock,
      scheduler: deps.scheduler,
      wake: () => this.kick(),
      failed: (e) => deps.progress.setError(e),
    });
  }

  /** Loads the saved index (or notes why it can't), then reconciles with the source and runs what changed. */
  async start(signal?: AbortSignal): Promise<void> {
    if (this.started || this.stopping) return;
    signal?.addEventListener("abort", () => this.kill(), { once: true });
    if (signal?.aborted) this.kill();
    if (this.killed) return;
    await this.exclusive(() => this.load());
    this.started = true;
    this.scan = { recheckContent: true };
    this.kick();
    await this.whenIndexed();
  }

  /** Starts the loop, or wakes it. */
  kick(): void {
    this.signalled = true;
    const wake = this.wakeLoop;
    this.wakeLoop = undefined;
    wake?.();
    if (this.loop || !this.started || this.killed || this.stopping) return;
    this.cancelIdleSave?.();
    this.cancelIdleSave = undefined;
    this.loop = this.work()
      .catch((cause: unknown) => this.deps.progress.setError(appError("BAD_INPUT", "Indexing stopped unexpectedly.", cause)))
      .finally(() => this.loopEnded());
  }

  /** Resolves when nothing runs or can run (see `IndexServiceApi.whenIdle`). */
  whenIdle(): Promise<void> {
    return this.loop ? this.idle.wait() : Promise.resolve();
  }

  whenIndexed(): Promise<void> {
    return this.loop ? this.indexed.wait() : Promise.resolve();
  }

  /**
   * Looks at the whole source again; with `recheckContent`, notes excluded by content rules too. Before `start` there
   * is nothing to do: loading compares the saved index with the settings in force then.
   */
  requestScan(recheckContent: boolean): void {
    if (!this.started) return;
    this.scan = { recheckContent: recheckContent || (this.scan?.recheckContent ?? false) };
    this.kick();
  }

  /** Discards the index: "rebuild" keeps vectors for reuse, "model" drops them (another model's vectors). */
  requestReset(kind: "rebuild" | "model"): void {
    if (!this.started) return;
    this.reset = this.reset === "model" ? "model" : kind;
    this.epoch.abort();
    this.epoch = new AbortController();
    this.kick();
  }

  /** Retry embedding now instead of at the end of a backoff. */
  retryEmbedding(): void {
    this.runner.unblock();
  }

  get pendingWork(): boolean {
    return this.ready.size > 0 || this.scan !== undefined || this.reset !== undefined;
  }

  /** Saves now, between two steps of the loop. */
  save(): Promise<Result<void>> {
    return this.exclusive(() => this.saveNow());
  }

  /** Stops all work at once (the start signal was aborted); nothing more is saved unless `stop` is called. */
  kill(): void {
    this.killed = true;
    this.halt();
  }

  /** Cancels all work, waits for it, applies vectors that already arrived, and saves. */
  async stop(): Promise<void> {
    const save = this.started && !this.stopping;
    this.stopping = true;
    this.halt();
    await this.loop;
    await this.runner.drain();
    if (save) {
      await this.exclusive(async () => {
        await this.applyInbox();
        if (this.dirtySinceSave) await this.saveNow();
      });
    }
    this.deps.progress.dispose();
  }

  refreshPhase(): void {
    const p = this.deps.progress;
    if (this.paused) p.setPhase("paused");
    else if (this.activity) p.setPhase(this.activity);
    else if (this.loop && this.embedder && this.runner.inFlight > 0) p.setPhase("embedding");
    else if (p.lastError && (this.synced.pendingChunks > 0 || this.cancelRescan)) p.setPhase("error");
    else p.setPhase("idle");
  }

  private halt(): void {
    this.epoch.abort();
    this.runner.dispose();
    this.cancelIdleSave?.();
    this.cancelRescan?.();
    this.cancelIdleSave = this.cancelRescan = undefined;
    this.kick();
  }

  private async load(): Promise<void> {
    this.activity = "loading";
    this.refreshPhase();
    const model = this.embedder?.model ?? "";
    const expect = { model, chunkingHash: indexChunkingHash(this.settings) };
    const outcome = await loadIndexFiles(this.deps.store, this.deps.dataDir, expect, { pause: () => this.pause() });
    const embedding = this.embedder !== undefined;
    if (outcome.kind === "loaded") {
      this.synced = new SyncedIndex(outcome.snapshot.header.dims, embedding);
      await this.synced.restore(outcome.snapshot, () => this.pause());
    } else if (outcome.kind === "discarded") {
      this.deps.notify(outcome.error.message);
      const old = outcome.reusable;
      if (old && model !== "" && old.header.model === model && old.header.dims > 0) {
        const dims = old.header.dims;
        this.synced = new SyncedIndex(dims, embedding);
        old.chunks.forEach((c, i) => {
          if (old.hasVector[i] === 1) this.synced.pool.seed(c.embedHash, old.vectors.subarray(i * dims, (i + 1) * dims));
        });
      }
    }
    this.engine.setDeps({ index: this.synced.index });
    this.activity = undefined;
    // Settings or the model changed while the files were loading.
    if ((this.embedder?.model ?? "") !== model) this.reset = "model";
    else if (indexChunkingHash(this.settings) !== expect.chunkingHash) this.reset = "rebuild";
  }

  private async work(): Promise<void> {
    while (!this.killed && !this.stopping && !this.paused) {
      this.signalled = false;
      const next = await this.exclusive(() => this.step());
      this.activity = undefined;
      this.refreshPhase();
      if (!this.pendingWork) this.indexed.resolve();
      if (next === "done") return;
      if (next === "sleep" && !this.signalled) await new Promise<void>((r) => (this.wakeLoop = r));
    }
  }

  private async step(): Promise<"more" | "sleep" | "done"> {
    if (this.reset) {
      this.applyReset();
      return "more";
    }
    if (this.runner.inbox.length > 0) {
      await this.applyInbox();
      return "more";
    }
    if (this.scan) {
      await this.runScan();
      return "more";
    }
    if (this.ready.size > 0) {
      await this.runRound();
      return "more";
    }
    this.pump();
    if (this.saveWanted || this.embeddedSinceSave >= this.settings.checkpointEvery) {
      await this.saveNow();
      return "more";
    }
    return this.runner.inFlight > 0 ? "sleep" : "done";
  }

  private loopEnded(): void {
    this.loop = undefined;
    const runnable =
      this.started &&
      !this.killed &&
      !this.stopping &&
      !this.paused &&
      (this.pendingWork || this.runner.inbox.length > 0 || this.saveWanted);
    if (runnable) {
      this.kick();
      return;
    }
    this.refreshPhase();
    this.synced.releaseBuffers();
    if (!this.paused && !this.pendingWork) this.synced.pool.clearSeeds();
    this.reportCutNotes();
    if (this.dirtySinceSave && this.started && !this.killed && !this.stopping && !this.cancelIdleSave) {
      this.cancelIdleSave = this.deps.scheduler.setTimer(this.settings.idleSaveMs, () => {
        this.cancelIdleSave = undefined;
        this.saveWanted = true;
        this.kick();
      });
    }
    this.indexed.resolve();
    this.idle.resolve();
  }

  private applyReset(): void {
    const keep = this.reset === "rebuild";
    this.reset = undefined;
    const old = this.synced;
    const dims = keep ? old.index.dims : (this.embedder?.dimensions() ?? 0);
    this.synced = new SyncedIndex(dims, this.embedder !== undefined);
    if (keep) for (const [hash, v] of old.pool.liveVectors()) this.synced.pool.seed(hash, v);
    this.engine.setDeps({ index: this.synced.index });
    this.ready.clear();
    this.runner.inbox.length = 0;
    this.scan = { recheckContent: false };
    this.dirtySinceSave = true;
  }

  /** Puts vectors that arrived into the index; learns the vector size from the first ones. */
  private async applyInbox(): Promise<void> {
    const inbox = this.runner.inbox;
    while (inbox.length > 0) {
      const d = inbox.shift();
      if (!d || d.queue !== this.synced.queue) continue;
      const dims = d.vectors[0]?.length ?? 0;
      if (this.synced.index.dims === 0) {
        await this.synced.reshape(dims, () => this.pause());
        this.engine.setDeps({ index: this.synced.index });
      } else if (dims !== this.synced.index.dims) {
        this.deps.notify(`The embedding model now returns vectors of ${dims} dimensions instead of ${this.synced.index.dims}, so the search index is rebuilt.`);
        this.requestReset("model");
        return;
      }
      let chunks = 0;
      d.jobs.forEach((job, i) => {
        const v = d.vectors[i];
        if (v) chunks += this.synced.deliver(job.hash, v);
      });
      d.queue.settle(d.jobs, true);
      this.embeddedSinceSave += chunks;
      this.dirtySinceSave = true;
      this.deps.progress.embedded(chunks);
      this.deps.progress.setError(undefined);
    }
  }

  private async runScan(): Promise<void> {
    const recheck = this.scan?.recheckContent ?? false;
    this.scan = undefined;
    this.activity = "scanning";
    this.refreshPhase();
    const listed = await this.deps.source.list();
    if (!listed.ok) {
      this.deps.progress.setError(listed.error);
      this.cancelRescan?.();
      this.cancelRescan = this.deps.scheduler.setTimer(RESCAN_RETRY_MS, () => {
        this.cancelRescan = undefined;
        this.requestScan(recheck);
      });
      return;
    }
    const plan = planReconcile(listed.value, this.synced.notes, this.exclusions, recheck);
    for (const [path, item] of plan.work) this.queue(path, item);
    for (const path of plan.gone) this.queue(path, { force: false });
  }

  /** Adds a note to the next round, merging with what is already queued for it. */
  queue(path: string, item: WorkItem): void {
    const old = this.ready.get(path);
    const stat = old && !old.stat ? undefined : item.stat;
    this.ready.set(path, { ...(stat ? { stat } : {}), force: item.force || (old?.force ?? false) });
  }

  /**
   * Processes the queued notes: first every note that exists (so vectors of text that moved between notes are
   * still in the index when the new place asks for them), then removals.
   */
  private async runRound(): Promise<void> {
    const batch = [...this.ready];
    this.ready.clear();
    this.activity = "indexing";
    this.deps.progress.addNotes(batch.length);
    this.refreshPhase();
    const upserts: [string, NoteStat, boolean][] = [];
    const removals: string[] = [];
    for (const [path, item] of batch) {
      const stat = item.stat ? ok(item.stat) : await this.deps.source.stat(path);
      if (!stat.ok) this.deps.progress.setError(stat.error);
      else if (stat.value === null || this.exclusions.byPath(path)) removals.push(path);
      else upserts.push([path, stat.value, item.force]);
    }
    for (const [i, [path, stat, force]] of upserts.entries()) {
      if (this.interrupted()) {
        for (const [p, s, f] of upserts.slice(i)) this.queue(p, { stat: s, force: f });
        for (const p of removals) this.queue(p, { force: false });
        return;
      }
      await this.processNote(path, stat, force);
      this.deps.progress.noteDone(path);
      await this.between();
    }
    for (const path of removals) {
      await this.synced.remove(path, () => this.pause());
      this.dirtySinceSave = true;
      this.deps.progress.noteDone(path);
    }
  }

  private async processNote(path: string, stat: NoteStat, force: boolean): Promise<void> {
    const prev = this.synced.notes.get(path);
    if (prev && !force && prev.mtime === stat.mtime && prev.size === stat.size) return;
    const read = await this.deps.source.read(path);
    if (!read.ok) {
      this.deps.progress.setError(read.error);
      return;
    }
    const pause = (): Promise<void> => this.pause();
    const hash = await noteContentHash(read.value, pause);
    this.dirtySinceSave = true;
    if (prev && !force && prev.contentHash === hash) {
      this.synced.notes.set(path, { ...prev, mtime: stat.mtime, size: stat.size });
      return;
    }
    const p = await prepareNote(path, read.value, hash, this.settings, pause);
    if (p.cut) this.cutNotes.push(path);
    const excluded = this.exclusions.byContent(p.note.meta, p.proseChars);
    const next: NoteState = {
      path,
      mtime: stat.mtime,
      size: stat.size,
      contentHash: hash,
      meta: p.note.meta,
      chunks: excluded ? [] : p.note.chunks,
      embedHashes: excluded ? [] : p.embedHashes,
    };
    await this.synced.put(next, pause, p.inputs);
  }

  /** Between two notes: the index is consistent, so vectors can go in and requests can start. */
  private async between(): Promise<void> {
    await this.applyInbox();
    this.pump();
    await this.pause();
  }

  private interrupted(): boolean {
    return this.killed || this.stopping || this.paused || this.reset !== undefined;
  }

  private pump(): void {
    if (!this.embedder || this.interrupted()) return;
    const s = this.settings;
    this.runner.pump(this.embedder, this.synced.queue, s.embedConcurrency, s.embedBatchSize, this.epoch.signal);
    this.refreshPhase();
  }

  private async saveNow(): Promise<Result<void>> {
    // Settings or the model changed and the index doesn't match them yet: the files on disk are the better copy.
    if (this.reset) return ok(undefined);
    this.activity = "saving";
    this.refreshPhase();
    this.saveWanted = false;
    this.embeddedSinceSave = 0;
    const header = {
      formatVersion: SNAPSHOT_FORMAT_VERSION,
      model: this.embedder?.model ?? "",
      chunkingHash: indexChunkingHash(this.settings),
      savedAt: this.deps.clock(),
    };
    const snapshot = await this.synced.snapshot(header, () => this.pause());
    // Work was cancelled: only the final save of `stop` still writes.
    if (this.killed && !this.stopping) return ok(undefined);
    const saved = await saveIndexFiles(this.deps.store, this.deps.dataDir, snapshot, { pause: () => this.pause() });
    this.activity = undefined;
    if (!saved.ok) {
      this.deps.progress.setError(saved.error);
      return saved;
    }
    this.fileBytes = saved.value.bytes;
    this.dirtySinceSave = false;
    return ok(undefined);
  }

  private reportCutNotes(): void {
    if (this.cutNotes.length === 0) return;
    const mb = (this.settings.maxNoteBytes / (1024 * 1024)).toFixed(1);
    const names = this.cutNotes.slice(0, 3).join(", ") + (this.cutNotes.length > 3 ? ", …" : "");
    this.deps.notify(
      `${this.cutNotes.length} note(s) are larger than ${mb} MB, so only their first ${mb} MB are searchable: ${names}.`,
    );
    this.cutNotes = [];
  }

  /** Yields to the UI when the current slice is used up. */
  private async pause(): Promise<void> {
    if (this.deps.scheduler.shouldYield()) await this.deps.scheduler.yieldNow();
  }

  /** Runs `fn` when no other step runs, so a save never sees a half-done change. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.catch(() => undefined);
    return run;
  }
}
