import { describe, expect, it } from "vitest";
import { Int8Arena } from "../../../src/core/vectors/int8-arena";
import { normOfCodes, normOfCodesAt, normOfValues, normsOfFourAt } from "../../../src/core/vectors/vector-math";
import { dequantizeInt8, quantizeInt8 } from "../../../src/core/vectors/vector-precision";

describe("normOfCodes", () => {
  it("is the codes' Euclidean norm times |scale|", () => {
    expect(normOfCodes(Int8Array.from([3, 4]), 0.5)).toBe(2.5);
    expect(normOfCodes(Int8Array.from([-3, 0, 4]), -2)).toBe(10);
    expect(normOfCodes(new Int8Array(8), 0.25)).toBe(0);
  });

  it("stays within a part in a million of the dequantized values' norm (the bound int8-prefilter.ts allows)", () => {
    let seed = 3;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let t = 0; t < 200; t++) {
      const v = Float32Array.from({ length: 384 }, () => (next() - 0.5) * (t % 7 === 0 ? 1e-6 : 3));
      const codes = new Int8Array(v.length);
      const scale = quantizeInt8(v, codes);
      const exact = normOfValues(dequantizeInt8(codes, scale));
      expect(Math.abs(normOfCodes(codes, scale) - exact)).toBeLessThanOrEqual(exact * 1e-6);
    }
  });
});

describe("normsOfFourAt", () => {
  it("gives each of four rows the norm normOfCodesAt gives it, bit for bit", () => {
    const dims = 96;
    const codes = new Int8Array(9 * dims);
    let seed = 7;
    for (let i = 0; i < codes.length; i++) codes[i] = ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256) - 128;
    codes.fill(127, 2 * dims, 3 * dims);
    codes.fill(-128, 5 * dims, 5 * dims + 10);
    const scales = [0.0123, 1e-7, 3.5, 0.000977, 0.5, 2 ** -20, 0.3, 7.25, 0.0001].map((x) => Math.fround(x));
    const out = new Float64Array(4);
    for (const rows of [[0, 1, 2, 3], [5, 2, 8, 4], [6, 6, 7, 0]] as const) {
      normsOfFourAt(codes, dims, [rows[0] * dims, rows[1] * dims, rows[2] * dims, rows[3] * dims], [scales[rows[0]]!, scales[rows[1]]!, scales[rows[2]]!, scales[rows[3]]!], out);
      expect([...out]).toEqual(rows.map((r) => normOfCodesAt(codes, r * dims, dims, scales[r]!)));
    }
  });
});

describe("Int8Arena.norms", () => {
  it("gives each row the norm normOfCodesAt gives it, bit for bit, over several kernel calls and an odd tail", () => {
    const dims = 32;
    const rows = 75; // more than `dims` rows a call, and not a multiple of four
    const arena = Int8Arena.create(dims);
    if (!arena) return expect.fail("no WebAssembly SIMD here");
    const at = arena.alloc(rows * dims)!;
    const codes = arena.bytes(at, rows * dims);
    let seed = 11;
    for (let i = 0; i < codes.length; i++) codes[i] = ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256) - 128;
    codes.fill(127, 3 * dims, 4 * dims);
    codes.fill(-128, 40 * dims, 41 * dims);
    const scales = Float32Array.from({ length: rows }, (_, r) => [0.0123, 1e-7, 3.5, 0.000977, 0.5, 2 ** -20, 0.3, 7.25, 1e-30, -0.25][r % 10]! * (1 + r / 97));
    const out = new Float64Array(rows);
    arena.norms(at, scales, out);
    const copy = arena.bytes(at, rows * dims).slice();
    const want = Array.from({ length: rows }, (_, r) => normOfCodesAt(copy, r * dims, dims, scales[r]!));
    // `toEqual` tells -0 from 0 and compares every bit of the doubles that matter here.
    expect([...out].map((x) => x.toString())).toEqual(want.map((x) => x.toString()));
  });
});
