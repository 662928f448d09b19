import { ok, type Result } from "../../result";
import { chunksHash } from "../rules/index-settings";
import type { Checkpoints } from "./checkpoints";
import type { EmbedRunner } from "../embedding/embed-runner";
import { applyDeliveries } from "../embedding/vector-delivery";
import type { LiveIndex } from "./live-index";
import type { NoteSource } from "../notes/note-source";
import type { NoteTroubles } from "../notes/note-troubles";
import { runRound, type RoundContext } from "../notes/note-round";
import { scanInto } from "../notes/reconcile";
import type { ProgressTracker } from "./progress-tracker";
import type { Scheduler } from "./scheduler";
import type { StepResult } from "./step-loop";
import { adoptSavedIndex, awaitsModelCheck, readSavedIndex, type IndexFilesDeps } from "../store/sync-files";
import type { SyncedIndex } from "../store/synced-index";
import type { Lifecycle, SyncWork } from "./sync-work";
import type { Waiters } from "./scheduler";
import type { WorkQueue } from "./work-queue";

/** The pieces of the sync actor the steps drive; `IndexService` builds them and uses them between steps. */
export interface StepParts {
  live: LiveIndex;
  /** What is asked for besides notes, and whether the loop may go on. */
  work: SyncWork;
  /** Notes to look at in the next round, and host events waiting out their debounce. */
  queue: WorkQueue;
  runner: EmbedRunner;
  checkpoints: Checkpoints;
  troubles: NoteTroubles;
  progress: ProgressTracker;
  /** Resolved whenever no note, scan or reset is left to do (vectors may still be coming). */
  indexed: Waiters;
}

/** What the steps are given from outside the actor. */
export interface StepDeps {
  source: NoteSource;
  files: IndexFilesDeps;
  scheduler: Scheduler;
  /** Starts the actor's loop, or wakes it. */
  kick(): void;
}

/**
 * The steps of the sync loop, the only code that changes the index: a model check, a reset, a change of default
 * language or vector precision, vectors that arrived, a scan of the source, a round of notes, a checkpoint. Each
 * runs alone (see `StepLoop`) and yields to the UI inside. What to do next comes from `SyncWork`.
 */
export class SyncSteps {
  private excludedPaths = 0;

  constructor(
    private readonly p: StepParts,
    private readonly deps: StepDeps,
    private readonly life: Lifecycle,
  ) {}

  /** Listed notes left out by the exclusion rules' paths, at the last scan. */
  get excludedByPath(): number {
    return this.excludedPaths;
  }

  /**
   * Loads the saved index; asks for a reset when settings or the model changed while it loaded. Files of the
   * configured model load the same whatever the model check answers: they are put in place, `searchable` is called,
   * and only then is the check sent, so the first answer pays nothing for it (the first request to Ollama costs the
   * process about 0.1 s of CPU: Node loads its fetch then). Loading ends without waiting for the answer, so neither a
   * keyword search nor reconciling the notes waits for Ollama. Anything else (files of another model, damaged or
   * none) waits for the check first: a mistyped or missing model must not cost the vectors on disk.
   */
  async load(searchable: () => void = () => undefined): Promise<void> {
    const { live, work, progress } = this.p;
    const model = live.embedderModel;
    const chunking = chunksHash(live.settings);
    const hooks = { filling: (synced: SyncedIndex) => live.use(synced), notes: (n: number) => progress.addNotes(n), noteDone: (p: string) => progress.noteDone(p) };
    work.busy("loading");
    const pause = (): Promise<void> => this.pause();
    const saved = await readSavedIndex(this.deps.files, this.p.checkpoints.segmentFiles, live.settings, live.embedder, pause);
    const waits = awaitsModelCheck(saved);
    const usable = waits ? await work.checkModel() : true;
    work.busy("loading");
    const loaded = await adoptSavedIndex(this.deps.files, saved, live.settings, live.embedder, pause, hooks, !usable);
    live.loaded(loaded.synced, loaded.model);
    this.p.checkpoints.filesFound(loaded.otherModelOnDisk, loaded.vectorsAside);
    if (loaded.defaultLanguage !== live.settings.defaultLanguage) work.languageChanged();
    if (!waits) {
      // Nothing embeds until the check is answered (`mayEmbed`): the phase says "checking" from now on.
      // Sent after what waits for `searchable` (a search's answer) had its turn.
      const checked = work.checkModel(true);
      searchable();
      // Reconciling the notes goes on while Ollama is asked, and the answer wakes the loop: embedding starts, or the
      // model's coded error stands (see `ModelGate`).
      void checked.then(() => {
        work.refreshPhase();
        this.deps.kick();
      });
    }
    work.endActivity();
    if (live.embedderModel !== model) work.resetFound("model");
    // A default language changed meanwhile is applied in place by the next step (`languageDue`).
    else if (chunksHash(live.settings) !== chunking) work.resetFound("rebuild");
  }

