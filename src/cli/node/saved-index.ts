import { open, readdir, stat, type FileHandle } from "node:fs/promises";
import { canonicalModelName } from "../../core/ollama/model-name";
import { indexFilePaths } from "../../core/persist/index-files";
import { joinPath } from "../../core/persist/segments/paths";
import { isIndexFileName, MANIFEST_FILE, parseSegmentName } from "../../core/persist/segments/segment-names";

/** What a saved index was built with, read from the meta file's header without loading the index. */
export interface SavedIndexModel {
  /** Embedding model name; "" for a keyword-only index. */
  model: string;
  /** Vector length; 0 for a keyword-only index. */
  dims: number;
}

/** The index files' framing (see src/core/persist/container.ts): magic, version u32, header length u32, header. */
const META_MAGIC = "HVSM";
const VECTORS_MAGIC = "HVSV";
const MANIFEST_MAGIC = "HVSI";
const PREFIX = 12;
/** A segment is its meta file and its vectors file one after the other, behind a 16-byte prefix of its own. */
const SEGMENT_PREFIX = 16;
/**
 * A file's header is a few hundred bytes of JSON, a manifest's about 300 bytes a segment; anything bigger is not a
 * header we wrote.
 */
const MAX_HEADER = 4 * 1024 * 1024;

/** When the index in `dataDir` was last saved (its manifest's, else its meta file's mtime), ms since the epoch. */
export async function savedIndexTime(dataDir: string): Promise<number | undefined> {
  for (const path of [joinPath(dataDir, MANIFEST_FILE), indexFilePaths(dataDir).meta]) {
    const s = await stat(path).catch(() => undefined);
    if (s) return s.mtimeMs;
  }
  return undefined;
}

/** Bytes of the index files in `dataDir`: manifest and segments, and files of the single-file layout. */
export async function indexFilesBytes(dataDir: string): Promise<number> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  const sizes = await Promise.all(names.filter(isIndexFileName).map((n) => stat(joinPath(dataDir, n)).then((f) => f.size).catch(() => 0)));
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * Peeks at the model of the index saved in `metaPath`, so a command run without `--ollama` can keep the saved
 * vectors instead of rebuilding the index keyword-only. Returns undefined when there is no readable index: the
 * sync engine then decides (and reports) what to do with whatever is there. The framing is stable across format
 * versions, and this reads only the header, so no checksum is verified here; loading does that.
 */
export function peekSavedModel(metaPath: string): Promise<SavedIndexModel | undefined> {
  return peekModel(metaPath, META_MAGIC);
}

/**
 * The model of the index saved in `dataDir`: from the manifest, else the meta file, else the vectors file, whose
 * header names its model too, else the first segment whose header is readable. So a run with a damaged manifest or
 * meta file still keeps the vectors (see `peekSavedModel`).
 */
export async function peekIndexModel(dataDir: string): Promise<SavedIndexModel | undefined> {
  const paths = indexFilePaths(dataDir);
  return (
    (await peekModel(joinPath(dataDir, MANIFEST_FILE), MANIFEST_MAGIC)) ??
    (await peekSavedModel(paths.meta)) ??
    (await peekModel(paths.vectors, VECTORS_MAGIC)) ??
    (await peekSegmentsModel(dataDir))
  );
}

/** The model named by the first segment in `dataDir` with a readable header, for when the manifest is damaged. */
async function peekSegmentsModel(dataDir: string): Promise<SavedIndexModel | undefined> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => parseSegmentName(n) !== undefined).sort()) {
    const found = await peekModel(joinPath(dataDir, name), META_MAGIC, SEGMENT_PREFIX);
    if (found) return found;
  }
  return undefined;
}

async function peekModel(path: string, magic: string, at = 0): Promise<SavedIndexModel | undefined> {
  const header = await withFile(path, (file) => readHeader(file, magic, at));
  if (header === undefined) return undefined;
  try {
    let parsed: unknown = JSON.parse(header);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    // A manifest keeps the index's model in its own `header`.
    if (magic === MANIFEST_MAGIC) parsed = (parsed as { header?: unknown }).header;
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { model, dims } = parsed as { model?: unknown; dims?: unknown };
    if (typeof model !== "string" || typeof dims !== "number" || !Number.isInteger(dims) || dims < 0) return undefined;
    return { model: canonicalModelName(model), dims };
  } catch {
    return undefined;
  }
}

/**
 * Which save the index in `dataDir` holds: the manifest's size and checksum (every save writes a new manifest), or,
 * for an index of the single-file layout, the meta file's header (save time, counts, the checksum of its vectors
 * file) and the checksum that ends it. Equal for the same save whatever its file time or inode, so a sync tool that
 * touches or rewrites the file with the same bytes is not a new save. Undefined when there is no readable index.
 */
export async function peekSaveIdentity(dataDir: string): Promise<string | undefined> {
  return (await peekIdentity(joinPath(dataDir, MANIFEST_FILE), MANIFEST_MAGIC)) ?? (await peekIdentity(indexFilePaths(dataDir).meta, META_MAGIC));
}

async function peekIdentity(path: string, magic: string): Promise<string | undefined> {
  return withFile(path, async (file) => {
    const prefix = new Uint8Array(PREFIX);
    if ((await file.read(prefix, 0, PREFIX, 0)).bytesRead < PREFIX) return undefined;
    if (String.fromCharCode(...prefix.subarray(0, 4)) !== magic) return undefined;
    const header = magic === MANIFEST_MAGIC ? "" : await readHeader(file, magic);
    if (header === undefined) return undefined;
    const { size } = await file.stat();
    const tail = new Uint8Array(4);
    if (size < 4 || (await file.read(tail, 0, 4, size - 4)).bytesRead < 4) return undefined;
    return `${size}:${new DataView(tail.buffer).getUint32(0, true)}:${header}`;
  });
}

async function withFile<T>(path: string, use: (file: FileHandle) => Promise<T | undefined>): Promise<T | undefined> {
  let file: FileHandle;
  try {
    file = await open(path, "r");
  } catch {
    return undefined;
  }
  try {
    return await use(file);
  } catch {
    return undefined;
  } finally {
    await file.close();
  }
}

/**
 * The header JSON of an index file with `magic` (starting `at` bytes into the file: a segment's meta part), or
 * undefined when the file does not start like one.
 */
async function readHeader(file: FileHandle, magic: string, at = 0): Promise<string | undefined> {
  const prefix = new Uint8Array(PREFIX);
  if ((await file.read(prefix, 0, PREFIX, at)).bytesRead < PREFIX) return undefined;
  if (String.fromCharCode(...prefix.subarray(0, 4)) !== magic) return undefined;
  const length = new DataView(prefix.buffer).getUint32(8, true);
  if (length === 0 || length > MAX_HEADER) return undefined;
  const header = new Uint8Array(length);
  if ((await file.read(header, 0, length, at + PREFIX)).bytesRead < length) return undefined;
  return new TextDecoder().decode(header).trimEnd();
}
