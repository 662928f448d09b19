import { err, ok, type Result } from "../result";
import { corruptFile, readContainer, writeContainer, type SealedFile } from "./container";
import { readFloat32LE, writeFloat32LE } from "./float32-le";
import { isCount, isRecord, isStringArray } from "./json-guards";
import { SLICE_BYTES, type Steps } from "../shared/slices";
import { SNAPSHOT_FORMAT_VERSION, type SnapshotToSave } from "./snapshot";
import { canonicalModelName } from "../ollama/model-name";

/**
 * The vectors file: a small JSON header, then one little-endian Float32 row per chunk (rows without an embedding
 * are stored too, so row i stays at a fixed offset and loads as a view), then a bitmap of which rows are real.
 */
export interface VectorsFileContent {
  model: string;
  dims: number;
  vectors: Float32Array;
  hasVector: Uint8Array;
  checksum: number;
  /**
   * Row i's `embedHash` ("" for rows without a vector), so that the vectors can be recovered by content when the
   * meta file is lost. Absent from files saved before it existed.
   */
  hashes?: string[];
}

export function* encodeVectorsFile(s: SnapshotToSave): Steps<SealedFile> {
  const rows = s.hasVector.length;
  const floatBytes = s.vectors.length * 4;
  const hashes = s.chunks.map((c, i) => (s.hasVector[i] ? c.embedHash : ""));
  const header = { model: s.header.model, dims: s.header.dims, rows, hashes };
  const bodyBytes = floatBytes + bitmapBytes(rows);
  return yield* writeContainer("vectors", SNAPSHOT_FORMAT_VERSION, header, bodyBytes, function* (body) {
    const vectors = s.vectors;
    if (vectors instanceof Float32Array) {
      const sliceFloats = SLICE_BYTES / 4;
      for (let from = 0; from < vectors.length; from += sliceFloats) {
        if (from > 0) yield;
        writeFloat32LE(body.subarray(from * 4), vectors.subarray(from, from + sliceFloats));
      }
    } else {
      const dims = s.header.dims;
      const rowsPerSlice = Math.max(1, Math.floor(SLICE_BYTES / Math.max(1, dims * 4)));
      for (let i = 0; i < rows && dims > 0; i++) {
        if (i > 0 && i % rowsPerSlice === 0) yield;
        const v = vectors.row(i);
        if (!v) continue;
        if (v.length !== dims) throw new Error(`row ${i} has ${v.length} floats, not ${dims}`);
        // The body starts zeroed, so rows without a vector stay zero.
        writeFloat32LE(body.subarray(i * dims * 4, (i + 1) * dims * 4), v);
      }
    }
    for (let i = 0; i < rows; i++) {
      const at = floatBytes + (i >>> 3);
      if (s.hasVector[i]) body[at] = (body[at] ?? 0) | (1 << (i & 7));
    }
  });
}

export function* decodeVectorsFile(bytes: Uint8Array): Steps<Result<VectorsFileContent>> {
  const opened = yield* readContainer(bytes, "vectors", SNAPSHOT_FORMAT_VERSION);
  if (!opened.ok) return opened;
  const { header, body, checksum } = opened.value;
  if (!isRecord(header) || typeof header.model !== "string" || !isCount(header.dims) || !isCount(header.rows)) {
    return err(corruptFile("vectors file", "bad header"));
  }
  const { dims, rows } = header;
  const model = canonicalModelName(header.model);
  const floatBytes = rows * dims * 4;
  const usedBytes = floatBytes + bitmapBytes(rows);
  if (body.length < usedBytes || body.length - usedBytes > 3) {
    return err(corruptFile("vectors file", `body of ${body.length} bytes for ${rows} rows of ${dims}`));
  }
  const vectors = readFloat32LE(body, rows * dims);
  const hasVector = new Uint8Array(rows);
  for (let i = 0; i < rows; i++) hasVector[i] = ((body[floatBytes + (i >>> 3)] ?? 0) >>> (i & 7)) & 1;
  const hashes = isStringArray(header.hashes, rows) ? header.hashes : undefined;
  return ok({ model, dims, vectors, hasVector, checksum, ...(hashes ? { hashes } : {}) });
}

function bitmapBytes(rows: number): number {
  return Math.ceil(rows / 8);
}
