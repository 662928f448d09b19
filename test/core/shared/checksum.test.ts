import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checksum32 } from "../../../src/core/shared/checksum";

/** A copy of `bytes` that starts one byte into its buffer, so it can't be read as aligned 32-bit words. */
function unaligned(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array(bytes.length + 1);
  padded.set(bytes, 1);
  return padded.subarray(1);
}

describe("checksum32", () => {
  it("is pinned, because saved index files depend on it", () => {
    expect(checksum32(new TextEncoder().encode("hybrid vault search"))).toBe(0x71da589e);
  });

  it("gives the same sum for aligned and unaligned views of the same bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => checksum32(unaligned(bytes)) === checksum32(bytes)),
    );
  });

  it("always changes when one byte changes", () => {
    const arb = fc.record({
      bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
      at: fc.nat(),
      xor: fc.integer({ min: 1, max: 255 }),
    });
    fc.assert(
      fc.property(arb, ({ bytes, at, xor }) => {
        const changed = bytes.slice();
        const i = at % bytes.length;
        changed[i] = (changed[i] ?? 0) ^ xor;
        return checksum32(changed) !== checksum32(bytes);
      }),
      { numRuns: 2000 },
    );
  });

  it("changes when zero bytes are appended or two words are swapped", () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(checksum32(new Uint8Array([...bytes, 0]))).not.toBe(checksum32(bytes));
    expect(checksum32(new Uint8Array([...bytes, 0, 0, 0, 0]))).not.toBe(checksum32(bytes));
    expect(checksum32(new Uint8Array([5, 6, 7, 8, 1, 2, 3, 4]))).not.toBe(checksum32(bytes));
  });
});
