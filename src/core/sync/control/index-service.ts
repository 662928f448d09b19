import type { ChunkIndex } from "../../index/chunk-index";
import type { Embedder } from "../../ollama/embedder";
import { ok, type Result } from "../../result";
import { failure } from "../../errors/messages";
import { Checkpoints } from "./checkpoints";
import { EmbedRunner } from "../embedding/embed-runner";
import { exclusionRulesHash, type IndexCost, type IndexSettings } from "../rules/index-settings";
import { LiveIndex } from "./live-index";
import type { NoteEvent } from "../notes/note-source";
import type { NoteState } from "../notes/note-state";
import { NoteTroubles } from "../notes/note-troubles";
import type { IndexServiceDeps } from "./index-service-deps";
import { indexStatus, type IndexStatus } from "./index-status";
import { ProgressTracker } from "./progress-tracker";
import { createScheduler, Waiters } from "./scheduler";
import { StepLoop } from "./step-loop";
import type { SyncProgress } from "./sync-progress";
import { SyncSteps } from "./sync-steps";
import { SyncWork, type Lifecycle } from "./sync-work";
import { WorkQueue } from "./work-queue";

export type { IndexServiceDeps } from "./index-service-deps";
export type { IndexStatus } from "./index-status";

/**
 * The sync actor: keeps a `ChunkIndex` equal to the notes of a `NoteSource`, incrementally, persisted under
 * `dataDir`. It owns the index and nothing else of search: the session searches it, and learns of a new index object
 * through `indexReplaced`. It builds its pieces and keeps them private: the index it keeps (`LiveIndex`), the work
 * asked for (`SyncWork`, with host events debounced in a `WorkQueue`), the steps that do it (`SyncSteps`, run one at
 * a time by a `StepLoop`), embedding requests beside them (`EmbedRunner`), saves (`Checkpoints`) and progress. Nothing
 * here throws or leaves a promise floating: failures land in `status().lastError` and, where the user must know, in
 * one notice.
 */
export class IndexService {
  private readonly progress: ProgressTracker;
  private readonly live: LiveIndex;
  private readonly queue: WorkQueue;
  private readonly runner: EmbedRunner;
  private readonly checkpoints: Checkpoints;
  private readonly troubles: NoteTroubles;
  private readonly indexed = new Waiters();
  private readonly work: SyncWork;
  private readonly steps: SyncSteps;
  private readonly loop: StepLoop;
  private readonly life: { -readonly [K in keyof Lifecycle]: Lifecycle[K] };
  private stopped_: Promise<void> | undefined;
  private resolveLoaded: () => void = () => undefined;
  private readonly loaded = new Promise<void>((resolve) => (this.resolveLoaded = resolve));

  constructor(deps: IndexServiceDeps) {
    const scheduler = deps.scheduler ?? createScheduler();
    const clock = deps.clock ?? Date.now;
    const kick = (): void => this.kick();
    const files = { store: deps.store, dataDir: deps.dataDir, notify: deps.notify ?? (() => undefined) };
    const progress = (this.progress = new ProgressTracker(clock, scheduler, () => this.live.counts()));
    this.life = { started: false, paused: false, stopping: false, killed: false, writer: deps.writer ?? true };
    this.live = new LiveIndex(deps.settings, deps.embedder, (synced) => deps.indexReplaced?.(synced.index, synced.notes));
    this.queue = new WorkQueue({ clock, scheduler, due: kick });
    const saved = (h: readonly string[]) => this.checkpoints.segmentFiles.savedVectors(h, this.live.embedderModel, this.live.embedderDims);
    this.runner = new EmbedRunner({ clock, scheduler, wake: kick, failed: (e) => progress.fail("embed", e), saved });
    this.checkpoints = new Checkpoints({ ...files, scheduler, clock });
    this.troubles = new NoteTroubles({ fail: (e) => progress.fail("notes", e), cleared: () => progress.cleared("notes") });
    const parts = { live: this.live, queue: this.queue, runner: this.runner, checkpoints: this.checkpoints, progress };
    this.work = new SyncWork(parts, { scheduler, kick, loopRunning: () => this.loop.running }, this.life);
    const stepParts = { ...parts, work: this.work, troubles: this.troubles, indexed: this.indexed };
    this.steps = new SyncSteps(stepParts, { source: deps.source, files, scheduler, kick }, this.life);
    this.loop = new StepLoop({
      step: () => this.steps.step(),
      canRun: () => this.work.canRun(),
      afterStep: () => this.steps.afterStep(),
      ended: () => this.steps.ended(),
      crashed: (cause) => progress.setError(failure("syncCrashed", cause)),
    });
  }

