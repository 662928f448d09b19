import { err, ok, type Result } from "../../result";
import { corruptFile, readContainer, writeContainer } from "../container";
import { isCount, isRecord } from "../json-guards";
import { runAll } from "../../shared/slices";
import { SEGMENT_FORMAT_VERSION } from "./segment-file";
import { parseSegmentName } from "./segment-names";
import { joinStrays } from "./stray-segments";
import { isVectorPrecision, type VectorPrecision } from "../../vectors/vector-precision";

/** What the whole index was built with (a segment's own header only says when it was written). */
export interface ManifestHeader {
  model: string;
  dims: number;
  chunkingHash: string;
  /** See `SnapshotHeader.exclusionsHash`; "" when a check was under way. */
  exclusionsHash: string;
  vectorPrecision: VectorPrecision;
  /** When this manifest was written (the writer's clock), ms since the epoch. */
  savedAt: number;
}

/** One live segment. */
export interface ManifestSegment {
  name: string;
  notes: number;
  chunks: number;
  bytes: number;
  /** Ordinals of its notes that a later version, or a removal, replaced: they are not loaded. Ascending. */
  dead: number[];
}

/**
 * The manifest: the only file a save replaces in place. It names the live segments with their dead notes, and the
 * segments retired by compaction that wait to be deleted (a reader that loaded an older manifest may still be
 * reading them). A few hundred bytes per segment: about 30 KB at 50,000 notes.
 */
export interface Manifest {
  header: ManifestHeader;
  /** Id of the writer that wrote it, and how many manifests came before it (both for diagnosis and merges). */
  writer: string;
  generation: number;
  segments: ManifestSegment[];
  /**
   * Segments no longer live, with when they were retired (the retiring writer's clock). A record stays a day after
   * the file is deleted (`DEFAULT_STRAY_GRACE_MS`), so that a device that missed the retirement stops listing it.
   */
  retired: { name: string; at: number }[];
  /**
   * Segment files in the folder that no manifest named when this writer last looked, with when one was first seen
   * (see `sortStrays`). Absent when there are none; a version that does not know the field drops it, which only
   * restarts the wait.
   */
  strays?: { name: string; since: number }[];
}

export function encodeManifest(m: Manifest): Uint8Array {
  return runAll(writeContainer("manifest", SEGMENT_FORMAT_VERSION, m, 0, function* () {})).bytes;
}

export function decodeManifest(bytes: Uint8Array): Result<Manifest> {
  const opened = runAll(readContainer(bytes, "manifest", SEGMENT_FORMAT_VERSION));
  if (!opened.ok) return opened;
  const m = opened.value.header;
  if (!isRecord(m) || !isRecord(m.header) || !Array.isArray(m.segments) || !Array.isArray(m.retired)) {
    return err(corruptFile("manifest", "bad shape"));
  }
  const h = m.header;
  if (
    typeof h.model !== "string" ||
    !isCount(h.dims) ||
    typeof h.chunkingHash !== "string" ||
    typeof h.exclusionsHash !== "string" ||
    !isVectorPrecision(h.vectorPrecision) ||
    typeof h.savedAt !== "number" ||
    typeof m.writer !== "string" ||
    !isCount(m.generation) ||
    !m.segments.every(isSegment) ||
    !m.retired.every((r) => isRecord(r) && typeof r.name === "string" && typeof r.at === "number")
  ) {
    return err(corruptFile("manifest", "bad fields"));
  }
  // Strays only decide when a file may be deleted: a malformed record of them is dropped, not the manifest.
  const strays = Array.isArray(m.strays) ? m.strays.filter(isStray) : [];
  const manifest = { ...m, strays } as unknown as Manifest;
  if (strays.length === 0) delete manifest.strays;
  return ok(manifest);
}

function isStray(x: unknown): x is { name: string; since: number } {
  return isRecord(x) && typeof x.name === "string" && parseSegmentName(x.name) !== undefined && typeof x.since === "number" && Number.isFinite(x.since);
}

function isSegment(x: unknown): x is ManifestSegment {
  return (
    isRecord(x) &&
    typeof x.name === "string" &&
    parseSegmentName(x.name) !== undefined &&
    isCount(x.notes) &&
    isCount(x.chunks) &&
    isCount(x.bytes) &&
    Array.isArray(x.dead) &&
    x.dead.every((d) => isCount(d) && d < (x.notes as number))
  );
}

/** Whether two headers describe indexes that can be one (same model, vector size, chunking and precision). */
export function compatibleHeaders(a: ManifestHeader, b: ManifestHeader): boolean {
  return a.model === b.model && a.dims === b.dims && a.chunkingHash === b.chunkingHash && a.vectorPrecision === b.vectorPrecision;
}

/**
 * Joins two forks of the manifest (a sync tool's conflict copy and the file it competed with): every segment either
 * lists, a row dead if either says so (it was replaced or removed on that device), retirements of both. Which
 * version of a note wins is decided per note when the segments are read (`resolveRows`): the newest. A fork built
 * with other settings can't be joined: the newer one is kept whole.
 */
export function mergeManifests(a: Manifest, b: Manifest): Manifest {
  if (!compatibleHeaders(a.header, b.header)) return a.header.savedAt >= b.header.savedAt ? a : b;
  const byName = new Map<string, ManifestSegment>();
  for (const s of [...a.segments, ...b.segments]) {
    const found = byName.get(s.name);
    if (!found) byName.set(s.name, { ...s, dead: [...s.dead] });
    else found.dead = [...new Set([...found.dead, ...s.dead])].sort((x, y) => x - y);
  }
  // A segment one fork retired (compacted) may still be live in the other: it stays listed while its file is there,
  // and the loader drops it once it is gone (its rows live on in the compacted segments).
  const retired = new Map<string, number>();
  for (const r of [...a.retired, ...b.retired]) retired.set(r.name, Math.max(r.at, retired.get(r.name) ?? 0));
  const newer = a.header.savedAt >= b.header.savedAt ? a : b;
  const strays = new Map<string, number>();
  joinStrays(strays, [...(a.strays ?? []), ...(b.strays ?? [])]);
  return {
    header: { ...newer.header },
    writer: newer.writer,
    generation: Math.max(a.generation, b.generation) + 1,
    segments: [...byName.values()],
    retired: [...retired].map(([name, at]) => ({ name, at })),
    ...(strays.size > 0 ? { strays: [...strays].map(([name, since]) => ({ name, since })) } : {}),
  };
}
