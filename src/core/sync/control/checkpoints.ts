import type { Result } from "../../result";
import { keepVectorsAside } from "../../persist/index-files";
import type { IndexSettings } from "../rules/index-settings";
import type { Scheduler } from "./scheduler";
import { saveSyncedIndex, type IndexFilesDeps } from "../store/sync-files";
import { SegmentFiles } from "../store/segment-files";
import type { Pause, SyncedIndex } from "../store/synced-index";

/** A save: what is saved, and how it shows itself and asks whether to go on. */
export interface SaveRequest {
  synced: SyncedIndex;
  settings: IndexSettings;
  /** The model the index's vectors belong to. */
  model: string;
  pause: Pause;
  /** The save starts (the phase shows it). */
  saving(): void;
  /** Asked once the snapshot is taken: false when work was cancelled meanwhile, so nothing is written. */
  shouldWrite(): boolean;
  /** Every note was checked against the current exclusion rules (asked once the old vectors went aside). */
  checked(): boolean;
}

/**
 * When to save, and the saving itself: a checkpoint after every `checkpointEvery` embedded chunks or
 * `checkpointEveryMs` of embedding (whichever comes first), one once the service has been idle for `idleSaveMs`
 * with unsaved changes, and one on request. It also guards files on disk that this index must not overwrite yet, and
 * owns the segmented files' writer (what it believes is on disk carries over from the load to every save).
 */
export class Checkpoints {
  /** The folder's segmented files: loading reads through them, and every save writes only what changed since. */
  readonly segmentFiles: SegmentFiles;
  private bytes: number | undefined;
  private dirty = false;
  /** The files on disk hold another model's vectors: no save may replace them until this index has vectors. */
  private otherModelFiles = false;
  /** The vectors file on disk was not accounted for by a readable meta file: the next save keeps it aside first. */
  private vectorsAside = false;
  private embedded = 0;
  /** When the first vector not saved yet arrived. */
  private embeddingSince: number | undefined;
  private wanted = false;
  private cancelIdle: (() => void) | undefined;

  constructor(
    private readonly deps: IndexFilesDeps & { scheduler: Scheduler; clock: () => number },
  ) {
    this.segmentFiles = new SegmentFiles(deps);
  }

  /** Bytes of the files at this process's last save; undefined before it. */
  get fileBytes(): number | undefined {
    return this.bytes;
  }

  /** There are changes no save has written yet. */
  get unsaved(): boolean {
    return this.dirty;
  }

  /** The index or the record of notes changed. */
  changed(): void {
    this.dirty = true;
  }

  /** `chunks` chunks got their vector. */
  vectorsAdded(chunks: number): void {
    if (chunks > 0) this.embeddingSince ??= this.deps.clock();
    this.embedded += chunks;
    this.dirty = true;
  }

  /** True when a save should run now. */
  due(settings: IndexSettings): boolean {
    if (this.wanted || this.embedded >= settings.checkpointEvery) return true;
    return this.embeddingSince !== undefined && this.deps.clock() - this.embeddingSince >= settings.checkpointEveryMs;
  }

  /** The service went idle: if anything is unsaved, saves after `ms` more of idleness (`run` asks for the save). */
  armIdleSave(ms: number, run: () => void): void {
    if (!this.dirty || this.cancelIdle) return;
    this.cancelIdle = this.deps.scheduler.setTimer(ms, () => {
      this.cancelIdle = undefined;
      this.wanted = true;
      run();
    });
  }

  /** Work started again, or the service stops: the idle save is off. */
  disarm(): void {
    this.cancelIdle?.();
    this.cancelIdle = undefined;
  }

  /**
   * What loading found on disk (see `LoadedIndex.otherModelOnDisk` and `vectorsAside`). Files that need a save though
   * the index is as loaded (the single-file layout to migrate, merged conflict copies) count as a change.
   */
  filesFound(otherModelOnDisk: boolean, vectorsAside: boolean): void {
    this.otherModelFiles = otherModelOnDisk;
    this.vectorsAside = vectorsAside;
    if (this.segmentFiles.unsaved) this.dirty = true;
  }

  /** The index was reset for another model while the files hold the old one's vectors: they stay until replaced. */
  keepOtherModelFiles(): void {
    this.otherModelFiles = true;
  }

  /**
   * Takes a snapshot and writes it. Returns undefined when nothing was written: another model's vectors on disk wait
   * for this index to have some, or `shouldWrite` said no once the snapshot was taken (work was cancelled meanwhile).
   * A failed write leaves the changes unsaved; the next checkpoint or idle save retries.
   */
  async checkpoint(req: SaveRequest): Promise<Result<unknown> | undefined> {
    // Another model's vectors stay on disk until this model has produced some (switching back then costs nothing).
    if (this.otherModelFiles && req.synced.index.vectorCount === 0) return undefined;
    req.saving();
    if (this.vectorsAside) {
      // Vectors no readable meta file accounted for are never overwritten: they go aside, to be taken back later.
      const aside = await keepVectorsAside(this.deps.store, this.deps.dataDir);
      if (!aside.ok) return aside;
      this.vectorsAside = false;
    }
    this.wanted = false;
    this.embedded = 0;
    this.embeddingSince = undefined;
    const at = this.deps.clock();
    const { synced, settings, model, pause } = req;
    const saved = await saveSyncedIndex(this.segmentFiles, synced, settings, model, at, pause, () => req.shouldWrite(), req.checked());
    if (saved?.ok) {
      this.bytes = saved.value.bytes;
      this.dirty = false;
      this.otherModelFiles = false;
    }
    return saved;
  }
}
