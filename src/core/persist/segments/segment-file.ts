import { err, ok, type Result } from "../../result";
import { corruptFile } from "../container";
import { failure } from "../../errors/messages";
import type { IndexSnapshot, SnapshotToSave, VectorRows } from "../snapshot";
import { decodeSnapshotSteps, encodeSnapshotSteps } from "../snapshot-codec";
import { SLICE_ITEMS, type Steps } from "../../shared/slices";
import { decodeVectorsFile, type VectorsFileContent } from "../vectors-file";
import { ArenaRows } from "../../vectors/arena-rows";
import type { Int8Arena } from "../../vectors/int8-arena";

/** Layout version of segments (and of the manifest): any other is discarded and rebuilt. */
export const SEGMENT_FORMAT_VERSION = 1;

/**
 * Largest segment a save aims for. A segment holds whole notes, so one note bigger than this makes one bigger
 * segment. 4 MB keeps a sync tool's upload of a save small, and the number of files at 50,000 notes about 100.
 */
export const SEGMENT_TARGET_BYTES = 4 * 1024 * 1024;

/** The segment's prefix: magic "HVSG", layout version, then the byte lengths of its two parts (all u32 LE). */
const MAGIC = "HVSG";
const PREFIX = 16;

/**
 * A segment: the snapshot of a set of notes in the two codecs of the single-file index (meta file: note records,
 * chunk fields and texts, optionally the notes' keyword postings; vectors file: rows, has-vector bitmap, each row's
 * text hash, model), one after the other behind a 16-byte prefix. Each part carries its checksum and the meta
 * file names the vectors file's, so the meta file's checksum covers the whole segment: it is the one in the name.
 * Its header (`savedAt`) orders versions of a note across segments.
 */
export function* encodeSegment(s: SnapshotToSave): Steps<Result<{ bytes: Uint8Array; checksum: number }>> {
  const encoded = yield* encodeSnapshotSteps(s);
  if (!encoded.ok) return encoded;
  const { meta, vectors } = encoded.value;
  const bytes = new Uint8Array(PREFIX + meta.length + vectors.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, SEGMENT_FORMAT_VERSION, true);
  view.setUint32(8, meta.length, true);
  view.setUint32(12, vectors.length, true);
  bytes.set(meta, PREFIX);
  yield;
  bytes.set(vectors, PREFIX + meta.length);
  return ok({ bytes, checksum: metaChecksum(meta) });
}

/**
 * Decodes a segment whole (both parts, each with its checksum, and their pairing). `keepInt8`: int8 rows stay int8
 * (`IndexSnapshot.int8`) instead of being dequantized. Default false. `arena`: where kept int8 rows of its length go
 * (`ArenaRows`) when it has room, instead of into an array of their own. Default none.
 */
export function* decodeSegment(bytes: Uint8Array, keepInt8 = false, arena?: Int8Arena): Steps<Result<IndexSnapshot & { checksum: number }>> {
  const parts = segmentParts(bytes);
  if (!parts.ok) return parts;
  const metaBytes = parts.value;
  const meta = bytes.subarray(PREFIX, PREFIX + metaBytes);
  // The loaded rows become pages of the vector store for as long as the index lives, and a view would keep the
  // whole file (texts, postings) alive with them: the vectors part gets a buffer of its own, or, with an arena, is
  // read in place and its rows copied into the arena (one copy instead of two).
  const intoArena = keepInt8 && arena !== undefined;
  const vectors = intoArena ? bytes.subarray(PREFIX + metaBytes) : bytes.slice(PREFIX + metaBytes);
  // The segment's own settings are taken as expected: whether they fit the manifest is the loader's call.
  const peek = yield* decodeSnapshotSteps(meta, vectors, { model: "", chunkingHash: "" }, keepInt8);
  const snapshot = peek.ok ? peek.value : peek.reusable;
  if (!snapshot) return peek.ok ? err(corruptFile("segment", "unreadable")) : err(peek.error);
  return ok({ ...(intoArena ? ownRows(snapshot, arena) : snapshot), checksum: metaChecksum(meta) });
}

