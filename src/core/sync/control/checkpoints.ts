import type { Result } from "../../result";
import type { IndexSettings } from "../rules/index-settings";
import type { Scheduler } from "./scheduler";
import { saveSyncedIndex, type IndexFilesDeps } from "../store/sync-files";
import type { Pause, SyncedIndex } from "../store/synced-index";

/**
 * When to save, and the saving itself: a checkpoint after every `checkpointEvery` embedded chunks or
 * `checkpointEveryMs` of embedding (whichever comes first), one once the service has been idle for `idleSaveMs`
 * with unsaved changes, and one on request.
 */
export class Checkpoints {
  /** Bytes of the files at the last save. */
  fileBytes: number | undefined;
  private dirty = false;
  private embedded = 0;
  /** When the first vector not saved yet arrived. */
  private embeddingSince: number | undefined;
  private wanted = false;
  private cancelIdle: (() => void) | undefined;

  constructor(
    private readonly deps: IndexFilesDeps & { scheduler: Scheduler; clock: () => number },
  ) {}

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
   * Takes a snapshot and writes it. Returns undefined when `shouldWrite` said no once the snapshot was taken (work
   * was cancelled meanwhile). A failed write leaves the changes unsaved; the next checkpoint or idle save retries.
   */
  async save(
    synced: SyncedIndex,
    settings: IndexSettings,
    model: string,
    pause: Pause,
    shouldWrite: () => boolean,
    exclusionsChecked: boolean,
  ): Promise<Result<{ bytes: number }> | undefined> {
    this.wanted = false;
    this.embedded = 0;
    this.embeddingSince = undefined;
    const at = this.deps.clock();
    const saved = await saveSyncedIndex(this.deps, synced, settings, model, at, pause, shouldWrite, exclusionsChecked);
    if (saved?.ok) {
      this.fileBytes = saved.value.bytes;
      this.dirty = false;
    }
    return saved;
  }
}
