import type { InputsCut } from "../../ollama/inputs-cut";
import type { AppError } from "../../result";

/**
 * What the sync engine is doing:
 * - "idle": the index matches the source and every vector is in (or nothing can run until the next event);
 * - "checking": asking Ollama whether a newly chosen embedding model can be used; until it answers, the index is
 *   still the old model's and nothing is embedded;
 * - "loading": reading the saved index; "scanning": comparing the source with it;
 * - "indexing": reading and chunking notes (they become keyword-searchable one by one);
 * - "embedding": only vectors are still being filled in; "saving": writing a checkpoint;
 * - "paused": paused by the user; "error": waiting to retry after a failure (see `lastError`).
 */
export type SyncPhase = "idle" | "checking" | "loading" | "scanning" | "indexing" | "embedding" | "saving" | "paused" | "error";

/** A progress report, emitted at most about 10 times a second and on every phase change. */
export interface SyncProgress {
  phase: SyncPhase;
  /** Units finished in the current phase: notes while "loading" or "indexing", chunks while "embedding". */
  done: number;
  /** Units of the current phase in this run (grows when new work arrives). */
  total: number;
  /** Estimated ms until `done === total`, from the rate so far; undefined until there is a rate to go by. */
  etaMs: number | undefined;
  /** Path of the note being loaded, read or chunked, if any. */
  currentFile: string | undefined;
  /** Notes in the index. */
  notes: number;
  /** Chunks in the index. */
  chunks: number;
  /** Chunks still waiting for their vector. */
  pendingEmbeddings: number;
  /** The last failure (e.g. Ollama unreachable), cleared by the next success. */
  lastError: AppError | undefined;
  /** Chunks embedded only in part, cut to the model's input window since it was chosen; undefined when none were. */
  inputsCut: InputsCut | undefined;
}

/** The report of a service that has not started. */
export const INITIAL_PROGRESS: Readonly<SyncProgress> = Object.freeze({
  phase: "idle",
  done: 0,
  total: 0,
  etaMs: undefined,
  currentFile: undefined,
  notes: 0,
  chunks: 0,
  pendingEmbeddings: 0,
  lastError: undefined,
  inputsCut: undefined,
});

/** What the phase is decided from; the functions are asked only when the answers before them left it open. */
export interface PhaseFacts {
  paused: boolean;
  /** What a step is busy with, if one is. */
  activity: "checking" | "loading" | "scanning" | "indexing" | "saving" | undefined;
  modelCheckDue: boolean;
  /** The loop is running, so requests in flight are waited for. */
  loopRunning: boolean;
  /** Notes, a scan, a reset, a model check or a language change wait. */
  pendingWork(): boolean;
  /** Requests are in flight, or chunks wait for vectors that will be sent. */
  embedding(): boolean;
  /** A failure stands while work is left over: chunks without vectors, or a scan waiting to be retried. */
  failing(): boolean;
}

/** The phase the facts call for; undefined to keep the phase shown. */
export function phaseNow(f: PhaseFacts): SyncPhase | undefined {
  if (f.paused) return "paused";
  if (f.activity) return f.activity;
  // A model check waits for nothing else: from the moment it is asked for, the index it guards is not ready.
  if (f.modelCheckDue) return "checking";
  // Between two steps of pending work the phase stays as it is: "idle" there would flash "Index ready" over an
  // index that is still changing (or about to be discarded, after a new model passed its check).
  if (f.loopRunning && f.pendingWork()) return undefined;
  // Between two batches (one delivered, the next not yet sent) nothing is in flight, but embedding goes on.
  if (f.loopRunning && f.embedding()) return "embedding";
  return f.failing() ? "error" : "idle";
}
