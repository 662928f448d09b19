import type { Embedder } from "../../ollama/embedder";
import { ok, type Result } from "../../result";
import { failure } from "../../errors/messages";
import { StepLoop } from "./step-loop";
import { SyncState, type WorkerDeps } from "./sync-state";
import { SyncSteps } from "./sync-steps";
import type { ChunkIndex } from "../../index/chunk-index";
import type { SearchEngine } from "../../search/search-engine";
import type { IndexStatus } from "./index-service-api";
import type { LiveCounts } from "./progress-tracker";
import { compareSettings, exclusionRulesHash, type IndexSettings, type SettingsImpact } from "../rules/index-settings";
import { foreignFailures } from "../../text/foreign-code";

export type { WorkerDeps } from "./sync-state";

/**
 * Runs the sync: starts and stops it, takes requests (notes to look at, scans, resets, saves) and drives
 * `SyncSteps` with a `StepLoop`. Embedding requests run beside the loop (`EmbedRunner`).
 */
export class SyncWorker {
  private readonly state: SyncState;
  private readonly steps: SyncSteps;
  private readonly loop: StepLoop;
  private stopped: Promise<void> | undefined;
  private resolveLoaded: () => void = () => undefined;
  private readonly loaded = new Promise<void>((resolve) => (this.resolveLoaded = resolve));

  constructor(deps: WorkerDeps, settings: IndexSettings, embedder: Embedder | undefined) {
    this.state = new SyncState(deps, settings, embedder, () => this.kick());
    this.steps = new SyncSteps(this.state, {
      kick: () => this.kick(),
      requestScan: (recheck) => this.requestScan(recheck),
      requestReset: (kind) => this.requestReset(kind),
      requestModelCheck: () => this.requestModelCheck(),
      loopRunning: () => this.loop.running,
    });
    const s = this.state;
    this.loop = new StepLoop({
      step: () => this.steps.step(),
      canRun: () => s.canRun(),
      afterStep: () => {
        s.activity = undefined;
        s.refreshPhase(true);
        if (!s.pendingWork) s.indexed.resolve();
      },
      ended: () => this.steps.ended(),
      crashed: (cause) => s.deps.progress.setError(failure("syncCrashed", cause)),
    });
  }

  /** The search engine over the synced index (the same object for the worker's life). */
  get engine(): SearchEngine {
    return this.state.engine;
  }

  get index(): ChunkIndex {
    return this.state.synced.index;
  }

  get paused(): boolean {
    return this.state.paused;
  }

  get writer(): boolean {
    return this.state.writer;
  }

  /** The counts the progress reports carry. */
  counts(): LiveCounts {
    const synced = this.state.synced;
    const embedder = this.state.embedder;
    const cut = embedder?.cutInputs?.();
    const inputsCut = embedder && cut && cut.count > 0 ? { ...cut, model: embedder.model } : undefined;
    return { notes: synced.noteCount, chunks: synced.index.size, pendingEmbeddings: synced.pendingChunks, inputsCut };
  }

  /** What the status adds to the progress: file size, the vectors' model, notes left out by the rules. */
  details(): Pick<IndexStatus, "fileBytes" | "vectorsModel" | "excludedNotes" | "unindexedNotes" | "analysisFallbacks"> {
    const s = this.state;
    const excludedNotes = s.excludedByPath + s.synced.notes.size - s.synced.noteCount;
    const unindexedNotes = [...s.unindexed].map(([path, reason]) => ({ path, reason }));
    const analysisFallbacks = foreignFailures().count;
    return { fileBytes: s.checkpoints.fileBytes, vectorsModel: s.vectorsModel, excludedNotes, unindexedNotes, analysisFallbacks };
  }

  /** Takes new settings; a change of chunking rebuilds, a change of the exclusion rules scans again. */
  setSettings(settings: IndexSettings): SettingsImpact {
    const impact = compareSettings(this.state.settings, settings);
    const precisionChanged = this.state.settings.vectorPrecision !== settings.vectorPrecision;
    this.state.useSettings(settings);
    // The stored vectors are converted in place by the next step, with nothing embedded again.
    if (precisionChanged) this.kick();
    if (impact.rebuild) this.requestReset("rebuild");
    else if (impact.exclusionsChanged) this.requestScan(true);
    if (impact.defaultLanguageChanged && !impact.rebuild) {
      this.state.languageDue = true;
      this.kick();
    }
    return impact;
  }

  /** Takes a new embedder; a new model is checked before the index drops anything (see `requestModelCheck`). */
  setEmbedder(e: Embedder | undefined): void {
    const s = this.state;
    const before = s.embedderModel;
    s.useEmbedder(e);
    if (s.embedderModel !== before || s.modelCheck === "failed") this.requestModelCheck();
    else {
      this.retryEmbedding();
      this.kick();
    }
  }

  /** Like `whenIdle`, and waits out the scheduled retries of failed embedding requests (see `whenSettled` of the API). */
  async whenSettled(): Promise<void> {
    const s = this.state;
    for (;;) {
      await this.whenIdle();
      if (!s.runner.retrying || s.synced.pendingChunks === 0 || s.stopping || s.killed) return;
      await s.runner.whenRetryDue();
      this.kick();
    }
  }

