import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFloat32LE, writeFloat32LE } from "../../../src/core/persist/float32-le";

const valuesArb = fc.float32Array({ maxLength: 32 });

describe("little-endian Float32 rows", () => {
  it("writes the same bytes on the fast path and the portable (big-endian host) path", () => {
    fc.assert(
      fc.property(valuesArb, (values) => {
        const fast = new Uint8Array(values.length * 4);
        const portable = new Uint8Array(values.length * 4);
        writeFloat32LE(fast, values, true);
        writeFloat32LE(portable, values, false);
        expect(portable).toEqual(fast);
        const view = new DataView(fast.buffer);
        values.forEach((v, i) => expect(Object.is(view.getFloat32(i * 4, true), v) || Number.isNaN(v)).toBe(true));
      }),
    );
  });

  it("reads back the same floats on every path", () => {
    fc.assert(
      fc.property(valuesArb, (values) => {
        const aligned = new Uint8Array(values.length * 4);
        writeFloat32LE(aligned, values);
        const shifted = new Uint8Array(aligned.length + 1).subarray(1);
        shifted.set(aligned);
        const expected = new Uint8Array(values.buffer);
        for (const [source, host] of [[aligned, true], [aligned, false], [shifted, true], [shifted, false]] as const) {
          const read = readFloat32LE(source, values.length, host);
          expect(new Uint8Array(read.buffer, read.byteOffset, read.byteLength)).toEqual(expected);
        }
      }),
    );
  });

  it("views aligned little-endian input in place instead of copying it", () => {
    const bytes = new Uint8Array(8);
    const read = readFloat32LE(bytes, 2, true);
    bytes.set([0, 0, 0x80, 0x3f], 4);
    expect(read[1]).toBe(1);
  });
});
