/**
 * A fast, synchronous, non-cryptographic 64-bit content hash, as 16 hex characters.
 *
 * Used to key caches by text ("has this exact text been embedded already?"). It runs over UTF-16 code units, so it
 * needs no TextEncoder and no Node `crypto`, and is the same in Node and in the browser. Two independent 32-bit lanes
 * (FNV-1a and a murmur-style multiply/rotate) keep accidental collisions negligible for vault-sized inputs; it is not
 * meant to resist deliberate collisions.
 */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b = (b << 13) | (b >>> 19);
  }
  // Final avalanche so that short inputs still spread over all bits of both lanes.
  a = fmix(a ^ text.length);
  b = fmix(b ^ a);
  return hex8(a) + hex8(b);
}

/** MurmurHash3's finaliser: spreads every input bit over the 32 output bits (unsigned). Shared with `checksum`. */
export function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}
