import type { Embedder } from "../ollama/embedder";
import type { FileStore } from "../persist/file-store";
import { SearchEngine } from "../search/search-engine";
import { Checkpoints } from "./checkpoints";
import { EmbedRunner } from "./embed-runner";
import { compileExclusions, type Exclusions } from "./exclusions";
import type { IndexSettings } from "./index-settings";
import type { NoteSource } from "./note-source";
import type { ProgressTracker } from "./progress-tracker";
import { WorkQueue } from "./reconcile";
import type { Scheduler } from "./scheduler";
import { SyncedIndex } from "./synced-index";
import { Waiters } from "./waiters";

/** What the sync worker needs from its service. */
export interface WorkerDeps {
  source: NoteSource;
  store: FileStore;
  dataDir: string;
  scheduler: Scheduler;
  clock: () => number;
  notify: (message: string) => void;
  progress: ProgressTracker;
}

/** What the worker's loop is busy with, for the progress phase. */
export type Activity = "loading" | "scanning" | "indexing" | "saving";

/** The state the sync worker's controls (`SyncWorker`) and its steps (`SyncSteps`) share. */
export class SyncState {
  readonly engine: SearchEngine;
  readonly runner: EmbedRunner;
  readonly checkpoints: Checkpoints;
  /** Resolved whenever no note, scan or reset is left to do (vectors may still be coming). */
  readonly indexed = new Waiters();
  /** Notes to look at in the next round. */
  readonly ready = new WorkQueue();
  synced: SyncedIndex;
  settings: IndexSettings;
  exclusions: Exclusions;
  embedder: Embedder | undefined;
  scan: { recheckContent: boolean } | undefined;
  reset: "rebuild" | "model" | undefined;
  activity: Activity | undefined;
  /** Notes cut at `maxNoteBytes` since the last notice. */
  cutNotes: string[] = [];
  cancelRescan: (() => void) | undefined;
  started = false;
  paused = false;
  stopping = false;
  killed = false;

  constructor(
    readonly deps: WorkerDeps,
    settings: IndexSettings,
    embedder: Embedder | undefined,
    wake: () => void,
  ) {
    this.settings = settings;
    this.exclusions = compileExclusions(settings);
    this.embedder = embedder;
    this.synced = new SyncedIndex(0, embedder !== undefined, settings.defaultLanguage);
    this.engine = new SearchEngine({ index: this.synced.index, ...(embedder ? { embedder } : {}) });
    this.checkpoints = new Checkpoints(deps);
    this.runner = new EmbedRunner({
      clock: deps.clock,
      scheduler: deps.scheduler,
      wake,
      failed: (e) => deps.progress.setError(e),
    });
  }

  /** Whether the loop may run: started, and not paused, stopping or killed. */
  canRun(): boolean {
    return this.started && !this.killed && !this.stopping && !this.paused;
  }

  /** True when a round must stop between two notes. */
  interrupted(): boolean {
    return this.killed || this.stopping || this.paused || this.reset !== undefined;
  }

  /** Notes, a scan or a reset are waiting. */
  get pendingWork(): boolean {
    return this.ready.size > 0 || this.scan !== undefined || this.reset !== undefined;
  }

  /** Sets the progress phase from the state; `loopRunning` tells whether requests in flight are being waited for. */
  refreshPhase(loopRunning: boolean): void {
    const p = this.deps.progress;
    if (this.paused) p.setPhase("paused");
    else if (this.activity) p.setPhase(this.activity);
    else if (loopRunning && this.embedder && this.runner.inFlight > 0) p.setPhase("embedding");
    else if (p.lastError && (this.synced.pendingChunks > 0 || this.cancelRescan)) p.setPhase("error");
    else p.setPhase("idle");
  }

  /** Yields to the UI when the current slice is used up. */
  async pause(): Promise<void> {
    if (this.deps.scheduler.shouldYield()) await this.deps.scheduler.yieldNow();
  }
}
