import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ByteReader, ByteWriter } from "../../../src/core/persist/varint";

function roundTrip(strings: readonly string[]): string[] {
  const w = new ByteWriter(16);
  for (const s of strings) w.string(s);
  const r = new ByteReader(w.view());
  const out = strings.map(() => r.string());
  expect(r.done).toBe(true);
  return out;
}

describe("ByteReader.string", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads back every string as written: ASCII, accented, other scripts, emoji, empty, short and long", () => {
    const fixed = ["", "a", "note", "x".repeat(32), "y".repeat(33), "café", "сравнения", "同步", "🙂", "a\u0000b", "é".repeat(20)];
    expect(roundTrip(fixed)).toEqual(fixed);
    fc.assert(fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 40 })), (xs) => void expect(roundTrip(xs)).toEqual(xs)), { numRuns: 200 });
  });

  it("reads back ASCII strings of every short length in any order (each length's scratch codes are reused)", () => {
    const ascii = fc.string({ unit: "binary-ascii", maxLength: 40 });
    fc.assert(fc.property(fc.array(ascii, { maxLength: 60 }), (xs) => void expect(roundTrip(xs)).toEqual(xs)), { numRuns: 300 });
    expect(roundTrip(["abc", "ab", "abd", "", "a\u007f", "zz"])).toEqual(["abc", "ab", "abd", "", "a\u007f", "zz"]);
  });

  it("reads short ASCII strings (most index terms) without a TextDecoder call each", () => {
    const terms = Array.from({ length: 500 }, (_, i) => `term${i}`);
    const w = new ByteWriter(16);
    for (const s of terms) w.string(s);
    const decode = vi.spyOn(TextDecoder.prototype, "decode");
    const r = new ByteReader(w.view());
    expect(terms.map(() => r.string())).toEqual(terms);
    expect(decode).not.toHaveBeenCalled();
  });
});

describe("ByteReader.uintPairs", () => {
  it("reads what uint and count read, one-byte and longer numbers alike, and leaves the reader after them", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(100_000), fc.nat(2 ** 31 - 1))), fc.nat(300), (pairs, tail) => {
        const w = new ByteWriter(16);
        for (const [a, b] of pairs) {
          w.uint(a);
          w.uint(b);
        }
        w.uint(tail);
        const firsts = new Int32Array(pairs.length);
        const seconds = new Int32Array(pairs.length);
        const r = new ByteReader(w.view());
        r.uintPairs(pairs.length, 100_000, firsts, seconds);
        expect([...firsts]).toEqual(pairs.map((p) => p[0]));
        expect([...seconds]).toEqual(pairs.map((p) => p[1]));
        expect(r.uint()).toBe(tail);
        expect(r.done).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses a first number above its maximum and bytes that end inside a pair, as count and uint do", () => {
    const w = new ByteWriter(16);
    for (const x of [3, 1, 500, 2]) w.uint(x);
    const pairs = (max: number, n: number): void => new ByteReader(w.view()).uintPairs(n, max, new Int32Array(n), new Int32Array(n));
    expect(() => pairs(499, 2)).toThrow(/above 499/);
    expect(() => pairs(500, 2)).not.toThrow();
    expect(() => pairs(500, 3)).toThrow(/past the end/);
    const cut = new ByteWriter(16);
    cut.uint(3);
    cut.uint(300);
    expect(() => new ByteReader(cut.view().subarray(0, 2)).uintPairs(1, 10, new Int32Array(1), new Int32Array(1))).toThrow(/past the end/);
  });
});

describe("ByteReader.countKept", () => {
  it("counts the pairs uintPairs reads whose first number is kept, and leaves the reader where uintPairs does", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(2_000), fc.nat(2 ** 31 - 1))), fc.array(fc.boolean(), { minLength: 2_001, maxLength: 2_001 }), fc.nat(300), (pairs, kept, tail) => {
        const w = new ByteWriter(16);
        for (const [a, b] of pairs) {
          w.uint(a);
          w.uint(b);
        }
        w.uint(tail);
        const keep = Int32Array.from(kept, (k, i) => (k ? i : -1));
        const r = new ByteReader(w.view());
        expect(r.countKept(pairs.length, 2_000, keep)).toBe(pairs.filter(([a]) => kept[a]).length);
        expect(r.uint()).toBe(tail);
        expect(r.done).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses what uintPairs refuses", () => {
    const w = new ByteWriter(16);
    for (const x of [3, 1, 500, 2]) w.uint(x);
    const keep = new Int32Array(501);
    const count = (max: number, n: number): number => new ByteReader(w.view()).countKept(n, max, keep);
    expect(() => count(499, 2)).toThrow(/above 499/);
    expect(count(500, 2)).toBe(2);
    expect(() => count(500, 3)).toThrow(/past the end/);
    const cut = new ByteWriter(16);
    cut.uint(3);
    cut.uint(300);
    expect(() => new ByteReader(cut.view().subarray(0, 2)).countKept(1, 10, keep)).toThrow(/past the end/);
    const long = new Uint8Array([1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
    expect(() => new ByteReader(long).uintPairs(1, 10, new Int32Array(1), new Int32Array(1))).toThrow(/too large/);
    expect(() => new ByteReader(long).countKept(1, 10, keep)).toThrow(/too large/);
  });
});

describe("ByteReader.skipUints, offset and uintPairs at an offset", () => {
  it("steps over exactly the numbers uint would read, and writes pairs from `into` on, leaving what is before", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(2 ** 40)), fc.array(fc.tuple(fc.nat(1000), fc.nat(2 ** 31 - 1))), fc.nat(5), (skipped, pairs, into) => {
        const w = new ByteWriter(16);
        for (const x of skipped) w.uint(x);
        for (const [a, b] of pairs) {
          w.uint(a);
          w.uint(b);
        }
        const r = new ByteReader(w.view());
        r.skipUints(skipped.length);
        const at = r.offset;
        const firsts = new Int32Array(into + pairs.length).fill(-7);
        const seconds = new Int32Array(into + pairs.length).fill(-7);
        r.uintPairs(pairs.length, 1000, firsts, seconds, into);
        expect(r.done).toBe(true);
        expect([...firsts.subarray(0, into)]).toEqual(new Array(into).fill(-7));
        expect([...firsts.subarray(into)]).toEqual(pairs.map((p) => p[0]));
        expect([...seconds.subarray(into)]).toEqual(pairs.map((p) => p[1]));
        // A reader made from the offset on reads the same.
        const again = new ByteReader(w.view().subarray(at));
        again.skipUints(2 * pairs.length);
        expect(again.done).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses to skip past the end", () => {
    const w = new ByteWriter(16);
    w.uint(1);
    w.uint(300);
    expect(() => new ByteReader(w.view()).skipUints(3)).toThrow(/past the end/);
    expect(() => new ByteReader(w.view().subarray(0, 2)).skipUints(2)).toThrow(/past the end/);
  });
});
