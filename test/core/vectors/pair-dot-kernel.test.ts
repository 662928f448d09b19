import { readFileSync } from "node:fs";
import fc from "fast-check";
import wabtInit from "wabt";
import { describe, expect, it } from "vitest";
import { pairDotKernel } from "../../../src/core/vectors/pair-dot-kernel";
import { PAIR_DOT_WASM } from "../../../src/core/vectors/pair-dot-wasm";

/** The JavaScript loop of vector-scan.ts: four running sums by position modulo 4, added left to right. */
function pairDotJs(v: Float32Array, a: Float32Array, b: Float32Array): number {
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  for (let i = 0; i + 3 < v.length; i += 4) {
    a0 += a[i]! * v[i]!;
    a1 += a[i + 1]! * v[i + 1]!;
    a2 += a[i + 2]! * v[i + 2]!;
    a3 += a[i + 3]! * v[i + 3]!;
    b0 += b[i]! * v[i]!;
    b1 += b[i + 1]! * v[i + 1]!;
    b2 += b[i + 2]! * v[i + 2]!;
    b3 += b[i + 3]! * v[i + 3]!;
  }
  return Math.max(a0 + a1 + a2 + a3, b0 + b1 + b2 + b3);
}

const float = fc.float({ min: -4, max: 4, noNaN: true });

describe("pair-dot WebAssembly kernel", () => {
  it("runs for dimensions that are a multiple of 4 and declines the others", () => {
    expect(pairDotKernel(768)).toBeDefined();
    expect(pairDotKernel(8)).toBeDefined();
    expect(pairDotKernel(6)).toBeUndefined();
    expect(pairDotKernel(0)).toBeUndefined();
  });

  it("gives bit for bit the scores of the JavaScript loop, across batches", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((quads) => {
          const vec = fc.array(float, { minLength: quads * 4, maxLength: quads * 4 }).map((xs) => Float32Array.from(xs));
          return fc.tuple(vec, vec, fc.array(vec, { minLength: 1, maxLength: 600 }));
        }),
        ([a, b, vectors]) => {
          const kernel = pairDotKernel(a.length);
          if (!kernel) throw new Error("no kernel");
          const out = new Float64Array(vectors.length);
          kernel.score(vectors, a, b, out);
          vectors.forEach((v, i) => expect(Object.is(out[i], pairDotJs(v, a, b))).toBe(true));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("folds every pair of probes by max as scoreRows does, each batch of rows copied in once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((quads) => {
          const vec = fc.array(float, { minLength: quads * 4, maxLength: quads * 4 }).map((xs) => Float32Array.from(xs));
          return fc.tuple(fc.array(vec, { minLength: 1, maxLength: 7 }), fc.array(vec, { minLength: 1, maxLength: 600 }));
        }),
        ([probes, vectors]) => {
          const dims = probes[0]!.length;
          const kernel = pairDotKernel(dims);
          if (!kernel) throw new Error("no kernel");
          const rows = new Float32Array(vectors.length * dims);
          vectors.forEach((v, i) => rows.set(v, i * dims));
          const got = new Float64Array(vectors.length + 1).fill(7);
          kernel.maxOverProbes(rows, vectors.length, probes, got);
          const want = new Float64Array(vectors.length).fill(-Infinity);
          const dots = new Float64Array(vectors.length);
          for (let i = 0; i < probes.length; i += 2) {
            kernel.scoreRows(rows, vectors.length, probes[i]!, probes[i + 1] ?? probes[i]!, dots, 0);
            dots.forEach((d, k) => d > want[k]! && (want[k] = d));
          }
          want.forEach((w, k) => expect(Object.is(got[k], w)).toBe(true));
          expect(got[vectors.length]).toBe(7);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("is built from the committed source (run `npm run build:wasm` after editing the .wat)", async () => {
    const wabt = await wabtInit();
    const path = "src/core/vectors/pair-dot-kernel.wat";
    const module = wabt.parseWat(path, readFileSync(path, "utf8"), { simd: true });
    const bytes = Buffer.from(module.toBinary({}).buffer);
    module.destroy();
    expect(bytes.toString("base64")).toBe(PAIR_DOT_WASM);
  });
});
