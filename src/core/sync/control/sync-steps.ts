import { ok, type Result } from "../../result";
import type { Embedder } from "../../ollama/embedder";
import { chunksHash, type IndexCost, type IndexSettings } from "../rules/index-settings";
import { checkModel, MODEL_RECHECK_MS } from "./model-check";
import { binaryNotice, cutNotice, notIndexedError, runRound, type RoundContext } from "../notes/note-round";
import { scanInto } from "../notes/reconcile";
import type { StepResult } from "./step-loop";
import { filesUnsaved, loadSyncedIndex } from "../store/sync-files";
import { keepVectorsAside } from "../../persist/index-files";
import type { SyncState } from "./sync-state";
import { SyncedIndex } from "../store/synced-index";
import { applyDeliveries } from "../embedding/vector-delivery";

/** Delay before listing the source again after listing failed. */
const RESCAN_RETRY_MS = 30_000;

/** What the steps ask of the actor that runs them: two callbacks, nothing of its state. */
export interface StepControl {
  /** Starts the loop, or wakes it. */
  kick(): void;
  /** Whether the loop is running (requests in flight are then waited for). */
  loopRunning(): boolean;
}

/**
 * The steps of the sync loop, the only code that changes the index or the work state (`SyncState`, theirs alone):
 * a reset, vectors that arrived, a scan of the source, a round of notes, a checkpoint. Each runs alone (see
 * `StepLoop`) and yields to the UI inside. The actor asks for work through the `request…` and `use…` methods.
 */
export class SyncSteps {
  constructor(
    private readonly s: SyncState,
    private readonly control: StepControl,
  ) {}

  /**
   * Looks at the whole source again; with `recheckContent`, notes excluded by content rules too. Before `start` there
   * is nothing to do: loading compares the saved index with the settings in force then.
   */
  requestScan(recheckContent: boolean): void {
    const s = this.s;
    if (!s.life.started) return;
    s.scan = { recheckContent: recheckContent || (s.scan?.recheckContent ?? false) };
    this.control.kick();
  }

  /** The first scan after loading; `recheckContent` when the exclusion rules may have changed since the save. */
  firstScan(recheckContent: boolean): void {
    this.s.scan = { recheckContent };
  }

  /** Discards the index: "rebuild" keeps vectors for reuse, "model" drops them (another model's vectors). */
  requestReset(kind: "rebuild" | "model"): void {
    const s = this.s;
    if (!s.life.started) return;
    s.reset = s.reset === "model" ? "model" : kind;
    s.runner.cancelAll();
    this.control.kick();
  }

  /**
   * The embedder changed: its model is checked before anything else runs, and only a usable model that differs from
   * the index's vectors resets the index. Before `start` there is nothing to do: loading checks the model.
   */
  requestModelCheck(): void {
    const s = this.s;
    if (!s.life.started) return;
    s.modelCheck = "due";
    s.runner.cancelAll();
    s.refreshPhase(this.control.loopRunning());
    this.control.kick();
  }

  /** Takes new settings and performs what `cost` says they cost (decided by the session's `settingsCost`). */
  useSettings(settings: IndexSettings, cost: IndexCost): void {
    this.s.useSettings(settings);
    if (cost.rebuild) this.requestReset("rebuild");
    else if (cost.rescan) this.requestScan(true);
    if (cost.relanguage) this.s.languageDue = true;
    // The next step converts the stored vectors (see the precision step below); relanguage runs as a step too.
    if (cost.relanguage || cost.convertVectors) this.control.kick();
  }

  /** Takes a new embedder; a new model is checked before the index drops anything (see `requestModelCheck`). */
  useEmbedder(e: Embedder | undefined): void {
    const s = this.s;
    const before = s.embedderModel;
    s.useEmbedder(e);
    if (s.embedderModel !== before || s.modelCheck === "failed") this.requestModelCheck();
    else {
      s.runner.unblock();
      this.control.kick();
    }
  }

  /** Stops all work at once: the queue, requests in flight, timers. */
  halt(): void {
    const s = this.s;
    s.ready.dispose();
    s.runner.cancelAll();
    s.runner.dispose();
    s.checkpoints.disarm();
    s.cancelRescan?.();
    s.cancelRescan = undefined;
    s.cancelModelCheck?.();
    s.cancelModelCheck = undefined;
  }

  /** Loads the saved index; asks for a reset when settings or the model changed while it loaded. */
  async load(): Promise<void> {
    const s = this.s;
    this.busy("loading");
    const model = s.embedderModel;
    const chunking = chunksHash(s.settings);
    const progress = s.deps.progress;
    const hooks = { filling: (synced: SyncedIndex) => s.useIndex(synced), notes: (n: number) => progress.addNotes(n), noteDone: (p: string) => progress.noteDone(p) };
    // The model is checked first: a mistyped or missing one must not cost the vectors on disk.
    const usable = await this.checkModel();
    this.busy("loading");
    const loaded = await loadSyncedIndex(s.deps, s.settings, s.embedder, () => s.pause(), hooks, !usable);
    s.useIndex(loaded.synced);
    s.vectorsModel = loaded.model;
    s.keepOtherModelFiles = loaded.otherModelOnDisk;
    s.vectorsAside = loaded.vectorsAside;
    if (filesUnsaved(s.deps, () => s.pause())) s.checkpoints.changed();
    if (loaded.defaultLanguage !== s.settings.defaultLanguage) s.languageDue = true;
    s.activity = undefined;
    if (s.embedderModel !== model) s.reset = "model";
    // A default language changed meanwhile is applied in place by the next step (`languageDue`).
    else if (chunksHash(s.settings) !== chunking) s.reset = "rebuild";
  }