  async step(): Promise<StepResult> {
    const { live, work, queue, runner, checkpoints } = this.p;
    const { synced, settings } = live;
    if (work.modelCheckDue) {
      if ((await work.checkModel()) && live.embedderModel !== live.vectorsModel) work.resetFound("model");
    } else if (work.resetPending) {
      this.applyReset();
    } else if (work.takeLanguage()) {
      work.busy("indexing");
      await synced.setDefaultLanguage(settings.defaultLanguage, () => this.pause());
      checkpoints.changed();
    } else if (synced.index.dims > 0 && synced.index.vectorPrecision !== settings.vectorPrecision) {
      work.busy("indexing");
      await synced.setVectorPrecision(settings.vectorPrecision, () => this.pause());
      checkpoints.changed();
    } else if (runner.delivered) {
      await this.applyInbox();
    } else {
      const scan = work.takeScan();
      if (scan) await this.runScan(scan.recheckContent);
      else if (queue.size > 0) {
        const batch = queue.take();
        this.p.progress.addNotes(batch.length);
        work.busy("indexing");
        await runRound(this.roundContext(), batch);
      } else {
        this.pump();
        if (!work.saveDue()) return runner.inFlight > 0 || work.awaitsModelAnswer ? "sleep" : "done";
        await this.saveNow();
      }
    }
    return "more";
  }

  /** After every step: the phase follows what is left, and waiters for "indexed" are told when nothing is. */
  afterStep(): void {
    const work = this.p.work;
    work.endActivity();
    work.refreshPhase(true);
    if (!work.pending) this.p.indexed.resolve();
  }

  /** The loop stopped: returns true if it should run again; otherwise settles (idle save, notices, waiters). */
  ended(): boolean {
    const { life, p } = this;
    const work = p.work;
    if (work.canRun() && (work.pending || p.runner.delivered || work.saveDue())) return true;
    work.refreshPhase(false);
    if (!life.paused && !work.pending) p.live.synced.pool.clearSeeds();
    // What a load left of the pool's records is done now, in slices, before the first edit needs it.
    if (!life.paused && !work.pending) p.live.synced.settlePoolLater();
    for (const notice of p.troubles.takeNotices(p.live.settings.maxNoteBytes)) this.deps.files.notify(notice);
    if (life.started && life.writer && !life.killed && !life.stopping) p.checkpoints.armIdleSave(p.live.settings.idleSaveMs, () => this.deps.kick());
    p.indexed.resolve();
    return false;
  }

  /** Puts vectors that arrived into the index (see `applyDeliveries`). */
  applyInbox(): Promise<void> {
    const { live, work, checkpoints, progress } = this.p;
    return applyDeliveries(this.p.runner, live.synced, () => this.pause(), {
      reshaped: () => live.use(live.synced),
      sizeChanged: (found, expected) => {
        this.deps.files.notify(
          `The embedding model now returns vectors of ${found} dimensions instead of ${expected}, so the search index is rebuilt.`,
        );
        work.requestReset("model");
      },
      applied: (chunks) => {
        checkpoints.vectorsAdded(chunks);
        progress.embedded(chunks);
        if (chunks > 0 && live.synced.pendingChunks === 0) progress.cleared("embed");
      },
    });
  }

