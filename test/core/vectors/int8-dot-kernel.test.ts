import { readFileSync } from "node:fs";
import fc from "fast-check";
import wabtInit from "wabt";
import { describe, expect, it } from "vitest";
import { int8DotKernel } from "../../../src/core/vectors/int8-dot-kernel";
import { INT8_DOT_WASM } from "../../../src/core/vectors/int8-dot-wasm";
import { pairDotInt8Rows } from "../../../src/core/vectors/pair-dot-int8";

const float = fc.float({ min: -4, max: 4, noNaN: true });
const code = fc.integer({ min: -127, max: 127 });
const scale = fc.float({ min: 0, max: 1, noNaN: true });

describe("int8 dot WebAssembly kernel", () => {
  it("runs for dimensions that are a multiple of 4 and declines the others", () => {
    expect(int8DotKernel(384)).toBeDefined();
    expect(int8DotKernel(6)).toBeUndefined();
    expect(int8DotKernel(0)).toBeUndefined();
  });

  it("gives bit for bit the JavaScript loop's scores, with two probes and with one, across batches", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((quads) => {
          const probe = fc.array(float, { minLength: quads * 4, maxLength: quads * 4 }).map((xs) => Float32Array.from(xs));
          const row = fc.array(code, { minLength: quads * 4, maxLength: quads * 4 });
          return fc.tuple(probe, probe, fc.array(fc.tuple(row, scale), { minLength: 1, maxLength: 1100 }), fc.nat(3));
        }),
        ([a, b, rows, at]) => {
          const dims = a.length;
          const codes = new Int8Array(rows.length * dims);
          rows.forEach(([r], i) => codes.set(r, i * dims));
          const scales = Float32Array.from(rows.map(([, s]) => s));
          const kernel = int8DotKernel(dims)!;
          for (const second of [b, a]) {
            const wasm = new Float64Array(at + rows.length);
            kernel.scoreRows(codes, scales, rows.length, a, second, wasm, at);
            const js = new Float64Array(at + rows.length);
            pairDotInt8Rows(codes, scales, rows.length, a, second, js, at);
            for (let i = at; i < at + rows.length; i++) expect(Object.is(wasm[i], js[i])).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads the largest codes and a row at the very end of a batch", () => {
    const dims = 8;
    const codes = new Int8Array(1025 * dims).fill(-127);
    codes.fill(127, 1024 * dims - 2);
    const scales = new Float32Array(1025).fill(0.5);
    const a = new Float32Array(dims).fill(1);
    const out = new Float64Array(1025);
    int8DotKernel(dims)!.scoreRows(codes, scales, 1025, a, a, out, 0);
    expect(out[0]).toBe(-127 * 8 * 0.5);
    expect(out[1023]).toBe((-127 * 6 + 127 * 2) * 0.5);
    expect(out[1024]).toBe(127 * 8 * 0.5);
  });

  it("is built from the committed source (run `npm run build:wasm` after editing the .wat)", async () => {
    const wabt = await wabtInit();
    const path = "src/core/vectors/int8-dot-kernel.wat";
    const module = wabt.parseWat(path, readFileSync(path, "utf8"), { simd: true });
    const bytes = Buffer.from(module.toBinary({}).buffer);
    module.destroy();
    expect(bytes.toString("base64")).toBe(INT8_DOT_WASM);
  });
});
