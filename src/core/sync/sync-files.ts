import type { Embedder } from "../ollama/embedder";
import type { FileStore } from "../persist/file-store";
import { loadIndexFiles, saveIndexFiles } from "../persist/index-files";
import { SNAPSHOT_FORMAT_VERSION } from "../persist/snapshot";
import type { Result } from "../result";
import { exclusionRulesHash, indexChunkingHash, type IndexSettings } from "./index-settings";
import { SyncedIndex, type Pause } from "./synced-index";

/** Where the index files are and how to report on them. */
export interface IndexFilesDeps {
  store: FileStore;
  dataDir: string;
  notify: (message: string) => void;
}

/** How loading shows itself while the saved notes go back into the index. */
export interface LoadHooks {
  /** Gets the new index before its notes go in (Orama indexes every chunk's text again), so searches see it fill. */
  filling(synced: SyncedIndex): void;
  /** `count` saved notes are about to be put back. */
  notes(count: number): void;
  /** One saved note is being put back. */
  noteDone(path: string): void;
}

/**
 * Loads the saved index into a new `SyncedIndex`. Missing files give an empty index. Unusable files give an empty
 * index and one notice that says why; when they were intact but built with other settings, and with the same model,
 * their vectors are offered as seeds, so the rebuild embeds only text that really changed.
 */
export async function loadSyncedIndex(
  deps: IndexFilesDeps,
  settings: IndexSettings,
  embedder: Embedder | undefined,
  pause: Pause,
  hooks: LoadHooks,
): Promise<SyncedIndex> {
  const model = embedder?.model ?? "";
  const expect = { model, chunkingHash: indexChunkingHash(settings) };
  const outcome = await loadIndexFiles(deps.store, deps.dataDir, expect, { pause });
  const embedding = embedder !== undefined;
  if (outcome.kind === "loaded") {
    const synced = new SyncedIndex(outcome.snapshot.header.dims, embedding, settings.defaultLanguage);
    hooks.filling(synced);
    hooks.notes(outcome.snapshot.notes.length);
    await synced.restore(outcome.snapshot, pause, (path) => hooks.noteDone(path));
    synced.checkedExclusions = outcome.snapshot.header.exclusionsHash;
    return synced;
  }
  if (outcome.kind === "missing") return new SyncedIndex(0, embedding, settings.defaultLanguage);
  deps.notify(outcome.error.message);
  const old = outcome.reusable;
  if (!old || model === "" || old.header.model !== model || old.header.dims === 0) return new SyncedIndex(0, embedding, settings.defaultLanguage);
  const dims = old.header.dims;
  const synced = new SyncedIndex(dims, embedding, settings.defaultLanguage);
  old.chunks.forEach((c, i) => {
    if (old.hasVector[i] === 1) synced.pool.seed(c.embedHash, old.vectors.subarray(i * dims, (i + 1) * dims));
  });
  return synced;
}

/**
 * Saves a checkpoint of `synced`, headed with the settings and model it was built with. `shouldWrite` is asked once
 * the snapshot is taken, so that work cancelled meanwhile writes nothing. `exclusionsChecked`: every note was checked
 * against the current exclusion rules (no re-check is queued or under way).
 */
export async function saveSyncedIndex(
  deps: IndexFilesDeps,
  synced: SyncedIndex,
  settings: IndexSettings,
  model: string,
  savedAt: number,
  pause: Pause,
  shouldWrite: () => boolean,
  exclusionsChecked: boolean,
): Promise<Result<{ bytes: number }> | undefined> {
  const header = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    model,
    chunkingHash: indexChunkingHash(settings),
    savedAt,
    exclusionsHash: exclusionsChecked ? exclusionRulesHash(settings) : "",
  };
  const snapshot = await synced.snapshot(header, pause);
  if (!shouldWrite()) return undefined;
  return saveIndexFiles(deps.store, deps.dataDir, snapshot, { pause });
}
