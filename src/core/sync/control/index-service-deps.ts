import type { ChunkIndex } from "../../index/chunk-index";
import type { Embedder } from "../../ollama/embedder";
import type { FileStore } from "../../persist/file-store";
import type { IndexSettings } from "../rules/index-settings";
import type { NoteSource } from "../notes/note-source";
import type { NoteState } from "../notes/note-state";
import type { Scheduler } from "./scheduler";

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
