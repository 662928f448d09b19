import type { ChunkIndex } from "../../index/chunk-index";
import type { Embedder } from "../../ollama/embedder";
import type { FileStore } from "../../persist/file-store";
import type { Result } from "../../result";
import type { IndexCost, IndexSettings } from "../rules/index-settings";
import type { NoteEvent, NoteSource } from "../notes/note-source";
import type { Scheduler } from "./scheduler";
import type { SyncProgress } from "./sync-progress";

/** What an `IndexService` is built from. */
export interface IndexServiceDeps {
  /** Where the notes come from. */
  source: NoteSource;
  /** Where the index files are kept. */
  store: FileStore;
  /** Folder of the index files inside `store` (the plugin's folder), "" for the store's root. */
  dataDir: string;
  /** Indexing settings; pass them through `resolveIndexSettings` first. */
  settings: IndexSettings;
  /** Computes vectors. Without one the index is keyword-only (and a saved index of some model is rebuilt). */
  embedder?: Embedder;
  /** Slices work and runs timers. Default `createScheduler()`; tests inject a hand-driven one. */
  scheduler?: Scheduler;
  /** Wall clock in ms, for ETAs, progress throttling and snapshot times. Default `Date.now`. */
  clock?: () => number;
  /**
   * Shows one user-visible notice, e.g. that the index file was corrupt and is being rebuilt, or that some notes
   * were too large and were cut. Default: none shown.
   */
  notify?: (message: string) => void;
  /**
   * Whether this process starts as the index's writer (it holds the writer lock): only the writer sends the
   * index's texts to the embedder and saves; a reader keeps its index current in memory and searches it (queries
   * are still embedded). Change it with `setWriter`. Default true.
   */
  writer?: boolean;
  /**
   * Called whenever the index object is replaced (loaded, reset, vectors of a new size), with the new one: how the
   * session keeps its search engine on the live index. Not called for the index the service starts with (`index`).
   * Default: nobody is told.
   */
  indexReplaced?: (index: ChunkIndex) => void;
}

/** `SyncProgress` plus what only the status view needs. */
export interface IndexStatus extends SyncProgress {
  /** Bytes of the index files at the last save or load; undefined before either. */
  fileBytes: number | undefined;
  /**
   * The model the index's vectors belong to ("" for none). It differs from the embedder's model while a model that
   * can't be used (not installed, no embeddings) is configured: the index then keeps its vectors.
   */
  vectorsModel: string;
  /** Notes the exclusion rules leave out (by path, tag or length) and files named .md that are not text. */
  excludedNotes: number;
  /**
   * Notes that failed to index on an unexpected error, with the error's message. They are not searchable, are tried
   * again at the next scan or change, and `lastError` names them while any is left.
   */
  unindexedNotes: readonly { path: string; reason: string }[];
  /**
   * Times in this process that code we don't own (a stemmer, the word segmenter, detection) failed on a word, which
   * was then indexed or searched unstemmed (see `foreignFailures`). 0 when nothing failed.
   */
  analysisFallbacks: number;
}

/**
 * Keeps a `ChunkIndex` equal to the notes of a `NoteSource`, persisted under `dataDir`. Nothing here throws or
 * leaves a promise floating: failures land in `status().lastError` and, where the user must know, in one notice.
 */
export interface IndexServiceApi {
  /** The live index; it is replaced (and `indexReplaced` called) on a rebuild or when the vector size becomes known. */
  readonly index: ChunkIndex;
  /** True while paused by `pause()`. */
  readonly paused: boolean;
  /**
   * Loads the saved index, compares it with the source and queues only what changed, then runs that work. Resolves
   * once the index is loaded and reconciled (notes keyword-searchable); vectors go on filling in after. Aborting
   * `signal` (e.g. on unload) cancels all work, embedding requests included; nothing more is written until `stop()`,
   * which still saves.
   */
  start(signal?: AbortSignal): Promise<void>;
  /**
   * Queues a change from the host; runs after `settings.debounceMs` without further events (and at the latest five
   * debounce periods after the first). Non-markdown paths are ignored. Moves, renames and folder renames cost no
   * embedding (a title that is only the file name is not part of the embedded text, see `embeddingInput`).
   */
  enqueue(e: NoteEvent): void;
  /** Runs queued changes now, without waiting for the debounce, and resolves once settled (see `whenIdle`). */
  flush(): Promise<void>;
  /**
   * Resolves once nothing runs and nothing is runnable: the queue is empty and no embedding request is in flight,
   * or the service is paused, or it waits for a retry after a failure. Events still in their debounce period are not
   * waited for (`flush` runs them first).
   */
  whenIdle(): Promise<void>;
  /** Stops taking new slices of work until `resume()`; requests already in flight finish. */
  pause(): void;
  resume(): void;
  /**
   * Discards the index and builds it again from the source; vectors of unchanged text are reused, not re-embedded.
   * Resolves once every note is indexed again (vectors may still be filling in).
   */
  rebuild(): Promise<void>;
  /** True while this process is the writer (see `IndexServiceDeps.writer`). */
  readonly writer: boolean;
  /**
   * Becomes the writer (chunks waiting for vectors are sent, unsaved changes saved) or a reader (requests in flight
   * are cancelled, their texts wait, nothing more is saved).
   */
  setWriter(writer: boolean): void;
  /** Applies new settings and performs what `cost` says they cost (decided by `indexCost`, never here). */
  updateSettings(s: IndexSettings, cost: IndexCost): void;
  /** Switches the embedder. Another model (or vector size) rebuilds the index: vectors of two models never mix. */
  setEmbedder(e: Embedder | undefined): void;
  /** Calls `cb` with progress (throttled to about 10 a second); returns the unsubscribe function. */
  onProgress(cb: (p: SyncProgress) => void): () => void;
  /** Progress now, plus file size. */
  status(): IndexStatus;
  /** Saves a checkpoint now (waits for a save already running). */
  save(): Promise<Result<void>>;
  /** Cancels all work, waits for it to wind down, then saves. The service can't be started again. */
  stop(): Promise<void>;
}