  /** The live index; it is replaced (and `indexReplaced` called) on a rebuild or when the vector size becomes known. */
  get index(): ChunkIndex {
    return this.live.synced.index;
  }

  /** The record of notes the live index was built from (dates, frontmatter signals); replaced with the index. */
  get notes(): ReadonlyMap<string, NoteState> {
    return this.live.synced.notes;
  }

  /** The index settings in force. */
  get settings(): IndexSettings {
    return this.live.settings;
  }

  /** True while paused by `pause()`. */
  get paused(): boolean {
    return this.life.paused;
  }

  /** True while this process is the writer (see `IndexServiceDeps.writer`). */
  get writer(): boolean {
    return this.life.writer;
  }

  /** True once `stop` was called: the service takes no more work. */
  get stopped(): boolean {
    return this.life.stopping;
  }

  /**
   * Loads the saved index, compares it with the source and queues only what changed, then runs that work. Resolves
   * once the index is loaded and reconciled (notes keyword-searchable); vectors go on filling in after. Aborting
   * `signal` (e.g. on unload) cancels all work, embedding requests included; nothing more is written until `stop()`,
   * which still saves.
   */
  async start(signal?: AbortSignal): Promise<void> {
    if (this.life.started || this.life.stopping) return this.resolveLoaded();
    signal?.addEventListener("abort", () => this.kill(), { once: true });
    if (signal?.aborted) this.kill();
    if (this.life.killed) return this.resolveLoaded();
    await this.loop.exclusive(() => this.steps.load(() => this.resolveLoaded())).finally(() => this.resolveLoaded());
    this.life.started = true;
    // Notes excluded by their content are read again only if the rules may have changed since they were checked.
    this.work.firstScan(this.live.synced.checkedExclusions !== exclusionRulesHash(this.live.settings));
    this.kick();
    await this.whenIndexed();
  }

  /**
   * Resolves once `start` has loaded the saved index into memory (or found none, or was stopped first), before the
   * notes are reconciled with it and, for files of the configured model, before Ollama answered the model check: what
   * a server needs to answer its first search.
   */
  whenLoaded(): Promise<void> {
    return this.loaded;
  }

  /**
   * Queues a change from the host; runs after `settings.debounceMs` without further events (and at the latest five
   * debounce periods after the first). Non-markdown paths are ignored. Moves, renames and folder renames cost no
   * embedding (a title that is only the file name is not part of the embedded text, see `embeddingInput`).
   */
  enqueue(e: NoteEvent): void {
    if (this.life.stopping) return;
    const paths = e.kind === "rename" ? [e.path, e.oldPath] : [e.path];
    if (this.queue.defer(paths, this.live.settings.debounceMs)) this.runner.unblock();
  }

  /** Runs queued changes now, without waiting for the debounce, and resolves once settled (see `whenIdle`). */
  flush(): Promise<void> {
    this.queue.promote();
    this.runner.unblock();
    this.kick();
    return this.whenIdle();
  }

  /**
   * Resolves once nothing runs and nothing is runnable: the queue is empty and no embedding request is in flight,
   * or the service is paused, or it waits for a retry after a failure. Events still in their debounce period are not
   * waited for (`flush` runs them first).
   */
  whenIdle(): Promise<void> {
    return this.loop.whenIdle();
  }

  /**
   * Like `whenIdle`, and waits out the scheduled retries of failed embedding requests too: resolves once every chunk
   * has its vector, or the retry budget ran out (`embedRetries`; the error then stays in `status().lastError`), or
   * the service stops. For one-shot runs such as the CLI's `index`; the plugin keeps running and retries anyway.
   */
  async whenSettled(): Promise<void> {
    for (;;) {
      await this.whenIdle();
      if (!this.runner.retrying || this.live.synced.pendingChunks === 0 || this.life.stopping || this.life.killed) return;
      await this.runner.whenRetryDue();
      this.kick();
    }
  }

