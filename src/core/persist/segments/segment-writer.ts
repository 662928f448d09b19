import { ok, type Result } from "../../result";
import type { FileStore } from "../file-store";
import type { SnapshotHeader, SnapshotToSave } from "../snapshot";
import { runSliced } from "../../shared/slices";
import type { VectorPrecision } from "../../vectors/vector-precision";
import { compactionVictims, DEFAULT_COMPACTION, type CompactionPolicy } from "./compaction-policy";
import { compatibleHeaders, type ManifestHeader } from "./manifest";
import { manifestIdentity, readManifests, writeManifest } from "./manifest-files";
import { cleanUpSegments, findStrays } from "./segment-cleanup";
import { joinPath } from "./paths";
import { encodeSegment, planSegments, subSnapshot, SEGMENT_TARGET_BYTES } from "./segment-file";
import { conflictCopyOf, MANIFEST_FILE, segmentName } from "./segment-names";
import { cloneStateSteps, emptyState, manifestOf, type SegmentState } from "./segment-state";
import { DEFAULT_STRAY_GRACE_MS, joinStrays } from "./stray-segments";

/** Notes a save's planning loops go through between two pauses (see `save`). */
const NOTES_PER_PAUSE = 4096;

/** What a save reads of the index. */
export interface SegmentSource {
  /** What the index is built with; `savedAt` is this save's time. */
  header: SnapshotHeader;
  vectorPrecision: VectorPrecision;
  /** Every note in the index now. */
  paths(): Iterable<string>;
  has(path: string): boolean;
  /** A snapshot of exactly these notes, in this order (their vectors by row; release them when done). */
  snapshotOf(paths: readonly string[]): Promise<SnapshotToSave>;
  /** The keyword postings of each group of chunk ids (see `ChunkIndex.exportKeywordPartsSteps`), if it can. */
  postingsOf?(groups: readonly (readonly string[])[]): Promise<Uint8Array[] | undefined>;
}

/** One save's work. */
export interface SaveRequest {
  /** Notes put, changed or removed since the last successful save; "all" rewrites every note. */
  changed: ReadonlySet<string> | "all";
  /** Also rewrite the segments the compaction policy picks (their live notes go to new segments). */
  compact?: boolean;
}

/** What a save did. */
export interface SaveReport {
  /** Bytes written: the new segments and the manifest. */
  bytes: number;
  segments: number;
  /** Segments retired by this save (compacted, or all of their rows dead). */
  retired: number;
}

export interface SegmentWriterOptions {
  /** Id of this writer in segment names; default a new random one (see `newWriterId`). */
  writer: string;
  /** Awaited between slices of encoding; default none. */
  pause?: () => Promise<void>;
  /** The clock (ms); default `Date.now`. */
  now?: () => number;
  /**
   * How long a retired segment stays on disk before it is deleted, in ms: a reader that loaded the manifest before
   * it was retired may still be reading it. Default two minutes.
   */
  graceMs?: number;
  /** How long a segment file that no manifest names stays, in ms (see `DEFAULT_STRAY_GRACE_MS`). Default a day. */
  strayGraceMs?: number;
  /** Segments with at least this many chunks carry their keyword postings; smaller ones are analysed at load. Default 64. */
  postingsFrom?: number;
  compaction?: CompactionPolicy;
  targetBytes?: number;
}

/**
 * Writes the segmented index: a save writes the changed notes into new segments, then the manifest, and only then
 * believes it saved. A failure at any step leaves the manifest on disk, and this writer's state, as they were, and
 * the next save writes the notes again.
 */
export class SegmentWriter {
  private state: SegmentState = emptyState();
  private seq = 0;
  /** Segments this writer wrote for a save that did not complete: deleted once no manifest names them. */
  private readonly orphans = new Set<string>();

  constructor(
    private readonly store: FileStore,
    private readonly dir: string,
    private readonly options: SegmentWriterOptions,
  ) {}

  /** Starts from what a load found (see `loadSegments`). */
  adopt(state: SegmentState): void {
    this.state = state;
  }

  /** What the writer believes is on disk (read-only use). */
  get current(): Readonly<SegmentState> {
    return this.state;
  }

  /** Whether a save with no changes would still write (merged forks, cleanup). */
  get unsaved(): boolean {
    return this.state.unsaved;
  }

  /** Whether compaction is due. */
  compactionDue(): boolean {
    return compactionVictims(this.state, this.options.compaction ?? DEFAULT_COMPACTION).length > 0;
  }

