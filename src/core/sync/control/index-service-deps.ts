import type { ChunkIndex } from "../../index/chunk-index";
import type { Embedder } from "../../ollama/embedder";
import type { FileStore } from "../../persist/file-store";
import type { IndexSettings } from "../rules/index-settings";
import type { NoteSource } from "../notes/note-source";
import type { NoteState } from "../notes/note-state";
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
  indexReplaced?: (index: ChunkIndex, notes: ReadonlyMap<string, NoteState>) => void;
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
