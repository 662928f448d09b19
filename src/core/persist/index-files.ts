import { ok, type AppError, type Result } from "../result";
import { corruptFile } from "./container";
import type { FileStore } from "./file-store";
import type { IndexSnapshot, SnapshotToSave } from "./snapshot";
import { runSliced } from "../shared/slices";
import { decodeSnapshotSteps, encodeSnapshotSteps, type SnapshotExpectations } from "./snapshot-codec";
import { decodeVectorsFile } from "./vectors-file";

/** Name of the meta file (notes, chunks, texts) inside the folder given to save and load. */
export const INDEX_META_FILE = "index-meta.bin";
/** Name of the vectors file (Float32 rows) inside the folder given to save and load. */
export const INDEX_VECTORS_FILE = "index-vectors.bin";
/**
 * Name of the vectors file kept aside: a vectors file that no readable meta file accounted for (the meta file was
 * damaged or lost) and that the index does not carry, moved here before a save replaces it. Loading takes its vectors
 * back when the model they belong to is used again.
 */
export const INDEX_VECTORS_BACKUP = "index-vectors.bin.bak";
const TEMP_SUFFIX = ".tmp";

/** How saving and loading share the thread with the rest of the app. */
export interface PersistOptions {
  /**
   * Awaited between slices of encoding or decoding (about 2 MB or 1,000 chunks each), so that the UI stays
   * responsive: typically a promise that settles on the next macrotask. When omitted (the default) the work runs
   * without yielding.
   */
  pause?: () => Promise<void>;
}

/** How loading reads the vectors. */
export interface LoadOptions extends PersistOptions {
  /** An int8 vectors file's rows are kept as they are (`IndexSnapshot.int8`), for an index that keeps int8. Default false. */
  keepInt8?: boolean;
}

/** What loading found. Exactly one of these, never a throw. */
export type LoadOutcome =
  /** `recovered` is true when a save was interrupted between its two renames and its finished temp files were used. */
  | { kind: "loaded"; snapshot: IndexSnapshot; recovered: boolean }
  /**
   * No index was saved yet: build one, no notice needed. `salvaged`: segment files lie in the folder with no manifest
   * to list them (a sync tool still copying another device's index, whose manifest lands last; or a lost manifest),
   * and these are their vectors, to be reused by their texts' hashes.
   */
  | { kind: "missing"; salvaged?: SalvagedVectors }
  /**
   * The files can't be used; `error` is the one notice to show and the index must be rebuilt. `reusable` is set
   * when they were intact but built with other settings (see `SnapshotDecodeResult`).
   */
  | {
      kind: "discarded";
      error: AppError;
      reusable?: IndexSnapshot;
      salvaged?: SalvagedVectors;
      /** No readable meta file accounts for the vectors file on disk (it is kept aside before a save replaces it). */
      strayVectors?: boolean;
    };

/**
 * Vectors taken from an intact vectors file whose meta file is damaged or lost: they can be reused by content hash
 * (only for `model`), since the vectors file names each row's hash.
 */
export interface SalvagedVectors {
  model: string;
  dims: number;
  /** Row i's embedding input hash, "" for a row without a vector. */
  hashes: string[];
  /**
   * Row i's vector as float32 values: a view, or a copy made on each call when the rows are kept as int8 codes (a
   * salvaged int8 index then takes a quarter of the memory). Undefined for a row without a vector.
   */
  row(i: number): Float32Array | undefined;
}

/**
 * Saves atomically: both files go to temp names first, then the vectors file and last the meta file are renamed
 * over the old ones. A failed write leaves the old pair untouched. The meta file names the checksum of its vectors
 * file, so a crash between the two renames can never load as a silent mix of two saves. Callers must not run two
 * saves into the same `dir` at once (they would share temp files; the pairing check would still refuse a mix).
 * With `options.pause`, other code runs while this encodes: it must not change `s` (its arrays, its vectors) until
 * the returned promise settles.
 */
export async function saveIndexFiles(
  store: FileStore,
  dir: string,
  s: SnapshotToSave,
  options: PersistOptions = {},
): Promise<Result<{ bytes: number }>> {
  const encoded = await runSliced(encodeSnapshotSteps(s), options.pause);
  if (!encoded.ok) return encoded;
  const paths = indexFilePaths(dir);
  const { meta, vectors } = encoded.value;
  for (const [path, data] of [
    [paths.vectorsTemp, vectors],
    [paths.metaTemp, meta],
  ] as const) {
    const written = await store.write(path, data);
    if (!written.ok) {
      await store.remove(paths.vectorsTemp);
      await store.remove(paths.metaTemp);
      return written;
    }
  }
  // From here on, leave the temp files alone on failure: they are what `loadIndexFiles` recovers from.
  const movedVectors = await store.rename(paths.vectorsTemp, paths.vectors);
  if (!movedVectors.ok) return movedVectors;
  const movedMeta = await store.rename(paths.metaTemp, paths.meta);
  if (!movedMeta.ok) return movedMeta;
  return ok({ bytes: meta.length + vectors.length });
}

