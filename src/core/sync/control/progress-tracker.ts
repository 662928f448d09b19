import type { InputsCut } from "../../ollama/inputs-cut";
import type { AppError } from "../../result";
import type { Scheduler } from "./scheduler";
import type { SyncPhase, SyncProgress } from "./sync-progress";

/** Emissions at most this often, except phase changes, which go out at once. */
const MIN_INTERVAL_MS = 100;

/** Counts that live elsewhere, read at each emission. */
export interface LiveCounts {
  notes: number;
  chunks: number;
  pendingEmbeddings: number;
  inputsCut: InputsCut | undefined;
}

/**
 * What failed, by the part that failed. Each failure stands until that part succeeds in full: "embed" until no chunk
 * waits for a vector, "model" until the model passes its check, "source" until a scan lists the vault again, "save"
 * until a save succeeds, "notes" until every note that failed to index is indexed (or gone).
 */
export type FailureKind = "embed" | "model" | "source" | "save" | "notes";

interface Counter {
  done: number;
  total: number;
  startedAt: number;
}

/**
 * Builds `SyncProgress` reports and hands them to listeners, throttled. Notes are counted while loading (notes put
 * back from the index file) and indexing, chunks while embedding; counts restart after loading and when the service
 * goes idle. The ETA is the remaining units at the rate of the current run.
 */
export class ProgressTracker {
  private readonly listeners = new Set<(p: SyncProgress) => void>();
  private phase: SyncPhase = "idle";
  private notes: Counter = { done: 0, total: 0, startedAt: 0 };
  private embeds: Counter = { done: 0, total: 0, startedAt: 0 };
  private file: string | undefined;
  private error: AppError | undefined;
  private readonly failures = new Map<FailureKind, AppError>();
  private lastEmit = -Infinity;
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly clock: () => number,
    private readonly scheduler: Scheduler,
    private readonly counts: () => LiveCounts,
  ) {}

  subscribe(cb: (p: SyncProgress) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  get lastError(): AppError | undefined {
    return this.error;
  }

  setPhase(phase: SyncPhase): void {
    if (phase === this.phase) return;
    const after = this.phase;
    this.phase = phase;
    // Notes loaded from the index file are not notes indexed: the count starts again after loading.
    if (after === "loading") this.notes = { done: 0, total: 0, startedAt: 0 };
    if (phase === "idle" || phase === "error") {
      this.notes = { done: 0, total: 0, startedAt: 0 };
      this.embeds = { done: 0, total: 0, startedAt: 0 };
      this.file = undefined;
    }
    this.emit(true);
  }

  /** More notes to read in this run. */
  addNotes(n: number): void {
    if (this.notes.total === this.notes.done) this.notes.startedAt = this.clock();
    this.notes.total += n;
    this.emit(false);
  }

  /** One note read (or found unchanged). */
  noteDone(path: string): void {
    this.notes.done = Math.min(this.notes.total, this.notes.done + 1);
    this.file = path;
    this.emit(false);
  }

  /** Chunks that got their vector. */
  embedded(n: number): void {
    if (this.embeds.done === 0) this.embeds.startedAt = this.clock();
    this.embeds.done += n;
    this.emit(false);
  }

  /** Records a failure of `kind`; `lastError` shows the latest failure still standing. */
  fail(kind: FailureKind, e: AppError): void {
    this.failures.delete(kind);
    this.failures.set(kind, e);
    this.setError(e);
  }

  /**
   * `kind` succeeded in full: its failure no longer stands. A later success of one part never hides the failure of
   * another, nor an earlier failure of the same part whose work is still left (see `FailureKind`).
   */
  cleared(kind: FailureKind): void {
    if (!this.failures.delete(kind)) return;
    this.setError([...this.failures.values()].pop());
  }

  /** Shows `e` as the last error, outside the failures by kind (a crash of the loop). */
  setError(e: AppError | undefined): void {
    if (e === this.error) return;
    this.error = e;
    this.emit(true);
  }

  current(): SyncProgress {
    const live = this.counts();
    const embedding = this.phase === "embedding";
    const c = embedding ? { ...this.embeds, total: this.embeds.done + live.pendingEmbeddings } : this.notes;
    const elapsed = this.clock() - c.startedAt;
    const counted = this.phase === "loading" || this.phase === "indexing" || embedding;
    const useful = counted && c.done > 0 && elapsed > 0;
    return {
      phase: this.phase,
      done: c.done,
      total: c.total,
      etaMs: useful ? Math.round(((c.total - c.done) * elapsed) / c.done) : undefined,
      currentFile: this.phase === "indexing" || this.phase === "loading" ? this.file : undefined,
      ...live,
      lastError: this.error,
    };
  }

  /** Stops the pending throttled emission. */
  dispose(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  private emit(now: boolean): void {
    if (this.listeners.size === 0) return;
    const wait = this.lastEmit + MIN_INTERVAL_MS - this.clock();
    if (now || wait <= 0) {
      this.dispose();
      this.lastEmit = this.clock();
      const p = this.current();
      for (const cb of this.listeners) cb(p);
    } else {
      this.cancelTimer ??= this.scheduler.setTimer(wait, () => {
        this.cancelTimer = undefined;
        this.emit(true);
      });
    }
  }
}
