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
