import { err, ok, type Result } from "../result";
import { corruptFile, parseJson, readContainer, writeContainer, type SealedFile } from "./container";
import { readFloat32LE, writeFloat32LE } from "./float32-le";
import { isCount, isRecord, isStringArray } from "./json-guards";
import { SLICE_BYTES, type Steps } from "../shared/slices";
import { SNAPSHOT_FORMAT_VERSION, type SnapshotToSave } from "./snapshot";
import { canonicalModelName } from "../ollama/model-name";
import { isVectorPrecision, type Int8Rows, type VectorPrecision } from "../vectors/vector-precision";
import { dequantizeInt8Rows, int8RowsBytes, readInt8Rows, writeInt8Rows } from "./int8-rows";

/**
 * The vectors file: a small JSON header, then one little-endian Float32 row per chunk (rows without an embedding
 * are stored too, so row i stays at a fixed offset and loads as a view), then a bitmap of which rows are real.
 * With `precision: "int8"` in the header (`SnapshotToSave.vectorPrecision`) the rows are int8 codes with a scale each
 * (int8-rows.ts), a quarter of the bytes; a header without it (every file saved before the option) is float32.
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
  /**
   * How the file kept the vectors; `vectors` are float32 either way (dequantized from an int8 file), unless the
   * int8 rows were kept (`int8`).
   */
  precision: VectorPrecision;
  /** An int8 file's rows as they are, when decoding was asked to keep them; `vectors` is then empty. */
  int8?: Int8Rows;
}

export function* encodeVectorsFile(s: SnapshotToSave): Steps<SealedFile> {
  const rows = s.hasVector.length;
  const int8 = s.vectorPrecision === "int8";
  const dims = s.header.dims;
  const floatBytes = int8 ? int8RowsBytes(rows, dims) : s.vectors.length * 4;
  const hashes = s.chunks.map((c, i) => (s.hasVector[i] ? c.embedHash : ""));
  const header = { model: s.header.model, dims, rows, hashes, ...(int8 ? { precision: "int8" } : {}) };
  const bodyBytes = floatBytes + bitmapBytes(rows);
  return yield* writeContainer("vectors", SNAPSHOT_FORMAT_VERSION, header, bodyBytes, function* (body) {
    const vectors = s.vectors;
    if (int8) {
      const rowOf = vectors instanceof Float32Array ? (i: number) => (s.hasVector[i] ? vectors.subarray(i * dims, (i + 1) * dims) : undefined) : (i: number) => vectors.row(i);
      yield* writeInt8Rows(body, rows, dims, rowOf, vectors instanceof Float32Array ? undefined : vectors.int8Row?.bind(vectors));
    } else if (vectors instanceof Float32Array) {
      const sliceFloats = SLICE_BYTES / 4;
      for (let from = 0; from < vectors.length; from += sliceFloats) {
        if (from > 0) yield;
        writeFloat32LE(body.subarray(from * 4), vectors.subarray(from, from + sliceFloats));
      }
    } else {
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

/**
 * Reads a vectors file. `keepInt8`: an int8 file's rows are handed over as they are (`int8`), for an index that
 * keeps int8, instead of being dequantized into `vectors`. Default false. `withHashes`: the rows' hashes are read
 * (`hashes`), which only recovering vectors without their meta file needs. Default true.
 */
export function* decodeVectorsFile(bytes: Uint8Array, keepInt8 = false, withHashes = true): Steps<Result<VectorsFileContent>> {
  const opened = yield* readContainer(bytes, "vectors", SNAPSHOT_FORMAT_VERSION, withHashes ? parseJson : parseHeaderWithoutHashes);
  if (!opened.ok) return opened;
  const { header, body, checksum } = opened.value;
  if (!isRecord(header) || typeof header.model !== "string" || !isCount(header.dims) || !isCount(header.rows)) {
    return err(corruptFile("vectors file", "bad header"));
  }
  const { dims, rows } = header;
  const model = canonicalModelName(header.model);
  const precision = header.precision ?? "float32";
  if (!isVectorPrecision(precision)) return err(corruptFile("vectors file", `unknown vector precision ${JSON.stringify(precision)}`));
  const floatBytes = precision === "int8" ? int8RowsBytes(rows, dims) : rows * dims * 4;
  const usedBytes = floatBytes + bitmapBytes(rows);
  if (body.length < usedBytes || body.length - usedBytes > 3) {
    return err(corruptFile("vectors file", `body of ${body.length} bytes for ${rows} rows of ${dims}`));
  }
  const int8 = precision === "int8" ? readInt8Rows(body, rows, dims) : undefined;
  const kept = keepInt8 ? int8 : undefined;
  const vectors = kept ? new Float32Array(0) : int8 ? yield* dequantizeInt8Rows(int8.scales, int8.codes, dims) : readFloat32LE(body, rows * dims);
  const hasVector = new Uint8Array(rows);
  for (let i = 0; i < rows; i++) hasVector[i] = ((body[floatBytes + (i >>> 3)] ?? 0) >>> (i & 7)) & 1;
  const hashes = isStringArray(header.hashes, rows) ? header.hashes : undefined;
  return ok({ model, dims, vectors, hasVector, checksum, precision, ...(hashes ? { hashes } : {}), ...(kept ? { int8: kept } : {}) });
}

function bitmapBytes(rows: number): number {
  return Math.ceil(rows / 8);
}

/** The header key of the rows' hashes and the list's opening bracket, as `JSON.stringify` writes them. */
const HASHES_KEY = new TextEncoder().encode('"hashes":[');

/**
 * The vectors header with its list of row hashes read as an empty list. At 150,000 rows that list is most of the
 * header, and parsing its strings cost a 50,000-note load 13–36 ms for nothing: a load takes each chunk's hash from
 * the meta file. The list is cut out at the first "]" after its key (a hash holds none); whenever that does not leave
 * a well-formed header, the whole header is parsed as before.
 */
export function parseHeaderWithoutHashes(json: Uint8Array): unknown {
  const start = indexOfBytes(json, HASHES_KEY);
  const open = start + HASHES_KEY.length - 1;
  const close = start < 0 ? -1 : json.indexOf(0x5d, open);
  const next = json[close + 1];
  // What follows the list in a header: the next key or the end of the object.
  if (close < 0 || (next !== 0x2c && next !== 0x7d)) return parseJson(json);
  const decoder = new TextDecoder();
  try {
    return JSON.parse(`${decoder.decode(json.subarray(0, open))}[]${decoder.decode(json.subarray(close + 1))}`);
  } catch {
    return parseJson(json);
  }
}

/** Where `needle` first occurs in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array): number {
  const first = needle[0];
  for (let at = bytes.indexOf(first ?? 0); at >= 0 && at + needle.length <= bytes.length; at = bytes.indexOf(first ?? 0, at + 1)) {
    let k = 1;
    while (k < needle.length && bytes[at + k] === needle[k]) k++;
    if (k === needle.length) return at;
  }
  return -1;
}
