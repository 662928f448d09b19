import { foreignFailures } from "../../text/foreign-code";
import type { NoteTroubles } from "../notes/note-troubles";
import type { Checkpoints } from "./checkpoints";
import type { LiveIndex } from "./live-index";
import type { ProgressTracker } from "./progress-tracker";
import type { SyncProgress } from "./sync-progress";

/** `SyncProgress` plus what only the status view needs. */
export interface IndexStatus extends SyncProgress {
  /** Bytes of the index files at this process's last save; undefined before it (loading does not measure them). */
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
  /**
   * Texts whose vector this process took from segments that another device (or process) saved in the index folder,
   * instead of embedding them again (see `ForeignRows`). 0 when none.
   */
  vectorsFromFolder: number;
}

/** The status now, from the actor's pieces; `excludedByPath` is the count of the last scan. */
export function indexStatus(
  progress: ProgressTracker,
  live: LiveIndex,
  troubles: NoteTroubles,
  checkpoints: Checkpoints,
  excludedByPath: number,
  vectorsFromFolder: number,
): IndexStatus {
  const synced = live.synced;
  return {
    ...progress.current(),
    fileBytes: checkpoints.fileBytes,
    vectorsModel: live.vectorsModel,
    excludedNotes: excludedByPath + synced.notes.size - synced.noteCount,
    unindexedNotes: troubles.failedNotes(),
    analysisFallbacks: foreignFailures().count,
    vectorsFromFolder,
  };
}
