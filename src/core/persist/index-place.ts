import { err, ok, type Result } from "../result";
import type { FileStore } from "./file-store";
import { INDEX_META_FILE, INDEX_VECTORS_BACKUP, INDEX_VECTORS_FILE } from "./index-files";
import { readManifests } from "./segments/manifest-files";
import { MANIFEST_FILE, MANIFEST_TEMP } from "./segments/segment-names";

/** An index folder: the store that reaches it and the folder's path in that store ("/"-separated). */
export interface IndexPlace {
  store: FileStore;
  dir: string;
}

/** The calibration of the vector scale, kept beside the index it was measured on. */
export const CALIBRATION_FILE = "calibration.json";
/** The related-notes weights, kept beside the index they were measured on. */
export const RELATED_WEIGHTS_FILE = "related-weights.json";

/**
 * The files of the index's content with fixed names, in the order a copy writes them: the meta file last, since it
 * names its vectors file's checksum (a copy cut short loads as no index, never as a mix). A segmented index adds its
 * segments (copied before these) and its manifest (copied after them, last of all: see `copyIndex`). The writer
 * lock and the hand-over request belong to the processes at a place and are never copied.
 */
export const INDEX_CONTENT_FILES: readonly string[] = [INDEX_VECTORS_BACKUP, CALIBRATION_FILE, RELATED_WEIGHTS_FILE, INDEX_VECTORS_FILE, INDEX_META_FILE];

/**
 * Names the index's files for git, written into the index folder when it is inside the vault, so obsidian-git (or
 * any git sync) never commits the index. Only the index's files: the plugin's folder also holds main.js,
 * manifest.json and data.json, which people who keep their config in git want committed.
 */
export const INDEX_GITIGNORE = [
  "# Hybrid Vault Search: the index, rebuilt by each device from the notes. Not for git.",
  "index-*.bin",
  "index-*.bin.*",
  "*.tmp",
  "writer.lock",
  "writer.request",
  CALIBRATION_FILE,
  RELATED_WEIGHTS_FILE,
  "segments/",
  "",
].join("\n");

/** Whether `place` holds a saved index: a manifest (or the temp file a save left it in), or a meta file. */
export async function hasIndex(place: IndexPlace): Promise<Result<boolean>> {
  for (const name of [MANIFEST_FILE, MANIFEST_TEMP, INDEX_META_FILE]) {
    const found = await place.store.read(join(place.dir, name));
    if (!found.ok) return found;
    if (found.value !== null) return ok(true);
  }
  return ok(false);
}

/** A file to copy: its name at the source and at the target (a segment's conflict copy lands under the segment's name). */
interface CopyItem {
  from: string;
  to: string;
}

/**
 * What a copy of the segmented index at `place` carries, in order: the segments its manifest names (or their
 * conflict copies, when only those are there), then the manifest's conflict copies, then the manifest. Segments the
 * manifest doesn't name (retired ones, leftovers of a save that died) stay behind. Empty for no segmented index.
 */
async function segmentedFiles(place: IndexPlace): Promise<Result<{ segments: CopyItem[]; manifests: CopyItem[] }>> {
  const read = await readManifests(place.store, place.dir);
  if (read.kind === "unreadable") return err(read.error);
  if (read.kind === "missing") return ok({ segments: [], manifests: [] });
  const segments: CopyItem[] = [];
  for (const { name } of read.manifest.segments) {
    const file = read.files.has(name) ? name : read.segmentCopies.get(name);
    if (file !== undefined) segments.push({ from: file, to: name });
  }
  const manifests = read.copies.filter((c) => !c.startsWith("index-seg-")).map((c) => ({ from: c, to: c }));
  manifests.push({ from: read.files.has(MANIFEST_FILE) ? MANIFEST_FILE : MANIFEST_TEMP, to: MANIFEST_FILE });
  return ok({ segments, manifests });
}

/**
 * Copies the index at `from` into `to`, byte for byte (so nothing is embedded again): each file to a temp name,
 * then renamed; segments first, the manifest last (a copy cut short has no manifest, so it loads as no index and is
 * copied again at the next start). Files `from` lacks are left out. Returns the bytes copied.
 */
export async function copyIndex(from: IndexPlace, to: IndexPlace): Promise<Result<{ files: number; bytes: number }>> {
  const segmented = await segmentedFiles(from);
  if (!segmented.ok) return segmented;
  const fixed = INDEX_CONTENT_FILES.map((name) => ({ from: name, to: name }));
  let files = 0;
  let bytes = 0;
  for (const item of [...segmented.value.segments, ...fixed, ...segmented.value.manifests]) {
    const read = await from.store.read(join(from.dir, item.from));
    if (!read.ok) return read;
    if (read.value === null) continue;
    const target = join(to.dir, item.to);
    const written = await to.store.write(`${target}.tmp`, read.value);
    if (!written.ok) return written;
    const moved = await to.store.rename(`${target}.tmp`, target);
    if (!moved.ok) return moved;
    files++;
    bytes += read.value.length;
  }
  return ok({ files, bytes });
}

/** Writes `INDEX_GITIGNORE` as `.gitignore` into `place` unless a `.gitignore` is there (one the user wrote stays). */
export async function ensureIndexGitignore(place: IndexPlace): Promise<Result<boolean>> {
  const path = join(place.dir, ".gitignore");
  const found = await place.store.read(path);
  if (!found.ok) return found;
  if (found.value !== null) return ok(false);
  const written = await place.store.write(path, new TextEncoder().encode(INDEX_GITIGNORE));
  return written.ok ? ok(true) : written;
}

function join(dir: string, name: string): string {
  return dir === "" ? name : `${dir.replace(/\/+$/, "")}/${name}`;
}

/** Where the index opens, and what to tell the user about getting it there. */
export interface SettledPlace {
  place: IndexPlace;
  /** A line for the user when the index was copied, or could not be; undefined when nothing happened. */
  notice?: string;
}

/**
 * Makes `chosen` the index's folder. When it holds no index and `previous` (the other location) does, the setting
 * changed since the last run: the index is copied over first, so nothing is embedded again. `previous` keeps its
 * files (other devices may still use them). When the copy fails, the index stays at `previous` for this run and the
 * notice says why. `inVault`: `chosen` is inside the vault, where a `.gitignore` keeps git from committing it.
 * `label` names a place in the notice.
 */
export async function settleIndexPlace(opts: {
  chosen: IndexPlace;
  previous?: IndexPlace;
  inVault: boolean;
  label: (place: IndexPlace) => string;
}): Promise<SettledPlace> {
  const { chosen, previous, label } = opts;
  // A failed .gitignore write costs nothing but the protection; the index's own writes will report a broken disk.
  if (opts.inVault) await ensureIndexGitignore(chosen);
  if (!previous) return { place: chosen };
  const here = await hasIndex(chosen);
  if (!here.ok || here.value) return { place: chosen };
  const there = await hasIndex(previous);
  if (!there.ok || !there.value) return { place: chosen };
  const copied = await copyIndex(previous, chosen);
  if (!copied.ok) {
    return { place: previous, notice: `The index could not be copied to ${label(chosen)}, so it stays in ${label(previous)} for now: ${copied.error.message}` };
  }
  const mb = (copied.value.bytes / 1e6).toFixed(1);
  return { place: chosen, notice: `The index was copied to ${label(chosen)} (${mb} MB); nothing is embedded again. The copy in ${label(previous)} is left as it was.` };
}
