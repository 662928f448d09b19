import { SLICE_BYTES, type Steps } from "../shared/slices";

/**
 * Where each of the UTF-8 texts laid back to back in `bytes` (of `byteLengths[i]` bytes each) starts once decoded as
 * one string of `units` UTF-16 code units: entry i is text i's start, entry n (one past the last) is `units`. `bytes`
 * must be well-formed UTF-8 (as `TextEncoder` writes it), decoded without dropping a byte-order mark.
 */
export function* utf16Starts(bytes: Uint8Array, byteLengths: readonly number[], units: number): Steps<Float64Array> {
  const starts = new Float64Array(byteLengths.length + 1);
  // All ASCII (the decoded string is as long as the bytes): a unit per byte.
  const ascii = units === bytes.length;
  let byte = 0;
  let unit = 0;
  let untilYield = SLICE_BYTES;
  for (let i = 0; i < byteLengths.length; i++) {
    starts[i] = unit;
    const end = byte + (byteLengths[i] ?? 0);
    if (ascii) {
      unit += end - byte;
      byte = end;
      continue;
    }
    untilYield -= end - byte;
    for (; byte < end; byte++) {
      const b = bytes[byte]!;
      // Every byte but a continuation byte starts a character; one of four bytes lies outside the BMP: two units.
      if ((b & 0xc0) !== 0x80) unit += b >= 0xf0 ? 2 : 1;
    }
    if (untilYield <= 0) {
      untilYield = SLICE_BYTES;
      yield;
    }
  }
  starts[byteLengths.length] = unit;
  return starts;
}
