import { LITTLE_ENDIAN_HOST } from "../shared/checksum";

/** Writes `values` into `target` as little-endian Float32, byte for byte on little-endian hosts. */
export function writeFloat32LE(
  target: Uint8Array,
  values: Float32Array,
  hostIsLittleEndian = LITTLE_ENDIAN_HOST,
): void {
  if (hostIsLittleEndian) {
    target.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
    return;
  }
  const view = new DataView(target.buffer, target.byteOffset, target.byteLength);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] ?? 0, true);
}

/**
 * Reads `count` little-endian Float32 values from the start of `source`. On a little-endian host with a 4-byte
 * aligned source, the result is a view into the same memory (no copy): the caller must not reuse that buffer.
 */
export function readFloat32LE(
  source: Uint8Array,
  count: number,
  hostIsLittleEndian = LITTLE_ENDIAN_HOST,
): Float32Array {
  if (hostIsLittleEndian) {
    if ((source.byteOffset & 3) === 0) return new Float32Array(source.buffer, source.byteOffset, count);
    return new Float32Array(source.slice(0, count * 4).buffer);
  }
  const view = new DataView(source.buffer, source.byteOffset, source.byteLength);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