  async step(): Promise<StepResult> {
    const s = this.s;
    if (s.modelCheck === "due") {
      if ((await this.checkModel()) && s.embedderModel !== s.vectorsModel) s.reset = "model";
    } else if (s.reset) {
      this.applyReset();
    } else if (s.languageDue) {
      s.languageDue = false;
      this.busy("indexing");
      await s.synced.setDefaultLanguage(s.settings.defaultLanguage, () => s.pause());
      s.checkpoints.changed();
    } else if (s.synced.index.dims > 0 && s.synced.index.vectorPrecision !== s.settings.vectorPrecision) {
      this.busy("indexing");
      await s.synced.setVectorPrecision(s.settings.vectorPrecision, () => s.pause());
      s.checkpoints.changed();
    } else if (s.runner.inbox.length > 0) {
      await this.applyInbox();
    } else if (s.scan) {
      await this.runScan();
    } else if (s.ready.size > 0) {
      const batch = s.ready.take();
      s.deps.progress.addNotes(batch.length);
      this.busy("indexing");
      await runRound(this.roundContext(), batch);
    } else {
      this.pump();
      if (!s.saveDue()) return s.runner.inFlight > 0 ? "sleep" : "done";
      await this.saveNow();
    }
    return "more";
  }

  /** After every step: the phase follows what is left, and waiters for "indexed" are told when nothing is. */
  afterStep(): void {
    const s = this.s;
    s.activity = undefined;
    s.refreshPhase(true);
    if (!s.pendingWork) s.indexed.resolve();
  }

  /** The loop stopped: returns true if it should run again; otherwise settles (idle save, notices, waiters). */
  ended(): boolean {
    const s = this.s;
    if (s.canRun() && (s.pendingWork || s.runner.inbox.length > 0 || s.saveDue())) return true;
    s.refreshPhase(false);
    if (!s.life.paused && !s.pendingWork) s.synced.pool.clearSeeds();
    if (s.cutNotes.length > 0) s.deps.notify(cutNotice(s.cutNotes, s.settings.maxNoteBytes));
    s.cutNotes = [];
    if (s.binaryNotes.length > 0) s.deps.notify(binaryNotice(s.binaryNotes));
    s.binaryNotes = [];
    if (s.life.started && s.life.writer && !s.life.killed && !s.life.stopping) s.checkpoints.armIdleSave(s.settings.idleSaveMs, () => this.control.kick());
    s.indexed.resolve();
    return false;
  }

  /** Puts vectors that arrived into the index (see `applyDeliveries`). */
  applyInbox(): Promise<void> {
    const s = this.s;
    return applyDeliveries(s.runner.inbox, s.synced, () => s.pause(), {
      reshaped: () => s.useIndex(s.synced),
      sizeChanged: (found, expected) => {
        s.deps.notify(
          `The embedding model now returns vectors of ${found} dimensions instead of ${expected}, so the search index is rebuilt.`,
        );
        this.requestReset("model");
      },
      applied: (chunks) => {
        s.checkpoints.vectorsAdded(chunks);
        s.deps.progress.embedded(chunks);
        if (chunks > 0 && s.synced.pendingChunks === 0) s.cleared("embed");
      },
    });
  }

  /**
   * Writes a checkpoint, unless a reset is pending (then the files on disk are the better copy). `midRound`: notes
   * of the round under way are neither queued nor done, so the save can't claim that every note was checked.
   */
  async saveNow(midRound = false): Promise<Result<unknown>> {
    const s = this.s;
    // A reader leaves the files to the writer: not even the snapshot is taken (it would cost a copy of the index).
    if (!s.life.writer) return ok(undefined);
    // A pending language change: the files would be headed with the new language over chunks analysed in the old.
    if (s.reset || s.languageDue) return ok(undefined);
    // Another model's vectors stay on disk until this model has produced some (switching back then costs nothing).
    if (s.keepOtherModelFiles && s.synced.index.vectorCount === 0) return ok(undefined);
    this.busy("saving");
    if (s.vectorsAside) {
      // Vectors no readable meta file accounted for are never overwritten: they go aside, to be taken back later.
      const aside = await keepVectorsAside(s.deps.store, s.deps.dataDir);
      if (!aside.ok) {
        s.fail("save", aside.error);
        return aside;
      }
      s.vectorsAside = false;
    }
    const model = s.vectorsModel;
    // Once work was cancelled, only the final save of `stop` still writes.
    const checked = !midRound && s.scan?.recheckContent !== true && !s.ready.hasForced();
    const saved = await s.checkpoints.save(s.synced, s.settings, model, () => s.pause(), () => !s.life.killed || s.life.stopping, checked);
    if (saved && !saved.ok) s.fail("save", saved.error);
    else if (saved) {
      s.cleared("save");
      s.keepOtherModelFiles = false;
    }
    return saved ?? ok(undefined);
  }