/**
 * Loads the saved index. When the saved pair is unusable, it tries the pairs that a save interrupted between its
 * renames leaves behind (the temp meta file with the new or the temp vectors file); the pairing checksum accepts
 * only files written together. At most three fixed attempts, so it can't loop; if none loads, the outcome is that
 * of the saved pair, so a torn temp file never causes a notice of its own.
 */
export async function loadIndexFiles(
  store: FileStore,
  dir: string,
  expect: SnapshotExpectations,
  options: LoadOptions = {},
): Promise<LoadOutcome> {
  const paths = indexFilePaths(dir);
  const decodePair = async (
    meta: Result<Uint8Array | null>,
    vectors: Result<Uint8Array | null>,
    recovered: boolean,
  ): Promise<LoadOutcome> => {
    if (!meta.ok) return { kind: "discarded", error: meta.error };
    if (!vectors.ok) return { kind: "discarded", error: vectors.error };
    if (meta.value === null && vectors.value === null) return { kind: "missing" };
    if (meta.value === null) return { kind: "discarded", error: corruptFile("meta file", "missing") };
    if (vectors.value === null) return { kind: "discarded", error: corruptFile("vectors file", "missing") };
    const decoded = await runSliced(decodeSnapshotSteps(meta.value, vectors.value, expect, options.keepInt8 === true), options.pause);
    if (decoded.ok) return { kind: "loaded", snapshot: decoded.value, recovered };
    return { kind: "discarded", error: decoded.error, ...(decoded.reusable ? { reusable: decoded.reusable } : {}) };
  };
  const vectors = await store.read(paths.vectors);
  const saved = await decodePair(await store.read(paths.meta), vectors, false);
  if (saved.kind === "loaded") return saved;
  const metaTemp = await store.read(paths.metaTemp);
  if (!metaTemp.ok || metaTemp.value === null) return withSalvage(saved, vectors, options);
  const withSaved = await decodePair(metaTemp, vectors, true);
  if (withSaved.kind === "loaded") return withSaved;
  const withTemp = await decodePair(metaTemp, await store.read(paths.vectorsTemp), true);
  return withTemp.kind === "loaded" ? withTemp : withSalvage(saved, vectors, options);
}

/** The saved pair can't load and gives no reusable snapshot: keeps the vectors of an intact vectors file. */
async function withSalvage(
  outcome: LoadOutcome,
  vectors: Result<Uint8Array | null>,
  options: PersistOptions,
): Promise<LoadOutcome> {
  if (outcome.kind !== "discarded" || outcome.reusable || !vectors.ok || vectors.value === null) return outcome;
  const salvaged = await salvageVectors(vectors.value, options);
  return { ...outcome, strayVectors: true, ...(salvaged ? { salvaged } : {}) };
}

/** The vectors of a vectors file that names each row's hash, or undefined when it can't be read so. */
async function salvageVectors(bytes: Uint8Array, options: PersistOptions): Promise<SalvagedVectors | undefined> {
  const decoded = await runSliced(decodeVectorsFile(bytes), options.pause);
  if (!decoded.ok || !decoded.value.hashes || decoded.value.dims === 0) return undefined;
  const { model, dims, hashes, vectors } = decoded.value;
  return { model, dims, hashes, row: (i) => (hashes[i] ? vectors.subarray(i * dims, (i + 1) * dims) : undefined) };
}

/** The vectors kept aside in `dir` (see `INDEX_VECTORS_BACKUP`), when there is a readable backup. */
export async function loadVectorsBackup(store: FileStore, dir: string, options: PersistOptions = {}): Promise<SalvagedVectors | undefined> {
  const read = await store.read(indexFilePaths(dir).vectorsBackup);
  return read.ok && read.value !== null ? salvageVectors(read.value, options) : undefined;
}

/** Moves the saved vectors file aside to `INDEX_VECTORS_BACKUP` (replacing an older backup); fine when there is none. */
export async function keepVectorsAside(store: FileStore, dir: string): Promise<Result<void>> {
  const paths = indexFilePaths(dir);
  const found = await store.read(paths.vectors);
  if (!found.ok) return found;
  return found.value === null ? ok(undefined) : store.rename(paths.vectors, paths.vectorsBackup);
}

/** Paths of the saved files and of their temp files under `dir` ("" means the store's root). */
export function indexFilePaths(dir: string): {
  meta: string;
  vectors: string;
  metaTemp: string;
  vectorsTemp: string;
  vectorsBackup: string;
} {
  const base = dir === "" || dir.endsWith("/") ? dir : `${dir}/`;
  const meta = base + INDEX_META_FILE;
  const vectors = base + INDEX_VECTORS_FILE;
  return { meta, vectors, metaTemp: meta + TEMP_SUFFIX, vectorsTemp: vectors + TEMP_SUFFIX, vectorsBackup: base + INDEX_VECTORS_BACKUP };
}
