import type { Embedder } from "../../ollama/embedder";
import type { IndexCost, IndexSettings } from "../rules/index-settings";
import type { Checkpoints } from "./checkpoints";
import type { EmbedRunner } from "../embedding/embed-runner";
import type { LiveIndex } from "./live-index";
import { ModelGate } from "./model-check";
import type { ProgressTracker } from "./progress-tracker";
import type { Scheduler } from "./scheduler";
import type { WorkQueue } from "./work-queue";

/** Delay before listing the source again after listing failed. */
const RESCAN_RETRY_MS = 30_000;

/** The actor's lifecycle, read-only here: only `IndexService` changes it (start, pause, writer role, stop, kill). */
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

/** The pieces the work state reads to decide what may run and which phase shows. */
export interface WorkParts {
  live: LiveIndex;
  queue: WorkQueue;
  runner: EmbedRunner;
  checkpoints: Checkpoints;
  progress: ProgressTracker;
}

/** Callbacks into the actor's loop, and the timers. */
export interface WorkDeps {
  scheduler: Scheduler;
  /** Starts the actor's loop, or wakes it. */
  kick(): void;
  /** Whether the loop is running (requests in flight are then waited for). */
  loopRunning(): boolean;
}

/** What a step is busy with, shown as the phase. */
type Activity = "checking" | "loading" | "scanning" | "indexing" | "saving";

/**
 * The work the actor was asked for besides the notes in its queue (a scan, a reset, a model check, a change of
 * default language), what a step is busy with, and what follows from them: whether the loop may run or a round must
 * stop, whether a save is due, which phase shows. The actor asks through the `request…` and `use…` methods; the
 * steps (`SyncSteps`) take the work through the `take…` methods. Every field is private.
 */
export class SyncWork {
  private scan: { recheckContent: boolean } | undefined;
  private reset: "rebuild" | "model" | undefined;
  /** The default language changed: the chunks whose language it decides are analysed again at the next step. */
  private languageDue = false;
  private activity: Activity | undefined;
  private cancelRescan: (() => void) | undefined;
  private readonly model: ModelGate;

  constructor(
    private readonly p: WorkParts,
    private readonly deps: WorkDeps,
    private readonly life: Lifecycle,
  ) {
    const progress = p.progress;
    this.model = new ModelGate({
      scheduler: deps.scheduler,
      fail: (e) => progress.fail("model", e),
      passed: () => progress.cleared("model"),
      recheck: () => this.requestModelCheck(),
    });
  }

  /**
   * Looks at the whole source again; with `recheckContent`, notes excluded by content rules too. Before `start` there
   * is nothing to do: loading compares the saved index with the settings in force then.
   */
  requestScan(recheckContent: boolean): void {
    if (!this.life.started) return;
    this.scan = { recheckContent: recheckContent || (this.scan?.recheckContent ?? false) };
    this.deps.kick();
  }

  /** The first scan after loading; `recheckContent` when the exclusion rules may have changed since the save. */
  firstScan(recheckContent: boolean): void {
    this.scan = { recheckContent };
  }

  /** Discards the index: "rebuild" keeps vectors for reuse, "model" drops them (another model's vectors). */
  requestReset(kind: "rebuild" | "model"): void {
    if (!this.life.started) return;
    this.reset = this.reset === "model" ? "model" : kind;
    this.p.runner.cancelAll();
    this.deps.kick();
  }

  /**
   * The embedder changed: its model is checked before anything else runs, and only a usable model that differs from
   * the index's vectors resets the index. Before `start` there is nothing to do: loading checks the model.
   */
  requestModelCheck(): void {
    if (!this.life.started) return;
    this.model.request();
    this.p.runner.cancelAll();
    this.refreshPhase();
    this.deps.kick();
  }

  /** Takes new settings and performs what `cost` says they cost (decided by the session's `settingsCost`). */
  useSettings(settings: IndexSettings, cost: IndexCost): void {
    this.p.live.useSettings(settings);
    if (cost.rebuild) this.requestReset("rebuild");
    else if (cost.rescan) this.requestScan(true);
    if (cost.relanguage) this.languageDue = true;
    // The next step converts the stored vectors (see `SyncSteps.step`); relanguage runs as a step too.
    if (cost.relanguage || cost.convertVectors) this.deps.kick();
  }

  /** Takes a new embedder; a new model is checked before the index drops anything (see `requestModelCheck`). */
  useEmbedder(e: Embedder | undefined): void {
    const live = this.p.live;
    const before = live.embedderModel;
    live.useEmbedder(e);
    if (live.embedderModel !== before || this.model.failed) this.requestModelCheck();
    else {
      this.p.runner.unblock();
      this.deps.kick();
    }
  }

  /** A scan could not list the source: it is asked for again after `RESCAN_RETRY_MS`. */
  scanFailed(recheckContent: boolean): void {
    this.cancelRescan?.();
    this.cancelRescan = this.deps.scheduler.setTimer(RESCAN_RETRY_MS, () => {
      this.cancelRescan = undefined;
      this.requestScan(recheckContent);
    });
  }

  /** A reset is needed, found by a step (the model or the chunking changed while loading or checking). */
  resetFound(kind: "rebuild" | "model"): void {
    this.reset = kind;
  }