/** `s` with its rows out of the file's buffer: int8 rows into `arena` when they fit it, else copies. */
function ownRows(s: IndexSnapshot, arena: Int8Arena): IndexSnapshot {
  const int8 = s.int8;
  if (!int8) return { ...s, vectors: s.vectors.slice() };
  const placed = s.header.dims === arena.dims ? ArenaRows.copied(arena, int8) : undefined;
  return { ...s, int8: placed ?? { codes: int8.codes.slice(), scales: int8.scales.slice() } };
}

/**
 * Only a segment's vectors part (model, rows, each row's text hash), int8 rows kept as they are: for reusing another
 * writer's vectors without decoding its texts and postings. The part's own checksum is checked; its pairing with the
 * meta part is not (nothing of the meta part is used).
 */
export function* decodeSegmentVectors(bytes: Uint8Array): Steps<Result<VectorsFileContent>> {
  const parts = segmentParts(bytes);
  if (!parts.ok) return parts;
  return yield* decodeVectorsFile(bytes.subarray(PREFIX + parts.value), true);
}

/** Checks a segment's prefix (magic, layout version, parts filling the file); returns the meta part's length. */
function segmentParts(bytes: Uint8Array): Result<number> {
  if (bytes.length < PREFIX) return err(corruptFile("segment", `only ${bytes.length} bytes`));
  for (let i = 0; i < 4; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) return err(corruptFile("segment", "not a segment"));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) !== SEGMENT_FORMAT_VERSION) return err(failure("indexFormatChanged", `segment version ${view.getUint32(4, true)}`));
  const metaBytes = view.getUint32(8, true);
  const vectorsBytes = view.getUint32(12, true);
  if (PREFIX + metaBytes + vectorsBytes !== bytes.length) return err(corruptFile("segment", "parts don't fill the file"));
  return ok(metaBytes);
}

/** The checksum a container file ends with. */
function metaChecksum(meta: Uint8Array): number {
  return new DataView(meta.buffer, meta.byteOffset + meta.length - 4, 4).getUint32(0, true);
}

/**
 * Splits the notes of `s` into runs of about `targetBytes` each (whole notes), by the bytes their texts and vectors
 * take. Returns [first note, end note) pairs. Yields every `SLICE_ITEMS` notes: a full save walks every chunk here.
 */
export function* planSegments(s: SnapshotToSave, targetBytes = SEGMENT_TARGET_BYTES): Steps<[number, number][]> {
  const rowBytes = s.header.dims * (s.vectorPrecision === "int8" ? 1 : 4) + 64;
  const runs: [number, number][] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < s.notes.length; i++) {
    const n = s.notes[i]!;
    let noteBytes = 200 + n.path.length * 2;
    for (let c = n.chunkStart; c < n.chunkStart + n.chunkCount; c++) noteBytes += rowBytes + (s.chunks[c]?.text.length ?? 0) * 1.1;
    if (i > start && bytes + noteBytes > targetBytes) {
      runs.push([start, i]);
      start = i;
      bytes = 0;
    }
    bytes += noteBytes;
    if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  if (start < s.notes.length) runs.push([start, s.notes.length]);
  return runs;
}

/** Notes [from, to) of `s` as a snapshot of their own (rebased chunks, vectors by row, no postings). */
export function subSnapshot(s: SnapshotToSave, from: number, to: number): SnapshotToSave {
  const first = s.notes[from]?.chunkStart ?? 0;
  const last = to > from ? (s.notes[to - 1]?.chunkStart ?? 0) + (s.notes[to - 1]?.chunkCount ?? 0) : first;
  const notes = s.notes.slice(from, to).map((n) => ({ ...n, chunkStart: n.chunkStart - first }));
  const dims = s.header.dims;
  const all = s.vectors;
  const vectors: Float32Array | VectorRows =
    all instanceof Float32Array
      ? all.subarray(first * dims, last * dims)
      : {
          length: (last - first) * dims,
          row: (i) => all.row(first + i),
          ...(all.int8Row ? { int8Row: (i: number, codes: Int8Array) => all.int8Row?.(first + i, codes) } : {}),
        };
  const { keywords: _all, ...rest } = s;
  return { ...rest, notes, chunks: s.chunks.slice(first, last), hasVector: s.hasVector.subarray(first, last), vectors };
}
