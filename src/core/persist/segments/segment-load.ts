import { type AppError, type Result } from "../../result";
import { corruptFile } from "../container";
import type { FileStore } from "../file-store";
import type { IndexSnapshot, NoteRecord, StoredChunk } from "../snapshot";
import { SNAPSHOT_FORMAT_VERSION } from "../snapshot";
import { describeMismatch, type SnapshotExpectations } from "../snapshot-expectations";
import { runSliced, SLICE_ITEMS, type Steps } from "../../shared/slices";
import { decodeSegment } from "./segment-file";
import { readManifests, type ReadManifests } from "./manifest-files";
import { emptyState, type SegmentState } from "./segment-state";
import { joinStrays } from "./stray-segments";
import { joinPath } from "./paths";
import { parseSegmentName } from "./segment-names";
import { salvageSegments } from "./segment-salvage";
import type { SalvagedVectors } from "../index-files";
import { dequantizeInt8, type Int8Rows } from "../../vectors/vector-precision";
import { Int8Arena } from "../../vectors/int8-arena";
import { supersededRows, type SupersededRow } from "./superseded-rows";

/** What loading a segmented index found. */
export type SegmentLoadOutcome =
  | {
      kind: "loaded";
      snapshot: IndexSnapshot;
      state: SegmentState;
      /** Conflict copies of the manifest that were merged in. */
      merged: number;
      /** Listed segments not in the folder yet (a sync tool still copying them): their notes are not loaded. */
      absent: number;
      /** Segments that could not be read (damaged): their notes are indexed again. */
      damaged: number;
      /** Rows with a vector of note versions the index does not hold (see `SupersededRow`). */
      superseded: SupersededRow[];
    }
  /** No manifest: no segmented index was saved here. `salvaged`: the vectors of segment files found without one. */
  | { kind: "missing"; salvaged?: SalvagedVectors }
  /**
   * The manifest can't be used (or was built with other settings: `reusable` holds its notes and vectors). When it
   * could not be read at all, `salvaged` holds the vectors of the segments beside it.
   */
  | { kind: "discarded"; error: AppError; reusable?: IndexSnapshot; salvaged?: SalvagedVectors; state: SegmentState };

/** How many times a load starts over when a listed segment vanished meanwhile (a compaction deleted it). */
const ATTEMPTS = 3;

interface Decoded {
  name: string;
  bytes: number;
  snapshot: IndexSnapshot;
  dead: Set<number>;
}

/**
 * Loads the manifest (merged with any conflict copies of it) and every segment it lists, keeping for each note its
 * newest live row. Reading never changes a file: merges and cleanup are written by the next save.
 */
export async function loadSegments(
  store: FileStore,
  dir: string,
  expect: SnapshotExpectations,
  pause?: () => Promise<void>,
  /** Int8 segments' rows stay int8 (`vectorPages`) instead of being dequantized: for an index that keeps int8. */
  keepInt8 = false,
): Promise<SegmentLoadOutcome> {
  let last: SegmentLoadOutcome = { kind: "missing" };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readManifests(store, dir);
    if (read.kind === "missing") {
      // Segments without a manifest: another device's index on its way (its manifest is written last), or a lost
      // manifest. Their vectors let the rebuild embed nothing they already hold.
      const salvaged = await salvageSegments(store, dir, pause);
      return salvaged ? { kind: "missing", salvaged } : read;
    }
    if (read.kind === "unreadable") {
      const salvaged = await salvageSegments(store, dir, pause);
      return { kind: "discarded", error: read.error, state: emptyState(), ...(salvaged ? { salvaged } : {}) };
    }
    const loaded = await loadListed(store, dir, read, expect, pause, keepInt8);
    if (loaded !== "vanished") return loaded;
    last = { kind: "discarded", error: corruptFile("index", "segments kept vanishing while loading"), state: emptyState() };
  }
  return last;
}

