import { dequantizeInt8, quantizeInt8, type Int8Rows } from "../vectors/vector-precision";
import type { IndexSnapshot } from "./snapshot";
import { LITTLE_ENDIAN_HOST } from "../shared/checksum";
import { readFloat32LE } from "./float32-le";
import { align4 } from "./container";
import { SLICE_BYTES, type Steps } from "../shared/slices";

/**
 * Rows of vectors as int8 codes, the layout a vectors file (and later a segment) keeps them in:
 *
 *   scales (rows × float32 LE) | codes (rows × dims int8, zero-padded to 4)
 *
 * Row i stands for `codes[i·dims…] × scales[i]` (see `quantizeInt8`). A row without a vector is all zero.
 */
export function int8RowsBytes(rows: number, dims: number): number {
  return rows * 4 + align4(rows * dims);
}

/** Quantizes `row(i)` for each row into `body` (zeroed), yielding after about every `SLICE_BYTES` of input. */
export function* writeInt8Rows(
  body: Uint8Array,
  rows: number,
  dims: number,
  row: (i: number) => Float32Array | undefined,
  /** Row i's codes copied into `codes`, returning the scale, when the rows are int8 already (see `VectorRows`). */
  int8Row?: (i: number, codes: Int8Array) => number | undefined,
): Steps<void> {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const codes = new Int8Array(body.buffer, body.byteOffset + rows * 4, rows * dims);
  const rowsPerSlice = Math.max(1, Math.floor(SLICE_BYTES / Math.max(1, dims * 4)));
  for (let i = 0; i < rows && dims > 0; i++) {
    if (i > 0 && i % rowsPerSlice === 0) yield;
    const scale = int8Row?.(i, codes.subarray(i * dims, (i + 1) * dims));
    if (scale !== undefined) {
      view.setFloat32(i * 4, scale, true);
      continue;
    }
    const v = row(i);
    if (!v) continue;
    if (v.length !== dims) throw new Error(`row ${i} has ${v.length} floats, not ${dims}`);
    view.setFloat32(i * 4, quantizeInt8(v, codes.subarray(i * dims, (i + 1) * dims)), true);
  }
}

/** Int8 rows read back from `body`: the scales (a copy on a big-endian host) and a view of the codes. */
export function readInt8Rows(body: Uint8Array, rows: number, dims: number, hostIsLittleEndian = LITTLE_ENDIAN_HOST): Int8Rows {
  const scales = readFloat32LE(body, rows, hostIsLittleEndian);
  const codes = new Int8Array(body.buffer, body.byteOffset + rows * 4, rows * dims);
  return { scales, codes };
}

/** The rows as float32 values (what an index that keeps float32 loads), yielding after about every `SLICE_BYTES`. */
export function* dequantizeInt8Rows(scales: Float32Array, codes: Int8Array, dims: number): Steps<Float32Array> {
  const rows = scales.length;
  const out = new Float32Array(rows * dims);
  const rowsPerSlice = Math.max(1, Math.floor(SLICE_BYTES / Math.max(1, dims * 4)));
  for (let i = 0; i < rows; i++) {
    if (i > 0 && i % rowsPerSlice === 0) yield;
    dequantizeInt8(codes.subarray(i * dims, (i + 1) * dims), scales[i]!, out.subarray(i * dims, (i + 1) * dims));
  }
  return out;
}

/**
 * Row i of a loaded snapshot as float32 values: a view of `vectors`, or a dequantized copy when the snapshot kept its
 * int8 rows (`IndexSnapshot.int8`). Undefined for a row without a vector.
 */
export function snapshotVector(s: Pick<IndexSnapshot, "header" | "vectors" | "hasVector" | "int8">, i: number): Float32Array | undefined {
  const dims = s.header.dims;
  if (dims === 0 || s.hasVector[i] !== 1) return undefined;
  if (!s.int8) return s.vectors.subarray(i * dims, (i + 1) * dims);
  return dequantizeInt8(s.int8.codes.subarray(i * dims, (i + 1) * dims), s.int8.scales[i]!);
}
