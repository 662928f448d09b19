import { err, ok, type AppError, type Result } from "../../result";
import { checksum32 } from "../../shared/checksum";
import type { FileStore } from "../file-store";
import { decodeManifest, encodeManifest, mergeManifests, type Manifest } from "./manifest";
import { joinPath } from "./paths";
import { conflictCopyOf, MANIFEST_FILE, MANIFEST_TEMP, parseSegmentName } from "./segment-names";

/** The manifest as found in the folder, with what the folder holds besides. */
export type ReadManifests =
  | {
      kind: "read";
      /** The manifest merged with every readable conflict copy of it. */
      manifest: Manifest;
      /** Checksum of the manifest file's bytes (of the temp file when that was used). */
      identity: number;
      /** The temp file was used: the app died while a save replaced the manifest. */
      fromTemp: boolean;
      /** Conflict copies (of the manifest, and of segments) found in the folder. */
      copies: string[];
      /** A segment's conflict copy by the segment's name (same bytes, read when the segment itself is gone). */
      segmentCopies: Map<string, string>;
      /** Every file name in the folder. */
      files: Set<string>;
    }
  | { kind: "missing" }
  | { kind: "unreadable"; error: AppError };

/**
 * Reads the manifest: the file itself, else the temp file a save left (Obsidian's adapter removes the old file
 * before the rename, so a crash right then leaves only the temp one, which is complete: it is written before the
 * rename starts), plus every conflict copy of it, merged in.
 */
export async function readManifests(store: FileStore, dir: string): Promise<ReadManifests> {
  const listed = await store.list(dir);
  if (!listed.ok) return { kind: "unreadable", error: listed.error };
  const files = new Set(listed.value);
  const main = await readOne(store, dir, MANIFEST_FILE, files);
  const temp = main?.ok === true ? undefined : await readOne(store, dir, MANIFEST_TEMP, files);
  const chosen = main?.ok === true ? main : temp?.ok === true ? temp : undefined;
  const copies: string[] = [];
  const segmentCopies = new Map<string, string>();
  let manifest = chosen?.ok === true ? chosen.value.manifest : undefined;
  for (const name of files) {
    const of = conflictCopyOf(name)?.of;
    if (of === undefined) continue;
    copies.push(name);
    if (of !== MANIFEST_FILE) {
      if (parseSegmentName(of)) segmentCopies.set(of, name);
      continue;
    }
    const copy = await readOne(store, dir, name, files);
    if (copy?.ok !== true) continue;
    manifest = manifest ? mergeManifests(manifest, copy.value.manifest) : copy.value.manifest;
  }
  if (!manifest) {
    const failed = main ?? temp;
    return failed && !failed.ok ? { kind: "unreadable", error: failed.error } : { kind: "missing" };
  }
  const identity = chosen?.ok === true ? chosen.value.identity : 0;
  return { kind: "read", manifest, identity, fromTemp: chosen === temp && temp !== undefined, copies, segmentCopies, files };
}

async function readOne(
  store: FileStore,
  dir: string,
  name: string,
  files: ReadonlySet<string>,
): Promise<Result<{ manifest: Manifest; identity: number }> | undefined> {
  if (!files.has(name)) return undefined;
  const read = await store.read(joinPath(dir, name));
  if (!read.ok) return read;
  if (read.value === null) return undefined;
  const decoded = decodeManifest(read.value);
  return decoded.ok ? ok({ manifest: decoded.value, identity: checksum32(read.value) }) : err(decoded.error);
}

/** The checksum of the manifest file now on disk, or undefined when there is none: cheap, to notice another writer. */
export async function manifestIdentity(store: FileStore, dir: string): Promise<number | undefined> {
  const read = await store.read(joinPath(dir, MANIFEST_FILE));
  return read.ok && read.value !== null ? checksum32(read.value) : undefined;
}

/**
 * Replaces the manifest: the new one goes to the temp name in full, then is renamed over the old one. A failed
 * write leaves the old manifest; a crash during the rename leaves the complete temp file, which loading takes.
 */
export async function writeManifest(store: FileStore, dir: string, m: Manifest): Promise<Result<{ bytes: number; identity: number }>> {
  const bytes = encodeManifest(m);
  const temp = joinPath(dir, MANIFEST_TEMP);
  const written = await store.write(temp, bytes);
  if (!written.ok) {
    await store.remove(temp);
    return written;
  }
  const moved = await store.rename(temp, joinPath(dir, MANIFEST_FILE));
  if (!moved.ok) return moved;
  return ok({ bytes: bytes.length, identity: checksum32(bytes) });
}