async function loadListed(
  store: FileStore,
  dir: string,
  read: Extract<ReadManifests, { kind: "read" }>,
  expect: SnapshotExpectations,
  pause: (() => Promise<void>) | undefined,
  keepInt8: boolean,
): Promise<SegmentLoadOutcome | "vanished"> {
  const { manifest } = read;
  const state = emptyState();
  state.header = manifest.header;
  state.generation = manifest.generation;
  state.identity = read.identity;
  state.copies = new Set(read.copies);
  state.unsaved = read.copies.length > 0 || read.fromTemp;
  for (const r of manifest.retired) state.retired.set(r.name, r.at);
  joinStrays(state.strays, manifest.strays ?? []);
  const decoded: Decoded[] = [];
  let damaged = 0;
  const segments = manifest.segments;
  const fileOf = (i: number): string | undefined => {
    const name = segments[i]?.name ?? "";
    return read.files.has(name) ? name : read.segmentCopies.get(name);
  };
  // Kept int8 rows go straight into the arena the vector store will search them in (see `ArenaRows`), grown once
  // for every listed row.
  const arena = keepInt8 ? Int8Arena.create(manifest.header.dims) : undefined;
  arena?.reserve(segments.reduce((rows, e) => rows + e.chunks, 0) * manifest.header.dims);
  // The next listed file is read while this one is decoded: the reading happens off the main thread meanwhile.
  const reads: (Promise<Result<Uint8Array | null>> | undefined)[] = [];
  const readAt = (i: number): Promise<Result<Uint8Array | null>> | undefined => {
    const file = fileOf(i);
    if (file !== undefined) reads[i] ??= store.read(joinPath(dir, file));
    return reads[i];
  };
  for (let i = 0; i < segments.length; i++) {
    const entry = segments[i]!;
    const reading = readAt(i);
    if (reading === undefined) {
      // Retired by a compaction and deleted: its rows are in the compacted segments. Else it may still be on its way.
      if (state.retired.has(entry.name)) state.unsaved = true;
      else state.absent.set(entry.name, entry);
      continue;
    }
    void readAt(i + 1);
    const bytes = await reading;
    reads[i] = undefined;
    if (bytes.ok && bytes.value === null) return "vanished";
    const seg = bytes.ok && bytes.value ? await runSliced(decodeSegment(bytes.value, keepInt8, arena), pause) : undefined;
    const fits =
      seg?.ok === true &&
      seg.value.checksum === parseSegmentName(entry.name)?.checksum &&
      seg.value.notes.length === entry.notes &&
      seg.value.chunks.length === entry.chunks &&
      (seg.value.header.dims === manifest.header.dims || !seg.value.hasVector.includes(1));
    if (!seg?.ok || !fits) {
      damaged++;
      state.unsaved = true;
      continue;
    }
    decoded.push({ name: entry.name, bytes: entry.bytes, snapshot: seg.value, dead: new Set(entry.dead) });
    await pause?.();
  }
  const deadBefore = decoded.reduce((a, d) => a + d.dead.size, 0);
  const superseded: SupersededRow[] = [];
  const snapshot = await runSliced(combine(decoded, manifest.header, state, superseded), pause);
  if (decoded.reduce((a, d) => a + d.dead.size, 0) !== deadBefore) state.unsaved = true;
  const header = snapshot.header;
  const mismatch = describeMismatch(header, expect);
  const counts = { merged: read.copies.filter((c) => !c.startsWith("index-seg-")).length, absent: state.absent.size, damaged, superseded };
  if (mismatch === null) return { kind: "loaded", snapshot, state, ...counts };
  // Whoever reuses an index of other settings reads its vectors as one array.
  return { kind: "discarded", error: mismatch, reusable: withContiguousVectors(snapshot), state };
}

/** The newest version first: by the note's modification time, then by when its segment was written, then by name. */
function newer(a: { mtime: number; savedAt: number; name: string }, b: { mtime: number; savedAt: number; name: string }): boolean {
  if (a.mtime !== b.mtime) return a.mtime > b.mtime;
  if (a.savedAt !== b.savedAt) return a.savedAt > b.savedAt;
  return a.name > b.name;
}

/**
 * One snapshot of the winning rows, segment by segment, and the writer's state: every live row's place, and the
 * losing rows (an older version of a note that a merge brought in) marked dead so the next save records it. Where
 * the dead rows' vectors are is listed in `superseded`.
 */