  /**
   * Checks the embedder's model (see `checkModel`). When it can't be used, nothing is embedded and the error stands
   * until a later check passes; the index keeps the vectors it has. Returns whether the model can be used.
   */
  private async checkModel(): Promise<boolean> {
    const s = this.s;
    // Only a model Ollama is asked about shows the phase: a keyword-only index has nothing to check.
    if (s.embedder?.check) this.busy("checking");
    s.modelCheck = undefined;
    s.cancelModelCheck?.();
    s.cancelModelCheck = undefined;
    const checked = await checkModel(s.embedder);
    if (checked.ok) {
      s.cleared("model");
      return true;
    }
    s.modelCheck = "failed";
    s.fail("model", checked.error);
    s.cancelModelCheck = s.deps.scheduler.setTimer(MODEL_RECHECK_MS, () => {
      s.cancelModelCheck = undefined;
      this.requestModelCheck();
    });
    return false;
  }

  private busy(activity: NonNullable<SyncState["activity"]>): void {
    this.s.activity = activity;
    this.s.refreshPhase(this.control.loopRunning());
  }

  private applyReset(): void {
    const s = this.s;
    const keep = s.reset === "rebuild";
    s.reset = undefined;
    const old = s.synced;
    const dims = keep ? old.index.dims : (s.embedder?.dimensions() ?? 0);
    if (!keep) {
      s.keepOtherModelFiles ||= s.embedder !== undefined && s.vectorsModel !== "";
      s.vectorsModel = s.embedderModel;
    }
    const fresh = new SyncedIndex(dims, s.embedder !== undefined, s.settings.defaultLanguage, s.settings.vectorPrecision);
    s.languageDue = false;
    if (keep) for (const [hash, v] of old.pool.allVectors()) fresh.pool.seed(hash, v);
    s.useIndex(fresh);
    s.ready.clear();
    s.runner.inbox.length = 0;
    s.scan = { recheckContent: false };
    s.checkpoints.changed();
  }

  private async runScan(): Promise<void> {
    const s = this.s;
    const recheck = s.scan?.recheckContent ?? false;
    s.scan = undefined;
    this.busy("scanning");
    const scanned = await scanInto(s.ready, s.deps.source, s.synced.notes, s.exclusions, recheck);
    if (scanned.ok) {
      s.excludedByPath = scanned.value.excludedByPath;
      s.cleared("source");
      // A note that failed to index is not in the record, so a scan queues it again unless it is gone from the vault.
      for (const path of [...s.unindexed.keys()]) if (!s.ready.has(path)) this.roundContext().noteIndexed(path);
      return;
    }
    s.fail("source", scanned.error);
    s.cancelRescan?.();
    s.cancelRescan = s.deps.scheduler.setTimer(RESCAN_RETRY_MS, () => {
      s.cancelRescan = undefined;
      this.requestScan(recheck);
    });
  }

  private roundContext(): RoundContext {
    const s = this.s;
    return {
      source: s.deps.source,
      synced: s.synced,
      settings: s.settings,
      exclusions: s.exclusions,
      noteDone: (path) => s.deps.progress.noteDone(path),
      failed: (e) => s.fail("source", e),
      pause: () => s.pause(),
      between: async () => {
        await this.applyInbox();
        this.pump();
        // A first index is one long round: a checkpoint between two notes keeps what was embedded so far.
        if (s.saveDue()) {
          await this.saveNow(true);
          this.busy("indexing");
        }
        await s.pause();
      },
      interrupted: () => s.interrupted(),
      requeue: (path, item) => s.ready.add(path, item),
      changed: () => s.checkpoints.changed(),
      cut: (path) => s.cutNotes.push(path),
      binary: (path) => s.binaryNotes.push(path),
      noteFailed: (path, cause) => {
        s.unindexed.set(path, cause instanceof Error ? cause.message : String(cause));
        s.fail("notes", notIndexedError([...s.unindexed.keys()], cause));
      },
      noteIndexed: (path) => {
        if (!s.unindexed.delete(path)) return;
        if (s.unindexed.size === 0) s.cleared("notes");
        else s.fail("notes", notIndexedError([...s.unindexed.keys()], undefined));
      },
    };
  }

  private pump(): void {
    const s = this.s;
    // Only the writer embeds the index's texts: two processes never pay for the same vectors.
    if (!s.embedder || !s.life.writer || s.interrupted() || s.modelCheck !== undefined) return;
    s.runner.pump(s.embedder, s.synced.queue, s.settings);
    s.refreshPhase(this.control.loopRunning());
  }
}