  async save(source: SegmentSource, request: SaveRequest): Promise<Result<SaveReport>> {
    const now = this.options.now ?? Date.now;
    const header: ManifestHeader = {
      model: source.header.model,
      dims: source.header.dims,
      chunkingHash: source.header.chunkingHash,
      exclusionsHash: source.header.exclusionsHash ?? "",
      vectorPrecision: source.vectorPrecision,
      savedAt: source.header.savedAt,
    };
    const next = await runSliced(cloneStateSteps(this.state), this.options.pause);
    const merged = await this.mergeForeign(next);
    if (!merged.ok) return merged;
    const lost = merged.value;
    const everything = request.changed === "all" || !next.header || !compatibleHeaders(next.header, header);
    const retire = new Set<string>(everything ? [...next.segments.keys(), ...next.absent.keys()] : []);
    if (request.compact && !everything) for (const name of compactionVictims(next, this.options.compaction ?? DEFAULT_COMPACTION)) retire.add(name);
    // A full save goes through every note in these loops (36 ms sampled in one stall at 100,000 notes, bench:sync
    // --stall-profile): they pause. Only a due pause is awaited; an await per note would cost a turn of the
    // microtask queue for each of them.
    let looked = 0;
    const due = (): boolean => ++looked % NOTES_PER_PAUSE === 0;
    const write = new Set<string>();
    const asked = everything ? [...source.paths()] : [...(request.changed as ReadonlySet<string>), ...lost];
    for (const p of asked) {
      if (everything || source.has(p)) write.add(p);
      if (due()) await this.options.pause?.();
    }
    for (const name of retire) {
      const seg = next.segments.get(name);
      if (!seg) continue;
      for (const [i, p] of seg.paths.entries()) {
        if (!seg.dead.has(i) && source.has(p)) write.add(p);
        if (due()) await this.options.pause?.();
      }
    }
    const gone = everything ? [...next.rows.keys()] : [...(request.changed as ReadonlySet<string>), ...write];
    for (const p of gone) {
      if (due()) await this.options.pause?.();
      const row = next.rows.get(p);
      if (!row) continue;
      next.segments.get(row.segment)?.dead.add(row.ordinal);
      next.rows.delete(p);
    }
    const written = await this.writeSegments(source, [...write], next, now());
    if (!written.ok) return written;
    for (const [name, seg] of next.segments) if (seg.dead.size >= seg.notes && !written.value.names.has(name)) retire.add(name);
    for (const name of retire) {
      next.segments.delete(name);
      next.absent.delete(name);
      next.retired.set(name, now());
    }
    next.header = header;
    const strayGraceMs = this.options.strayGraceMs ?? DEFAULT_STRAY_GRACE_MS;
    const found = await findStrays(this.store, this.dir, next, this.orphans, now(), strayGraceMs);
    const manifest = manifestOf(next, header, this.options.writer);
    const saved = await writeManifest(this.store, this.dir, manifest);
    if (!saved.ok) return saved;
    next.generation = manifest.generation;
    next.identity = saved.value.identity;
    next.unsaved = false;
    for (const name of written.value.names) this.orphans.delete(name);
    const copies = next.copies;
    next.copies = new Set();
    this.state = next;
    await cleanUpSegments(this.store, this.dir, {
      state: this.state,
      orphans: this.orphans,
      copies,
      now: now(),
      graceMs: this.options.graceMs ?? 120_000,
      strayGraceMs,
      strays: found.due,
      files: found.files,
    });
    return ok({ bytes: written.value.bytes + saved.value.bytes, segments: written.value.names.size, retired: retire.size });
  }

