import type { Embedder } from "../../ollama/embedder";
import type { AppError } from "../../result";
import type { FileStore } from "../../persist/file-store";
import type { ChunkIndex } from "../../index/chunk-index";
import { Checkpoints } from "./checkpoints";
import { EmbedRunner } from "../embedding/embed-runner";
import { compileExclusions, type Exclusions } from "../rules/exclusions";
import type { IndexSettings } from "../rules/index-settings";
import type { NoteSource } from "../notes/note-source";
import type { NoteState } from "../notes/note-state";
import type { ProgressTracker } from "./progress-tracker";
import type { Scheduler } from "./scheduler";
import { SyncedIndex } from "../store/synced-index";
import { Waiters } from "./waiters";
import { WorkQueue } from "./work-queue";
import { canonicalModelName } from "../../ollama/model-name";

/** What the sync actor's state and steps need from the actor (`IndexService`). */
export interface WorkerDeps {
  source: NoteSource;
  store: FileStore;
  dataDir: string;
  scheduler: Scheduler;
  clock: () => number;
  notify: (message: string) => void;
  progress: ProgressTracker;
  /** The index object was replaced (see `IndexServiceDeps.indexReplaced`). */
  indexReplaced: (index: ChunkIndex, notes: ReadonlyMap<string, NoteState>) => void;
}

/**
 * The actor's lifecycle, read-only here: only `IndexService` changes it (start, pause, writer role, stop, kill).
 */
export interface Lifecycle {
  readonly started: boolean;
  readonly paused: boolean;
  readonly stopping: boolean;
  readonly killed: boolean;
  /**
   * This process writes the index (it holds the writer lock): only then does it send texts to the embedder and
   * save. A reader keeps its index in memory and leaves both to the writer (see `IndexService.setWriter`).
   */
  readonly writer: boolean;
}

/** What the actor's loop is busy with, for the progress phase. */
export type Activity = "checking" | "loading" | "scanning" | "indexing" | "saving";

/**
 * What failed, by the part that failed. Each failure stands until that part succeeds in full: "embed" until no chunk
 * waits for a vector, "model" until the model passes its check, "source" until a scan lists the vault again, "save"
 * until a save succeeds, "notes" until every note that failed to index is indexed (or gone).
 */
export type FailureKind = "embed" | "model" | "source" | "save" | "notes";

/**
 * The state of the sync actor's work: what the index is, what is pending, what failed. Written only by the steps
 * (`SyncSteps`), which own it; the actor reads it for its status and drives it through the steps' methods.
 */
export class SyncState {
  readonly runner: EmbedRunner;
  readonly checkpoints: Checkpoints;
  /** Resolved whenever no note, scan or reset is left to do (vectors may still be coming). */
  readonly indexed = new Waiters();
  /** Notes to look at in the next round, and host events waiting out their debounce. */
  readonly ready: WorkQueue;
  /** The model the index's vectors belong to; differs from the embedder's until a model change is checked and applied. */
  vectorsModel: string;
  /** "due": the embedder's model must be checked before anything else; "failed": it can't be used, nothing embeds. */
  modelCheck: "due" | "failed" | undefined;
  cancelModelCheck: (() => void) | undefined;
  /** The files on disk hold another model's vectors: no save may replace them until this index has vectors. */
  keepOtherModelFiles = false;
  /** The vectors file on disk was not accounted for by a readable meta file: the next save keeps it aside first. */
  vectorsAside = false;
  scan: { recheckContent: boolean } | undefined;
  reset: "rebuild" | "model" | undefined;
  /** The default language changed: the chunks whose language it decides are analysed again at the next step. */
  languageDue = false;
  activity: Activity | undefined;
  /** Notes cut at `maxNoteBytes` since the last notice. */
  cutNotes: string[] = [];
  /** Files named .md that are not text, found since the last notice. */
  binaryNotes: string[] = [];
  /** Notes that failed to index on an unexpected error, with the error's message; each stays until it indexes. */
  readonly unindexed = new Map<string, string>();
  /** Listed notes left out by the exclusion rules' paths, at the last scan. */
  excludedByPath = 0;
  cancelRescan: (() => void) | undefined;
  private readonly failures = new Map<FailureKind, AppError>();
  private current: SyncedIndex;
  private settingsInForce: IndexSettings;
  private rules: Exclusions;
  private model: Embedder | undefined;

