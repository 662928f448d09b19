import { describe, expect, it } from "vitest";
import { normOfCodesAt, normsOfFourAt } from "../../../src/core/vectors/vector-math";

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
