import type { Embedder } from "../../ollama/embedder";
import type { FileStore } from "../../persist/file-store";
import { INDEX_VECTORS_BACKUP, loadIndexFiles, loadVectorsBackup, type LoadOutcome, type SalvagedVectors } from "../../persist/index-files";
import { SNAPSHOT_FORMAT_VERSION } from "../../persist/snapshot";
import { snapshotVector } from "../../persist/int8-rows";
import { ok, type Result } from "../../result";
import type { SegmentFiles } from "./segment-files";
import { defaultLanguageSavedIn, exclusionRulesHash, indexChunkingHash, type IndexSettings } from "../rules/index-settings";
import { SyncedIndex, type Pause } from "./synced-index";
import { canonicalModelName } from "../../ollama/model-name";

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

/** What loading gave. */
export interface LoadedIndex {
  synced: SyncedIndex;
  /** The model the index's vectors belong to ("" for none). */
  model: string;
  /**
   * The files on disk hold vectors of another model, which were not loaded: they must stay on disk until the new
   * model has produced vectors of its own, so that going back to the old model costs nothing.
   */
  otherModelOnDisk: boolean;
  /**
   * The default language the loaded chunks were analysed with. It differs from the settings' when that alone changed
   * since the save: the index is loaded as saved (nothing is read or embedded again) and the caller re-analyses the
   * chunks the new default decides (see `SyncedIndex.setDefaultLanguage`).
   */
  defaultLanguage: string;
  /**
   * The vectors file on disk is one no readable meta file accounted for (its meta file was damaged or lost), and this
   * index does not carry its vectors: the first save keeps it aside (`keepVectorsAside`) instead of replacing it.
   */
  vectorsAside: boolean;
}

/** The saved files as read, before the model check decides what to keep of them (see `adoptSavedIndex`). */
export interface SavedFiles {
  outcome: LoadOutcome;
  /** The embedder's model in its one spelling, which the files were compared with ("" without an embedder). */
  model: string;
}

/**
 * Reads the saved index (the segmented files of the folder first; the single-file layout when there are none) and
 * compares it with `settings` and `embedder`'s model. Asks nothing of Ollama, so it can run while the model is checked.
 */
export async function readSavedIndex(
  deps: IndexFilesDeps,
  files: SegmentFiles,
  settings: IndexSettings,
  embedder: Embedder | undefined,
  pause: Pause,
): Promise<SavedFiles> {
  const model = canonicalModelName(embedder?.model ?? "");
  const expect = { model, chunkingHash: indexChunkingHash(settings) };
  // Int8 rows on disk stay int8 in an int8 index (adopted as they are); any other pairing reads them as float32.
  const keepInt8 = settings.vectorPrecision === "int8";
  const segmented = await files.load(expect, pause, deps.notify, keepInt8);
  // No segments yet: the single-file layout, if there is one, loads as before and the first save migrates it.
  const single = segmented.kind === "missing" ? await loadIndexFiles(deps.store, deps.dataDir, expect, { pause, keepInt8 }) : segmented;
  // Neither layout has an index, but segments lie there: their vectors go with the "missing" outcome.
  const outcome = single.kind === "missing" && segmented.kind === "missing" ? segmented : single;
  if (segmented.kind === "missing") files.singleFileFound(outcome.kind !== "missing");
  return { outcome, model };
}

/**
 * Whether what `adoptSavedIndex` keeps of `saved` depends on the model check. Files that match the settings and the
 * configured model load the same either way, so their notes can be searched before Ollama has answered; files of
 * another model (or none, or damaged ones) wait for the check, so that vectors of two models never meet.
 */
export function awaitsModelCheck(saved: SavedFiles): boolean {
  return saved.outcome.kind !== "loaded";
}

/**
 * Loads the saved index read by `readSavedIndex` into a new `SyncedIndex`. Missing files give an empty index.
 * Unusable files give an empty index and one notice that says why; when they were intact but built with other
 * settings, and with the same model, their vectors are offered as seeds, so the rebuild embeds only text that really
 * changed. `keepSavedModel` (the configured model can't be used): intact files that differ only in their model are
 * loaded as they are.
 */
