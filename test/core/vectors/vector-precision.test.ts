import { describe, expect, it } from "vitest";
import { unitVector } from "./unit-vector";
import { bytesPerVector, dequantizeInt8, quantizeInt8 } from "../../../src/core/vectors/vector-precision";

describe("int8 quantization", () => {
  it("keeps every value within half a step of scale max|v| / 127", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const v = unitVector(768, seed);
      const codes = new Int8Array(768);
      const scale = quantizeInt8(v, codes);
      const max = v.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
      expect(scale).toBeCloseTo(max / 127, 7);
      const back = dequantizeInt8(codes, scale);
      for (let i = 0; i < v.length; i++) expect(Math.abs(back[i]! - v[i]!)).toBeLessThanOrEqual(scale / 2 + 1e-7);
      expect(codes.some((c) => Math.abs(c) === 127)).toBe(true);
    }
  });

  it("keeps the cosine of a vector with its dequantized self above 0.9999 at 768 dimensions", () => {
    const v = unitVector(768, 7);
    const codes = new Int8Array(768);
    const back = dequantizeInt8(codes, quantizeInt8(v, codes));
    let dot = 0;
    let nb = 0;
    for (let i = 0; i < 768; i++) {
      dot += v[i]! * back[i]!;
      nb += back[i]! * back[i]!;
    }
    expect(dot / Math.sqrt(nb)).toBeGreaterThan(0.9999);
  });

  it("gives the same codes and scale when a dequantized vector is quantized again (a round trip loses nothing more)", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const codes = new Int8Array(384);
      const scale = quantizeInt8(unitVector(384, seed), codes);
      const again = new Int8Array(384);
      const scale2 = quantizeInt8(dequantizeInt8(codes, scale), again);
      expect([...again]).toEqual([...codes]);
      expect(Math.abs(scale2 - scale)).toBeLessThanOrEqual(scale * 1e-6);
    }
  });

  it("keeps a zero or non-finite vector a zero vector", () => {
    const codes = new Int8Array(4).fill(5);
    expect(quantizeInt8(new Float32Array(4), codes)).toBe(0);
    expect([...codes]).toEqual([0, 0, 0, 0]);
    expect(quantizeInt8(Float32Array.from([1, Infinity, 0, 0]), codes)).toBe(0);
    expect([...dequantizeInt8(codes, 0)]).toEqual([0, 0, 0, 0]);
  });

  it("takes a quarter of the bytes, plus a scale", () => {
    expect(bytesPerVector("float32", 768)).toBe(3072);
    expect(bytesPerVector("int8", 768)).toBe(772);
  });
});
