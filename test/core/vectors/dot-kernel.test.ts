import { readFileSync } from "node:fs";
import fc from "fast-check";
import wabtInit from "wabt";
import { describe, expect, it } from "vitest";
import { dotKernel } from "../../../src/core/vectors/dot-kernel";
import { DOT_WASM } from "../../../src/core/vectors/dot-wasm";
import { pairDotKernel } from "../../../src/core/vectors/pair-dot-kernel";
import { pairDotRows } from "../../../src/core/vectors/pair-dot-js";

const float = fc.float({ min: -4, max: 4, noNaN: true });

describe("single-probe dot WebAssembly kernel", () => {
  it("runs for dimensions that are a multiple of 4 and declines the others", () => {
    expect(dotKernel(384)).toBeDefined();
    expect(dotKernel(6)).toBeUndefined();
    expect(dotKernel(0)).toBeUndefined();
  });

  it("gives bit for bit the pair kernel's and the JavaScript loop's score with the probe as both probes, across batches", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((quads) => {
          const vec = fc.array(float, { minLength: quads * 4, maxLength: quads * 4 }).map((xs) => Float32Array.from(xs));
          return fc.tuple(vec, fc.array(vec, { minLength: 1, maxLength: 600 }), fc.nat(3));
        }),
        ([q, vectors, at]) => {
          const dims = q.length;
          const rows = new Float32Array(vectors.length * dims);
          vectors.forEach((v, i) => rows.set(v, i * dims));
          const one = new Float64Array(at + vectors.length);
          dotKernel(dims)!.scoreRows(rows, vectors.length, q, one, at);
          const pair = new Float64Array(at + vectors.length);
          pairDotKernel(dims)!.scoreRows(rows, vectors.length, q, q, pair, at);
          const js = new Float64Array(at + vectors.length);
          pairDotRows(rows, vectors.length, q, q, js, at);
          for (let i = at; i < at + vectors.length; i++) {
            expect(Object.is(one[i], pair[i])).toBe(true);
            expect(Object.is(one[i], js[i])).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("is built from the committed source (run `npm run build:wasm` after editing the .wat)", async () => {
    const wabt = await wabtInit();
    const path = "src/core/vectors/dot-kernel.wat";
    const module = wabt.parseWat(path, readFileSync(path, "utf8"), { simd: true });
    const bytes = Buffer.from(module.toBinary({}).buffer);
    module.destroy();
    expect(bytes.toString("base64")).toBe(DOT_WASM);
  });
});