function* combine(decoded: readonly Decoded[], h: SegmentState["header"] & object, state: SegmentState, superseded: SupersededRow[]): Steps<IndexSnapshot> {
  // Indexed loops, no iterator entry per note: this runs for every note of the vault at every load. The winners so
  // far are the writer's own record of rows (`state.rows`), one map by path: a second one cost a 50,000-note load
  // its 50,000 inserts again.
  const best = state.rows;
  const segmentOf = new Map(decoded.map((d, seg) => [d.name, seg]));
  // Notes handled, for a yield every `SLICE_ITEMS`: this runs for every note of the vault (at 50,000 notes, 100 ms
  // and more in one go).
  let done = 0;
  const versionAt = (seg: number, ordinal: number): { mtime: number; savedAt: number; name: string } => {
    const d = decoded[seg]!;
    return { mtime: d.snapshot.notes[ordinal]!.mtime, savedAt: d.snapshot.header.savedAt, name: d.name };
  };
  for (let seg = 0; seg < decoded.length; seg++) {
    const d = decoded[seg]!;
    const segNotes = d.snapshot.notes;
    for (let ordinal = 0; ordinal < segNotes.length; ordinal++) {
      const n = segNotes[ordinal]!;
      if (++done % SLICE_ITEMS === 0) yield;
      if (d.dead.has(ordinal)) continue;
      const found = best.get(n.path);
      const foundSeg = found === undefined ? -1 : segmentOf.get(found.segment)!;
      if (found !== undefined && !newer(versionAt(seg, ordinal), versionAt(foundSeg, found.ordinal))) {
        d.dead.add(ordinal);
        continue;
      }
      if (found !== undefined) decoded[foundSeg]?.dead.add(found.ordinal);
      best.set(n.path, { segment: d.name, ordinal });
    }
  }
  for (const row of supersededRows(decoded)) superseded.push(row);
  const dims = h.dims;
  let total = 0;
  for (const d of decoded) {
    const segNotes = d.snapshot.notes;
    for (let ordinal = 0; ordinal < segNotes.length; ordinal++) if (!d.dead.has(ordinal)) total += segNotes[ordinal]!.chunkCount;
  }
  const notes: NoteRecord[] = [];
  const chunks: StoredChunk[] = [];
  const hasVector = new Uint8Array(total);
  // Vectors stay where they were decoded, a page per segment: copying them into one array would touch (and fault
  // in) as much fresh memory again.
  const pages: (Float32Array | Int8Rows)[] = [];
  /** Row 0 of each page, counted across the pages. */
  const pageStart: number[] = [];
  let rowsBefore = 0;
  const pageOf = new Int32Array(total).fill(-1);
  const rowIn = new Int32Array(total);
  const keywordParts: NonNullable<IndexSnapshot["keywordParts"]> = [];
  for (const d of decoded) {
    const s = d.snapshot;
    const rows = new Int32Array(s.chunks.length).fill(-1);
    const paths: string[] = [];
    for (let ordinal = 0; ordinal < s.notes.length; ordinal++) {
      const n = s.notes[ordinal]!;
      if (++done % SLICE_ITEMS === 0) yield;
      paths.push(n.path);
      // Its place is in `state.rows` already (the first pass).
      if (d.dead.has(ordinal)) continue;
      const at = chunks.length;
      const start = n.chunkStart;
      const end = start + n.chunkCount;
      // The record is this load's own (decoded from the segment just now): it takes its place in the whole snapshot
      // as it is, without a copy.
      n.chunkStart = at;
      notes.push(n);
      for (let c = start; c < end; c++) {
        rows[c] = at + c - start;
        chunks.push(s.chunks[c] as StoredChunk);
      }
      // A note's rows are contiguous on both sides: one copy each (rows without a vector are zeros and stay 0 in
      // `hasVector`).
      if (dims > 0 && s.header.dims === dims) {
        hasVector.set(s.hasVector.subarray(start, end), at);
        pageOf.fill(pages.length, at, at + n.chunkCount);
        for (let c = 0; c < n.chunkCount; c++) rowIn[at + c] = start + c;
      }
    }
    keywordParts.push({ bytes: s.keywords, rows });
    const page = dims > 0 && s.header.dims === dims ? (s.int8 ?? s.vectors) : new Float32Array(0);
    pageStart.push(rowsBefore);
    rowsBefore += page instanceof Float32Array ? (dims > 0 ? page.length / dims : 0) : page.scales.length;
    pages.push(page);
    state.segments.set(d.name, { name: d.name, notes: s.notes.length, chunks: s.chunks.length, bytes: d.bytes, paths, dead: d.dead });
  }
  const header = { formatVersion: SNAPSHOT_FORMAT_VERSION, model: h.model, dims, chunkingHash: h.chunkingHash, savedAt: h.savedAt, ...(h.exclusionsHash !== "" ? { exclusionsHash: h.exclusionsHash } : {}) };
  const rowOf = (i: number): Float32Array | undefined => {
    const page = pages[pageOf[i] ?? -1];
    const row = rowIn[i] ?? 0;
    if (!page || hasVector[i] !== 1) return undefined;
    if (page instanceof Float32Array) return page.subarray(row * dims, (row + 1) * dims);
    return dequantizeInt8(page.codes.subarray(row * dims, (row + 1) * dims), page.scales[row]!);
  };
  const int8RowOf = (i: number): number => {
    const p = pageOf[i] ?? -1;
    const page = pages[p];
    return page && !(page instanceof Float32Array) && hasVector[i] === 1 ? pageStart[p]! + rowIn[i]! : -1;
  };
  const vectorPages = { pages, rowOf, int8RowOf };
  return { header, notes, chunks, vectors: new Float32Array(0), hasVector, keywordParts, vectorPages, vectorPrecision: h.vectorPrecision };
}

/** `s` with its vectors copied into the one array `IndexSnapshot.vectors` describes. */
export function withContiguousVectors(s: IndexSnapshot): IndexSnapshot {
  const pages = s.vectorPages;
  if (!pages) return s;
  const dims = s.header.dims;
  const vectors = new Float32Array(s.chunks.length * dims);
  for (let i = 0; i < s.chunks.length; i++) {
    const row = pages.rowOf(i);
    if (row) vectors.set(row, i * dims);
  }
  const { vectorPages: _pages, ...rest } = s;
  return { ...rest, vectors };
}
