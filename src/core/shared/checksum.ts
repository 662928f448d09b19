import { fmix } from "./hash";
import { runAll, SLICE_BYTES, type Steps } from "./slices";

/**
 * 32-bit checksum of the index files, to detect truncated, torn or damaged files before trusting them.
 *
 * It reads little-endian 32-bit words. Each word goes through a murmur-style multiply/rotate mix, and every step
 * is a bijection of the running state. So a change confined to one word (any single flipped byte) always changes the
 * result, and wider damage slips through with odds of about 1 in 2^32. Two independent lanes (even and odd words) let
 * the CPU overlap the multiplications, which keeps 100 MB in the tens of milliseconds. It is not cryptographic.
 */
export function checksum32(bytes: Uint8Array): number {
  return runAll(checksumSteps(bytes));
}

/** `checksum32`, yielding between slices of `SLICE_BYTES`. */
export function* checksumSteps(bytes: Uint8Array): Steps<number> {
  const words = bytes.length >>> 2;
  const sliceWords = SLICE_BYTES >>> 2;
  const lanes = new Int32Array([0x9e3779b9, 0x7f4a7c15]);
  for (let from = 0; from < words; from += sliceWords) {
    if (from > 0) yield;
    mixWords(bytes, from, Math.min(words, from + sliceWords), lanes);
  }
  let tail = 0;
  for (let j = words * 4; j < bytes.length; j++) tail |= (bytes[j] ?? 0) << (8 * (j & 3));
  // The length goes in too, so zero bytes appended or cut off at the end still change the sum.
  return fmix(mix(mix(lanes[0] ?? 0, lanes[1] ?? 0), tail) ^ bytes.length) >>> 0;
}

/** Whether typed arrays on this machine store numbers little-endian, as the index files do (true on x86 and ARM). */
export const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Mixes words [from, to) into the two lanes; `from` must be even so each word keeps its lane across slices. */
function mixWords(bytes: Uint8Array, from: number, to: number, lanes: Int32Array): void {
  let a = lanes[0] ?? 0;
  let b = lanes[1] ?? 0;
  let i = from;
  if ((bytes.byteOffset & 3) === 0 && LITTLE_ENDIAN_HOST) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset, to);
    for (; i + 1 < to; i += 2) {
      a = mix(a, view[i] ?? 0);
      b = mix(b, view[i + 1] ?? 0);
    }
    if (i < to) a = mix(a, view[i] ?? 0);
  } else {
    // Unaligned views and big-endian hosts read the same little-endian words the slower way.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (; i + 1 < to; i += 2) {
      a = mix(a, view.getUint32(i * 4, true));
      b = mix(b, view.getUint32(i * 4 + 4, true));
    }
    if (i < to) a = mix(a, view.getUint32(i * 4, true));
  }
  lanes[0] = a;
  lanes[1] = b;
}

function mix(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

