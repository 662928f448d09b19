import type { ChunkIndex } from "../../index/chunk-index";
import type { Embedder } from "../../ollama/embedder";
import type { Result } from "../../result";
import type { IndexServiceApi, IndexServiceDeps, IndexStatus } from "./index-service-api";
import type { IndexCost, IndexSettings } from "../rules/index-settings";
import type { NoteEvent } from "../notes/note-source";
import { ProgressTracker } from "./progress-tracker";
import { createScheduler, type Scheduler } from "./scheduler";
import type { SyncProgress } from "./sync-progress";
import { SyncWorker } from "./sync-worker";

export type { IndexServiceApi, IndexServiceDeps, IndexStatus } from "./index-service-api";

/**
 * Keeps the search index equal to the notes of a source, incrementally, and persisted: see `IndexServiceApi` for
 * the contract. Vault events are debounced in the worker's queue (`WorkQueue`); the work runs in `SyncWorker`.
 */
export class IndexService implements IndexServiceApi {
  private readonly worker: SyncWorker;
  private readonly progress: ProgressTracker;
  private readonly scheduler: Scheduler;
  private readonly clock: () => number;
  private isStopped = false;

  constructor(deps: IndexServiceDeps) {
    this.scheduler = deps.scheduler ?? createScheduler();
    this.clock = deps.clock ?? Date.now;
    this.progress = new ProgressTracker(this.clock, this.scheduler, () => this.worker.counts());
    this.worker = new SyncWorker(
      {
        source: deps.source,
        store: deps.store,
        dataDir: deps.dataDir,
        scheduler: this.scheduler,
        clock: this.clock,
        notify: deps.notify ?? (() => undefined),
        progress: this.progress,
        indexReplaced: (index) => deps.indexReplaced?.(index),
        ...(deps.writer !== undefined ? { writer: deps.writer } : {}),
      },
      deps.settings,
      deps.embedder,
    );
  }

  get index(): ChunkIndex {
    return this.worker.index;
  }

  get paused(): boolean {
    return this.worker.paused;
  }

  start(signal?: AbortSignal): Promise<void> {
    return this.worker.start(signal);
  }

  /** Resolves once `start` has the saved index in memory, before reconciling it with the notes (see `SyncWorker`). */
  whenLoaded(): Promise<void> {
    return this.worker.whenLoaded();
  }

  enqueue(e: NoteEvent): void {
    if (this.isStopped) return;
    const paths = e.kind === "rename" ? [e.path, e.oldPath] : [e.path];
    if (this.worker.defer(paths.filter(isMarkdown))) this.worker.retryEmbedding();
  }

  flush(): Promise<void> {
    this.worker.promote();
    this.worker.retryEmbedding();
    this.worker.kick();
    return this.worker.whenIdle();
  }

  whenIdle(): Promise<void> {
    return this.worker.whenIdle();
  }

  /**
   * Like `whenIdle`, and waits out the scheduled retries of failed embedding requests too: resolves once every chunk
   * has its vector, or the retry budget ran out (`embedRetries`; the error then stays in `status().lastError`), or
   * the service stops. For one-shot runs such as the CLI's `index`; the plugin keeps running and retries anyway.
   */
  whenSettled(): Promise<void> {
    return this.worker.whenSettled();
  }

  pause(): void {
    this.worker.setPaused(true);
  }

  resume(): void {
    this.worker.setPaused(false);
  }

  rebuild(): Promise<void> {
    this.worker.requestReset("rebuild");
    return this.worker.whenIndexed();
  }

  setWriter(writer: boolean): void {
    this.worker.setWriter(writer);
  }

  get writer(): boolean {
    return this.worker.writer;
  }

  /** The index settings in force. */
  get settings(): IndexSettings {
    return this.worker.settings;
  }

  updateSettings(s: IndexSettings, cost: IndexCost): void {
    this.worker.setSettings(s, cost);
  }

  setEmbedder(e: Embedder | undefined): void {
    this.worker.setEmbedder(e);
  }

  /** True once `stop` was called: the service takes no more work. */
  get stopped(): boolean {
    return this.isStopped;
  }

  /** Sends waiting texts now rather than at the end of a backoff (e.g. Ollama answers again). */
  retryEmbedding(): void {
    if (this.isStopped) return;
    this.worker.retryEmbedding();
    this.worker.kick();
  }

  onProgress(cb: (p: SyncProgress) => void): () => void {
    return this.progress.subscribe(cb);
  }

  status(): IndexStatus {
    return { ...this.progress.current(), ...this.worker.details() };
  }

  save(): Promise<Result<void>> {
    return this.worker.save();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    // Events still in their debounce are not lost: the next start finds those notes changed on disk.
    await this.worker.stop();
  }
}

function isMarkdown(path: string): boolean {
  return path.toLowerCase().endsWith(".md");
}