  /**
   * Writes a checkpoint, unless a reset or a language change is pending (then the files on disk are the better
   * copy). `midRound`: notes of the round under way are neither queued nor done, so the save can't claim that every
   * note was checked.
   */
  async saveNow(midRound = false): Promise<Result<unknown>> {
    const { live, work, checkpoints, progress } = this.p;
    // A reader leaves the files to the writer: not even the snapshot is taken (it would cost a copy of the index).
    if (!this.life.writer) return ok(undefined);
    // A pending language change: the files would be headed with the new language over chunks analysed in the old.
    if (work.blocksSave) return ok(undefined);
    const saved = await checkpoints.checkpoint({
      synced: live.synced,
      settings: live.settings,
      model: live.vectorsModel,
      pause: () => this.pause(),
      saving: () => work.busy("saving"),
      // Once work was cancelled, only the final save of `stop` still writes.
      shouldWrite: () => !this.life.killed || this.life.stopping,
      checked: () => !midRound && !work.recheckQueued && !this.p.queue.hasForced(),
    });
    if (saved && !saved.ok) progress.fail("save", saved.error);
    else if (saved) progress.cleared("save");
    return saved ?? ok(undefined);
  }

  /** Yields to the UI when the current slice is used up. */
  private async pause(): Promise<void> {
    if (this.deps.scheduler.shouldYield()) await this.deps.scheduler.yieldNow();
  }

  /** Replaces the index with an empty one and scans the whole source into it (see `LiveIndex.reset`). */
  private applyReset(): void {
    const { live, work, queue, runner, checkpoints } = this.p;
    const keepVectors = work.takeReset() === "rebuild";
    if (live.reset(keepVectors)) checkpoints.keepOtherModelFiles();
    queue.clear();
    runner.dropDeliveries();
    checkpoints.changed();
  }

  private async runScan(recheck: boolean): Promise<void> {
    const { live, work, queue, progress } = this.p;
    work.busy("scanning");
    const scanned = await scanInto(queue, this.deps.source, live.synced.notes, live.exclusions, recheck, () => this.pause());
    if (scanned.ok) {
      this.excludedPaths = scanned.value.excludedByPath;
      progress.cleared("source");
      this.p.troubles.scanned((path) => queue.has(path));
      return;
    }
    progress.fail("source", scanned.error);
    work.scanFailed(recheck);
  }

  private roundContext(): RoundContext {
    const { live, work, progress, queue, checkpoints } = this.p;
    return {
      source: this.deps.source,
      synced: live.synced,
      settings: live.settings,
      exclusions: live.exclusions,
      noteDone: (path) => progress.noteDone(path),
      failed: (e) => progress.fail("source", e),
      pause: () => this.pause(),
      between: async () => {
        await this.applyInbox();
        this.pump();
        // A first index is one long round: a checkpoint between two notes keeps what was embedded so far.
        if (work.saveDue()) {
          await this.saveNow(true);
          work.busy("indexing");
        }
        await this.pause();
      },
      interrupted: () => work.interrupted(),
      requeue: (path, item) => queue.add(path, item),
      changed: () => checkpoints.changed(),
      report: this.p.troubles,
    };
  }

  /** Sends waiting texts to the embedder, when this process may embed (see `SyncWork.mayEmbed`). */
  private pump(): void {
    const { live, work, runner } = this.p;
    const embedder = live.embedder;
    if (!embedder || !work.mayEmbed()) return;
    runner.pump(embedder, live.synced.queue, live.settings);
    work.refreshPhase();
  }
}