  /** Loads the saved index, then reconciles it with the source and runs what changed (see `IndexServiceApi`). */
  async start(signal?: AbortSignal): Promise<void> {
    const s = this.state;
    if (s.started || s.stopping) return this.markLoaded();
    signal?.addEventListener("abort", () => this.kill(), { once: true });
    if (signal?.aborted) this.kill();
    if (s.killed) return this.markLoaded();
    await this.loop.exclusive(() => this.steps.load()).finally(() => this.markLoaded());
    s.started = true;
    // Notes excluded by their content are read again only if the rules may have changed since they were checked.
    s.scan = { recheckContent: s.synced.checkedExclusions !== exclusionRulesHash(s.settings) };
    this.kick();
    await this.whenIndexed();
  }

  /**
   * Resolves once `start` has loaded the saved index into memory (or found none, or was stopped first), before the
   * notes are reconciled with it: what a server needs to answer its first search.
   */
  whenLoaded(): Promise<void> {
    return this.loaded;
  }

  private markLoaded(): void {
    this.resolveLoaded();
  }

  /** Starts the loop, or wakes it (vectors arrived, work was queued, a timer fired). */
  kick(): void {
    if (this.loop.canStart()) this.state.checkpoints.disarm();
    this.loop.kick();
  }

  whenIdle(): Promise<void> {
    return this.loop.whenIdle();
  }

  whenIndexed(): Promise<void> {
    return this.loop.running ? this.state.indexed.wait() : Promise.resolve();
  }

  /** Queues changed notes behind the debounce (`settings.debounceMs`); false when nothing waits. */
  defer(paths: readonly string[]): boolean {
    return this.state.ready.defer(paths, this.state.settings.debounceMs);
  }

  /** Ends the debounce now: the waiting notes join the next round. */
  promote(): void {
    this.state.ready.promote();
  }

  /**
   * Looks at the whole source again; with `recheckContent`, notes excluded by content rules too. Before `start` there
   * is nothing to do: loading compares the saved index with the settings in force then.
   */
  requestScan(recheckContent: boolean): void {
    const s = this.state;
    if (!s.started) return;
    s.scan = { recheckContent: recheckContent || (s.scan?.recheckContent ?? false) };
    this.kick();
  }

  /** Discards the index: "rebuild" keeps vectors for reuse, "model" drops them (another model's vectors). */
  requestReset(kind: "rebuild" | "model"): void {
    const s = this.state;
    if (!s.started) return;
    s.reset = s.reset === "model" ? "model" : kind;
    s.runner.cancelAll();
    this.kick();
  }

  /**
   * The embedder changed: its model is checked before anything else runs, and only a usable model that differs from
   * the index's vectors resets the index. Before `start` there is nothing to do: loading checks the model.
   */
  requestModelCheck(): void {
    const s = this.state;
    if (!s.started) return;
    s.modelCheck = "due";
    s.runner.cancelAll();
    s.refreshPhase(this.loop.running);
    this.kick();
  }

  /** Retry embedding now instead of at the end of a backoff. */
  retryEmbedding(): void {
    this.state.runner.unblock();
  }

  /** Becomes the writer (embeds what waits, saves) or a reader (neither); see `IndexServiceApi.setWriter`. */
  setWriter(writer: boolean): void {
    const s = this.state;
    if (s.writer === writer) return;
    s.writer = writer;
    if (writer) {
      this.retryEmbedding();
      this.kick();
    } else {
      s.runner.cancelAll();
      s.checkpoints.disarm();
    }
    s.refreshPhase(this.loop.running);
  }

  setPaused(paused: boolean): void {
    this.state.paused = paused;
    this.state.refreshPhase(this.loop.running);
    this.kick();
  }

  refreshPhase(): void {
    this.state.refreshPhase(this.loop.running);
  }

  /** Saves now, between two steps of the loop. */
  async save(): Promise<Result<void>> {
    const saved = await this.loop.exclusive(() => this.steps.saveNow());
    return saved.ok ? ok(undefined) : saved;
  }

  /** Stops all work at once (the start signal was aborted); nothing more is saved unless `stop` is called. */
  kill(): void {
    this.state.killed = true;
    this.halt();
  }

  /** Cancels all work, waits for it, applies vectors that already arrived, and saves. */
  stop(): Promise<void> {
    // A second call (the CLI's Ctrl-C or SIGTERM handler, then the command itself) waits for the same final save.
    this.stopped ??= this.stopOnce();
    return this.stopped;
  }

  private async stopOnce(): Promise<void> {
    this.markLoaded();
    const s = this.state;
    const save = s.started && !s.stopping;
    s.stopping = true;
    this.halt();
    await this.loop.finished();
    await s.runner.drain();
    if (save) {
      await this.loop.exclusive(async () => {
        await this.steps.applyInbox();
        if (s.checkpoints.unsaved) await this.steps.saveNow();
      });
    }
    s.deps.progress.dispose();
  }

  private halt(): void {
    const s = this.state;
    s.ready.dispose();
    s.runner.cancelAll();
    s.runner.dispose();
    s.checkpoints.disarm();
    s.cancelRescan?.();
    s.cancelRescan = undefined;
    s.cancelModelCheck?.();
    s.cancelModelCheck = undefined;
    this.loop.kick();
  }
}
