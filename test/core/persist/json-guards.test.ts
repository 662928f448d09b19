import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isIndexArray,
  isIndexArrays,
  isNullableNumberArray,
  isNumberArray,
  isStringArray,
  isStringArrays,
} from "../../../src/core/persist/json-guards";

// What the guards said when written with `every`: the loops must agree on anything JSON.parse can give.
const ref = {
  strings: (x: unknown, n: number) => Array.isArray(x) && x.length === n && x.every((v) => typeof v === "string"),
  numbers: (x: unknown, n: number) => Array.isArray(x) && x.length === n && x.every((v) => typeof v === "number" && Number.isFinite(v)),
  nullable: (x: unknown, n: number) => Array.isArray(x) && x.length === n && x.every((v) => v === null || (typeof v === "number" && Number.isFinite(v))),
  index: (x: unknown, n: number, limit: number) => ref.numbers(x, n) && (x as number[]).every((v) => Number.isInteger(v) && v >= 0 && v < limit),
};

describe("json guards", () => {
  it("agree with the every-based checks on JSON values of every shape", () => {
    const item = fc.oneof(fc.string(), fc.integer({ min: -5, max: 40 }), fc.double(), fc.constant(null), fc.boolean(), fc.array(fc.oneof(fc.string(), fc.integer({ min: -2, max: 12 }))));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), fc.nat(9), fc.nat(30), (value, n, limit) => {
        const x: unknown = JSON.parse(JSON.stringify(value));
        const len = n % 2 === 0 && Array.isArray(x) ? x.length : n;
        expect(isStringArray(x, len)).toBe(ref.strings(x, len));
        expect(isNumberArray(x, len)).toBe(ref.numbers(x, len));
        expect(isNullableNumberArray(x, len)).toBe(ref.nullable(x, len));
        expect(isIndexArray(x, len, limit)).toBe(ref.index(x, len, limit));
        expect(isStringArrays(x, len)).toBe(Array.isArray(x) && x.length === len && x.every((v) => Array.isArray(v) && ref.strings(v, v.length)));
        expect(isIndexArrays(x, len, limit)).toBe(Array.isArray(x) && x.length === len && x.every((v) => Array.isArray(v) && ref.index(v, v.length, limit)));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuse what is not an array, and arrays of the wrong length", () => {
    for (const x of [{}, "ab", 3, null, undefined]) expect(isStringArray(x, 0)).toBe(false);
    expect(isNumberArray([1, 2], 3)).toBe(false);
    expect(isIndexArrays([[0], [1]], 2, 2)).toBe(true);
    expect(isIndexArrays([[0], [2]], 2, 2)).toBe(false);
  });
});