  constructor(
    readonly deps: WorkerDeps,
    readonly life: Lifecycle,
    settings: IndexSettings,
    embedder: Embedder | undefined,
    wake: () => void,
  ) {
    this.settingsInForce = settings;
    this.rules = compileExclusions(settings);
    this.model = embedder;
    this.vectorsModel = canonicalModelName(embedder?.model ?? "");
    this.current = new SyncedIndex(0, embedder !== undefined, settings.defaultLanguage, settings.vectorPrecision);
    this.checkpoints = new Checkpoints(deps);
    this.ready = new WorkQueue({ clock: deps.clock, scheduler: deps.scheduler, due: wake });
    this.runner = new EmbedRunner({
      clock: deps.clock,
      scheduler: deps.scheduler,
      wake,
      failed: (e) => this.fail("embed", e),
    });
  }

  /** The index being kept in sync; replaced only through `useIndex`. */
  get synced(): SyncedIndex {
    return this.current;
  }

  get settings(): IndexSettings {
    return this.settingsInForce;
  }

  /** The exclusion rules compiled from `settings`. */
  get exclusions(): Exclusions {
    return this.rules;
  }

  get embedder(): Embedder | undefined {
    return this.model;
  }

  /** The embedder's model in its one spelling (see `canonicalModelName`); "" without an embedder. */
  get embedderModel(): string {
    return canonicalModelName(this.model?.model ?? "");
  }

  /**
   * Makes `synced` the index that is kept in sync and searched. Called whenever the index is replaced (loaded,
   * reset) or its Orama instance is (vectors of a new size): the one place that tells the session (`indexReplaced`).
   */
  useIndex(synced: SyncedIndex): void {
    this.current = synced;
    this.deps.indexReplaced(synced.index, synced.notes);
  }

  /** New settings take effect from the next step; the exclusion rules are compiled with them. */
  useSettings(settings: IndexSettings): void {
    this.settingsInForce = settings;
    this.rules = compileExclusions(settings);
  }

  /** New embedder for the steps (the session gives it to its search engine itself). */
  useEmbedder(embedder: Embedder | undefined): void {
    this.model = embedder;
  }

  /** Records a failure; the status shows the latest failure still standing. */
  fail(kind: FailureKind, e: AppError): void {
    this.failures.delete(kind);
    this.failures.set(kind, e);
    this.deps.progress.setError(e);
  }

  /**
   * `kind` succeeded in full: its failure no longer stands. A later success of one part never hides the failure of
   * another, nor an earlier failure of the same part whose work is still left (see `FailureKind`).
   */
  cleared(kind: FailureKind): void {
    if (!this.failures.delete(kind)) return;
    this.deps.progress.setError([...this.failures.values()].pop());
  }

  /** Whether the loop may run: started, and not paused, stopping or killed. */
  canRun(): boolean {
    return this.life.started && !this.life.killed && !this.life.stopping && !this.life.paused;
  }

  /** True when a round must stop between two notes. */
  interrupted(): boolean {
    return this.life.killed || this.life.stopping || this.life.paused || this.reset !== undefined;
  }

  /** Notes, a scan, a reset, a model check or a default language change are waiting. */
  get pendingWork(): boolean {
    return (
      this.ready.size > 0 || this.scan !== undefined || this.reset !== undefined || this.modelCheck === "due" || this.languageDue
    );
  }

  /** Sets the progress phase from the state; `loopRunning` tells whether requests in flight are being waited for. */
  refreshPhase(loopRunning: boolean): void {
    const p = this.deps.progress;
    if (this.life.paused) p.setPhase("paused");
    else if (this.activity) p.setPhase(this.activity);
    // A model check waits for nothing else: from the moment it is asked for, the index it guards is not ready.
    else if (this.modelCheck === "due") p.setPhase("checking");
    // Between two steps of pending work the phase stays as it is: "idle" there would flash "Index ready" over an
    // index that is still changing (or about to be discarded, after a new model passed its check).
    else if (loopRunning && this.pendingWork) return;
    // Between two batches (one delivered, the next not yet sent) nothing is in flight, but embedding goes on.
    else if (loopRunning && this.embedder && (this.runner.inFlight > 0 || this.embeddingGoesOn())) p.setPhase("embedding");
    else if (p.lastError && (this.synced.pendingChunks > 0 || this.cancelRescan)) p.setPhase("error");
    else p.setPhase("idle");
  }

  /** A save should run now: only the writer saves (see `writer`). */
  saveDue(): boolean {
    return this.life.writer && this.checkpoints.due(this.settingsInForce);
  }

  /** Chunks wait for vectors and the runner will send them: no failure stands, no retry is waited for. */
  private embeddingGoesOn(): boolean {
    return this.life.writer && this.synced.pendingChunks > 0 && this.modelCheck === undefined && !this.runner.blocked && !this.runner.retrying;
  }

  /** Yields to the UI when the current slice is used up. */
  async pause(): Promise<void> {
    if (this.deps.scheduler.shouldYield()) await this.deps.scheduler.yieldNow();
  }
}