  /** Stops taking new slices of work until `resume()`; requests already in flight finish. */
  pause(): void {
    this.setPaused(true);
  }

  resume(): void {
    this.setPaused(false);
  }

  /**
   * Discards the index and builds it again from the source; vectors of unchanged text are reused, not re-embedded.
   * Resolves once every note is indexed again (vectors may still be filling in).
   */
  rebuild(): Promise<void> {
    this.work.requestReset("rebuild");
    return this.whenIndexed();
  }

  /**
   * Becomes the writer (chunks waiting for vectors are sent, unsaved changes saved) or a reader (requests in flight
   * are cancelled, their texts wait, nothing more is saved).
   */
  setWriter(writer: boolean): void {
    if (this.life.writer === writer) return;
    this.life.writer = writer;
    if (writer) {
      this.runner.unblock();
      this.kick();
    } else {
      this.runner.cancelAll();
      this.checkpoints.disarm();
    }
    this.work.refreshPhase(this.loop.running);
  }

  /** Applies new settings and performs what `cost` says they cost (decided by `indexCost`, never here). */
  updateSettings(settings: IndexSettings, cost: IndexCost): void {
    this.work.useSettings(settings, cost);
  }

  /** Switches the embedder. Another model (or vector size) rebuilds the index: vectors of two models never mix. */
  setEmbedder(e: Embedder | undefined): void {
    this.work.useEmbedder(e);
  }

  /** Sends waiting texts now rather than at the end of a backoff (e.g. Ollama answers again). */
  retryEmbedding(): void {
    if (this.life.stopping) return;
    this.runner.unblock();
    this.kick();
  }

  /** Calls `cb` with progress (throttled to about 10 a second); returns the unsubscribe function. */
  onProgress(cb: (p: SyncProgress) => void): () => void {
    return this.progress.subscribe(cb);
  }

  /** Progress now, plus file size. */
  status(): IndexStatus {
    return indexStatus(this.progress, this.live, this.troubles, this.checkpoints, this.steps.excludedByPath, this.runner.reusedSaved);
  }

  /** Saves a checkpoint now (waits for a save already running). */
  async save(): Promise<Result<void>> {
    const saved = await this.loop.exclusive(() => this.steps.saveNow());
    return saved.ok ? ok(undefined) : saved;
  }

  /** Cancels all work, waits for it to wind down, then saves. The service can't be started again. */
  stop(): Promise<void> {
    // A second call (the CLI's Ctrl-C or SIGTERM handler, then the command itself) waits for the same final save.
    // Events still in their debounce are not lost: the next start finds those notes changed on disk.
    this.stopped_ ??= this.stopOnce();
    return this.stopped_;
  }

  /** Starts the loop, or wakes it (vectors arrived, work was queued, a timer fired). */
  private kick(): void {
    if (this.loop.canStart()) this.checkpoints.disarm();
    this.loop.kick();
  }

  private whenIndexed(): Promise<void> {
    return this.loop.running ? this.indexed.wait() : Promise.resolve();
  }

  private setPaused(paused: boolean): void {
    this.life.paused = paused;
    this.work.refreshPhase(this.loop.running);
    this.kick();
  }

  /** Stops all work at once (the start signal was aborted); nothing more is saved unless `stop` is called. */
  private kill(): void {
    this.life.killed = true;
    this.halt();
  }

  /** Cancels all work, waits for it, applies vectors that already arrived, and saves. */
  private async stopOnce(): Promise<void> {
    this.resolveLoaded();
    const save = this.life.started && !this.life.stopping;
    this.life.stopping = true;
    this.halt();
    await this.loop.finished();
    await this.runner.drain();
    if (save) {
      await this.loop.exclusive(async () => {
        await this.steps.applyInbox();
        if (this.checkpoints.unsaved) await this.steps.saveNow();
      });
    }
    this.progress.dispose();
  }

  /** Stops all work at once: the queue, requests in flight, timers. */
  private halt(): void {
    this.queue.dispose();
    this.runner.cancelAll();
    this.runner.dispose();
    this.checkpoints.disarm();
    this.work.halt();
    this.loop.kick();
  }
}
