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