export async function adoptSavedIndex(
  deps: IndexFilesDeps,
  saved: SavedFiles,
  settings: IndexSettings,
  embedder: Embedder | undefined,
  pause: Pause,
  hooks: LoadHooks,
  keepSavedModel = false,
): Promise<LoadedIndex> {
  const { outcome, model } = saved;
  const embedding = embedder !== undefined;
  const language = settings.defaultLanguage;
  // A vectors file that no readable meta file accounts for, and that this index won't carry, is kept aside.
  const stray = outcome.kind === "discarded" && outcome.strayVectors === true;
  // An empty index offered `salvaged`'s vectors as seeds, under the model `as`; `reused` counts them.
  const seeded = (salvaged: SalvagedVectors, as: string): { loaded: LoadedIndex; reused: number } => {
    const synced = new SyncedIndex(salvaged.dims, embedding, language, settings.vectorPrecision);
    const reused = synced.pool.seedRows(salvaged.hashes, (i) => salvaged.row(i));
    return { reused, loaded: { synced, model: as, otherModelOnDisk: false, defaultLanguage: language, vectorsAside: false } };
  };
  // An empty index has vectors of no model yet; the configured one only once it passed its check. Vectors of the
  // configured model kept aside by an earlier run are offered as seeds.
  const fresh = async (otherModelOnDisk = false): Promise<LoadedIndex> => {
    const base = { otherModelOnDisk, defaultLanguage: language, vectorsAside: stray };
    const backup = model !== "" && !keepSavedModel ? await loadVectorsBackup(deps.store, deps.dataDir, { pause }) : undefined;
    if (backup?.model !== model) return { ...base, synced: new SyncedIndex(0, embedding, language, settings.vectorPrecision), model: keepSavedModel ? "" : model };
    const { loaded, reused } = seeded(backup, model);
    if (reused > 0) deps.notify(`${reused.toLocaleString("en-US")} embeddings of ${model} kept in ${INDEX_VECTORS_BACKUP} are reused.`);
    return { ...loaded, ...base };
  };
  const kept = outcome.kind === "discarded" ? outcome.reusable : undefined;
  const keep = keepSavedModel && kept?.header.chunkingHash === indexChunkingHash(settings) ? kept : undefined;
  const savedLanguage = !keepSavedModel && kept?.header.model === model ? defaultLanguageSavedIn(kept.header.chunkingHash, settings) : undefined;
  const snapshot = keep ?? (outcome.kind === "loaded" ? outcome.snapshot : savedLanguage !== undefined ? kept : undefined);
  if (snapshot) {
    const defaultLanguage = savedLanguage ?? language;
    const synced = new SyncedIndex(snapshot.header.dims, embedding, defaultLanguage, settings.vectorPrecision);
    hooks.filling(synced);
    hooks.notes(snapshot.notes.length);
    await synced.restore(snapshot, pause, (path) => hooks.noteDone(path));
    synced.checkedExclusions = snapshot.header.exclusionsHash;
    return { synced, model: snapshot.header.model, otherModelOnDisk: false, defaultLanguage, vectorsAside: false };
  }
  if (outcome.kind === "missing" && outcome.salvaged && model !== "" && outcome.salvaged.model === model) {
    const { loaded, reused } = seeded(outcome.salvaged, model);
    if (reused > 0) {
      deps.notify(
        `The search index folder holds segments but no manifest yet (a sync tool may still be copying it): ${reused.toLocaleString("en-US")} embeddings in them are reused, and only other text is embedded.`,
      );
    }
    return loaded;
  }
  if (outcome.kind !== "discarded") return fresh();
  const salvaged = outcome.salvaged;
  // The configured model can't be used: the salvaged vectors stay the index's, under the model they were made with,
  // so the rebuilt notes take them back and the next save writes them again (a mistyped name must cost nothing).
  const salvageAs = salvaged && salvaged.model !== "" && (keepSavedModel || salvaged.model === model) ? salvaged.model : undefined;
  if (salvaged && salvageAs !== undefined) {
    const { loaded, reused: recovered } = seeded(salvaged, salvageAs);
    const reused = salvageAs === model ? "are reused; only the rest are embedded again" : `are kept for ${salvageAs}`;
    deps.notify(
      recovered === 0
        ? outcome.error.message
        : `${outcome.error.message} ${recovered.toLocaleString("en-US")} embeddings in it were intact and ${reused}.`,
    );
    return loaded;
  }
  deps.notify(
    stray ? `${outcome.error.message} The vectors file is kept as ${INDEX_VECTORS_BACKUP} before it is replaced.` : outcome.error.message,
  );
  // Intact vectors of another model: like a model switch, they stay on disk until the new model has vectors.
  if (salvaged && model !== "") return fresh(embedding && salvaged.hashes.some((h) => h !== ""));
  const old = outcome.reusable;
  if (!old || old.header.dims === 0) return fresh();
  if (model === "" || old.header.model !== model) return fresh(embedding && old.hasVector.includes(1));
  const dims = old.header.dims;
  const synced = new SyncedIndex(dims, embedding, language, settings.vectorPrecision);
  // Rows are read when a seed is used: an int8 index's rows are not all made float32 for the whole rebuild.
  synced.pool.seedRows(
    old.chunks.map((c, i) => (old.hasVector[i] === 1 ? c.embedHash : "")),
    (i) => snapshotVector(old, i),
  );
  return { synced, model, otherModelOnDisk: false, defaultLanguage: language, vectorsAside: false };
}

/**
 * Saves a checkpoint of `synced`, headed with the settings and model it was built with. `shouldWrite` is asked once
 * the snapshot is taken, so that work cancelled meanwhile writes nothing. `exclusionsChecked`: every note was checked
 * against the current exclusion rules (no re-check is queued or under way). Writes what changed since the last save
 * into `files` as new segments and a new manifest.
 */
export async function saveSyncedIndex(
  files: SegmentFiles,
  synced: SyncedIndex,
  settings: IndexSettings,
  model: string,
  savedAt: number,
  pause: Pause,
  shouldWrite: () => boolean,
  exclusionsChecked: boolean,
): Promise<Result<{ bytes: number; written: number }> | undefined> {
  const header = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    model,
    dims: synced.index.dims,
    chunkingHash: indexChunkingHash(settings),
    savedAt,
    exclusionsHash: exclusionsChecked ? exclusionRulesHash(settings) : "",
  };
  if (!shouldWrite()) return undefined;
  const saved = await files.save(synced, header, pause);
  return saved.ok ? ok({ bytes: saved.value.total, written: saved.value.bytes }) : saved;
}