  /**
   * Another writer (another device, through a sync tool) replaced the manifest since this one read or wrote it: its
   * segments join ours, listed as they are (which version of a note wins is decided at load, per note).
   */
  private async mergeForeign(next: SegmentState): Promise<Result<Set<string>>> {
    const lost = new Set<string>();
    const identity = await manifestIdentity(this.store, this.dir);
    if (identity === next.identity && !(await this.copiesArrived(next))) return ok(lost);
    // The manifest on disk is not the one this writer last wrote or read: another device replaced it, or this
    // process's writes were skipped (it lost the writer lock meanwhile). Segments this writer counts on that are no
    // longer in the folder are dropped, and their notes written again.
    const listed = await this.store.list(this.dir);
    if (!listed.ok) return listed;
    const files = new Set(listed.value);
    for (const [name, seg] of [...next.segments]) {
      if (files.has(name)) continue;
      next.segments.delete(name);
      seg.paths.forEach((p, i) => {
        if (seg.dead.has(i)) return;
        lost.add(p);
        next.rows.delete(p);
      });
    }
    if (identity === undefined) return ok(lost);
    const read = await readManifests(this.store, this.dir);
    if (read.kind !== "read") return ok(lost);
    if (next.header && !compatibleHeaders(next.header, read.manifest.header)) return ok(lost);
    for (const s of read.manifest.segments) {
      const own = next.segments.get(s.name);
      if (own) {
        for (const d of s.dead) {
          own.dead.add(d);
          this.forgetRow(next, s.name, d);
        }
      }
      else if (!next.retired.has(s.name) && !this.orphans.has(s.name)) next.absent.set(s.name, s);
    }
    for (const r of read.manifest.retired) {
      // Recorded even while the segment is live here (listed, its file still in the folder): once the sync tool
      // brings the deletion, loading then drops it as retired instead of waiting for it forever as on its way.
      next.retired.set(r.name, Math.max(r.at, next.retired.get(r.name) ?? r.at));
      // Retired there and not in the folder: its rows live on in the other writer's compacted segments.
      if (!files.has(r.name)) next.absent.delete(r.name);
    }
    for (const c of read.copies) next.copies.add(c);
    joinStrays(next.strays, read.manifest.strays ?? []);
    return ok(lost);
  }

  /**
   * A sync tool left a conflict copy of the manifest while this writer ran (the manifest itself is still the one it
   * wrote): the copy is merged now, by this save, rather than at the next start.
   */
  private async copiesArrived(next: SegmentState): Promise<boolean> {
    const listed = await this.store.list(this.dir);
    return listed.ok && listed.value.some((name) => conflictCopyOf(name)?.of === MANIFEST_FILE && !next.copies.has(name));
  }

  /** A row another writer marked dead is no longer where its note's saved version is. */
  private forgetRow(next: SegmentState, segment: string, ordinal: number): void {
    const path = next.segments.get(segment)?.paths[ordinal];
    const row = path === undefined ? undefined : next.rows.get(path);
    if (path !== undefined && row?.segment === segment && row.ordinal === ordinal) next.rows.delete(path);
  }

  private async writeSegments(
    source: SegmentSource,
    paths: string[],
    next: SegmentState,
    savedAt: number,
  ): Promise<Result<{ bytes: number; names: Set<string> }>> {
    const names = new Set<string>();
    if (paths.length === 0) return ok({ bytes: 0, names });
    const snapshot = await source.snapshotOf(paths);
    let bytes = 0;
    try {
      const runs = await runSliced(planSegments(snapshot, this.options.targetBytes ?? SEGMENT_TARGET_BYTES), this.options.pause);
      const groups: string[][] = [];
      for (const [a, b] of runs) {
        const first = snapshot.notes[a]?.chunkStart ?? 0;
        const end = (snapshot.notes[b - 1]?.chunkStart ?? 0) + (snapshot.notes[b - 1]?.chunkCount ?? 0);
        groups.push(snapshot.chunks.slice(first, end).map((c) => c.id));
        await this.options.pause?.();
      }
      const from = this.options.postingsFrom ?? 64;
      const wanted = groups.map((g) => g.length >= from);
      const postings = wanted.some(Boolean) && source.postingsOf ? await source.postingsOf(groups.filter((_, i) => wanted[i])) : undefined;
      let k = 0;
      for (const [i, [a, b]] of runs.entries()) {
        const keywords = wanted[i] ? postings?.[k++] : undefined;
        const sub = { ...subSnapshot(snapshot, a, b), header: { ...source.header, dims: snapshot.header.dims, savedAt }, ...(keywords ? { keywords } : {}) };
        const encoded = await runSliced(encodeSegment(sub), this.options.pause);
        if (!encoded.ok) return encoded;
        const name = segmentName(this.options.writer, this.seq++, encoded.value.checksum);
        this.orphans.add(name);
        const put = await this.store.write(joinPath(this.dir, name), encoded.value.bytes);
        if (!put.ok) return put;
        names.add(name);
        bytes += encoded.value.bytes.length;
        const notePaths = sub.notes.map((n) => n.path);
        next.segments.set(name, { name, notes: notePaths.length, chunks: sub.chunks.length, bytes: encoded.value.bytes.length, paths: notePaths, dead: new Set() });
        notePaths.forEach((p, ordinal) => next.rows.set(p, { segment: name, ordinal }));
      }
    } finally {
      if (!(snapshot.vectors instanceof Float32Array)) snapshot.vectors.release?.();
    }
    return ok({ bytes, names });
  }
}