  /** The default language of the loaded chunks is not the settings': they are analysed again at the next step. */
  languageChanged(): void {
    this.languageDue = true;
  }

  /** The scan asked for, if any, now taken by the step that runs it. */
  takeScan(): { recheckContent: boolean } | undefined {
    const scan = this.scan;
    this.scan = undefined;
    return scan;
  }

  /** The reset asked for, if any; taking it drops a language change too and asks for a full scan. */
  takeReset(): "rebuild" | "model" | undefined {
    const reset = this.reset;
    this.reset = undefined;
    if (reset) {
      this.languageDue = false;
      this.scan = { recheckContent: false };
    }
    return reset;
  }

  /** Whether a language change was asked for; taking it clears it. */
  takeLanguage(): boolean {
    const due = this.languageDue;
    this.languageDue = false;
    return due;
  }

  /** The next step is a reset. */
  get resetPending(): boolean {
    return this.reset !== undefined;
  }

  /** A reset or a language change is pending: a save now would head the files wrongly, so none is written. */
  get blocksSave(): boolean {
    return this.reset !== undefined || this.languageDue;
  }

  /** A re-check of the exclusion rules is queued: a save can't claim that every note was checked. */
  get recheckQueued(): boolean {
    return this.scan?.recheckContent === true;
  }

  /** The embedder's model must be checked before anything else. */
  get modelCheckDue(): boolean {
    return this.model.due;
  }

  /** A model check was sent and is not answered yet. */
  get modelChecking(): boolean {
    return this.model.checking;
  }

  /**
   * The writer has texts to embed and waits only for the model check in flight: the loop sleeps until it is answered
   * (see `SyncSteps.load`), so `whenIdle` and `whenSettled` wait for the embedding that follows.
   */
  get awaitsModelAnswer(): boolean {
    return this.model.checking && this.life.writer && !this.interrupted() && this.p.live.synced.pendingChunks > 0;
  }

  /**
   * Checks the embedder's model (see `ModelGate`); returns whether it can be used (false, too, when the check was
   * cut short by a newer one or by stopping). `later`: sent after what is already waiting (see `ModelGate.check`).
   */
  checkModel(later = false): Promise<boolean> {
    const embedder = this.p.live.embedder;
    // Only a model Ollama is asked about shows the phase: a keyword-only index has nothing to check.
    if (embedder?.check) this.busy("checking");
    return this.model.check(embedder, later);
  }

  /** Notes, a scan, a reset, a model check or a default language change are waiting. */
  get pending(): boolean {
    return this.p.queue.size > 0 || this.scan !== undefined || this.reset !== undefined || this.model.due || this.languageDue;
  }

  /** Whether the loop may run: started, and not paused, stopping or killed. */
  canRun(): boolean {
    const life = this.life;
    return life.started && !life.killed && !life.stopping && !life.paused;
  }

  /** True when a round must stop between two notes. */
  interrupted(): boolean {
    const life = this.life;
    return life.killed || life.stopping || life.paused || this.reset !== undefined;
  }

  /** Texts may go to the embedder: only the writer embeds the index's texts, and only once its model passed. */
  mayEmbed(): boolean {
    return this.life.writer && !this.interrupted() && this.model.open;
  }

  /** A save should run now: only the writer saves (see `Lifecycle.writer`). */
  saveDue(): boolean {
    return this.life.writer && this.p.checkpoints.due(this.p.live.settings);
  }

  /** A step is busy with `activity`, shown as the phase. */
  busy(activity: Activity): void {
    this.activity = activity;
    this.refreshPhase();
  }

  /** No step is busy any more (the phase is left as it is until the next refresh). */
  endActivity(): void {
    this.activity = undefined;
  }

  /** Sets the progress phase from the work state; `loopRunning` tells whether requests in flight are waited for. */
  refreshPhase(loopRunning = this.deps.loopRunning()): void {
    const { progress, live, runner } = this.p;
    if (this.life.paused) progress.setPhase("paused");
    else if (this.activity) progress.setPhase(this.activity);
    // A model check waits for nothing else: from the moment it is asked for, the index it guards is not ready.
    else if (this.model.due || this.model.checking) progress.setPhase("checking");
    // Between two steps of pending work the phase stays as it is: "idle" there would flash "Index ready" over an
    // index that is still changing (or about to be discarded, after a new model passed its check).
    else if (loopRunning && this.pending) return;
    // Between two batches (one delivered, the next not yet sent) nothing is in flight, but embedding goes on.
    else if (loopRunning && live.embedder && (runner.inFlight > 0 || this.embeddingGoesOn())) progress.setPhase("embedding");
    else if (progress.lastError && (live.synced.pendingChunks > 0 || this.cancelRescan)) progress.setPhase("error");
    else progress.setPhase("idle");
  }

  /** Calls off the timers (the actor stops). */
  halt(): void {
    this.cancelRescan?.();
    this.cancelRescan = undefined;
    this.model.cancel();
  }

  /** Chunks wait for vectors and the runner will send them: no failure stands, no retry is waited for. */
  private embeddingGoesOn(): boolean {
    const runner = this.p.runner;
    return this.life.writer && this.p.live.synced.pendingChunks > 0 && this.model.open && !runner.blocked && !runner.retrying;
  }
}
