import { readFileSync } from "node:fs";
import fc from "fast-check";
import wabtInit from "wabt";
import { describe, expect, it } from "vitest";
import { int8BoundKernel } from "../../../src/core/vectors/int8-bound-kernel";
import { INT8_BOUND_WASM } from "../../../src/core/vectors/int8-bound-wasm";

/** `probes` probes within the kernel's range and 1–1,100 rows of int8 codes, at 16–64 dimensions. */
function probesAndRows(probes: number) {
  return fc.integer({ min: 1, max: 4 }).chain((blocks) => {
    const dims = blocks * 16;
    const max = int8BoundKernel(dims)!.maxProbe;
    const probe = fc.array(fc.integer({ min: -max, max }), { minLength: dims, maxLength: dims }).map((xs) => Int16Array.from(xs));
    const row = fc.array(fc.integer({ min: -127, max: 127 }), { minLength: dims, maxLength: dims });
    return fc.tuple(fc.array(probe, { minLength: probes, maxLength: probes }), fc.array(row, { minLength: 1, maxLength: 1100 }));
  });
}

describe("int8 bound WebAssembly kernel", () => {
  it("runs for dimensions that are a multiple of 16 and declines the others", () => {
    expect(int8BoundKernel(384)).toBeDefined();
    expect(int8BoundKernel(24)).toBeUndefined();
    expect(int8BoundKernel(0)).toBeUndefined();
  });

  it("keeps its sums within an int32 at the largest probe values", () => {
    for (const dims of [16, 384, 768, 1024, 4096]) expect(dims * 127 * int8BoundKernel(dims)!.maxProbe).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  it("gives the exact integer dot products with both probes, across batches", () => {
    fc.assert(
      fc.property(
        probesAndRows(2),
        ([[a = new Int16Array(), b = new Int16Array()], rows]) => {
          const dims = a.length;
          const codes = new Int8Array(rows.length * dims);
          rows.forEach((r, i) => codes.set(r, i * dims));
          const out = new Int32Array(2 * rows.length);
          int8BoundKernel(dims)!.scoreRows(codes, rows.length, a, b, out);
          rows.forEach((r, k) => {
            expect(out[2 * k]).toBe(r.reduce((s, c, i) => s + c * a[i]!, 0));
            expect(out[2 * k + 1]).toBe(r.reduce((s, c, i) => s + c * b[i]!, 0));
          });
        },
      ),
      { numRuns: 30 },
    );
  });

  it("gives the exact integer dot products with one probe, for odd and even counts and across batches", () => {
    fc.assert(
      fc.property(
        probesAndRows(1),
        ([[a = new Int16Array()], rows]) => {
          const dims = a.length;
          const codes = new Int8Array(rows.length * dims);
          rows.forEach((r, i) => codes.set(r, i * dims));
          // A sentinel past the last row: the kernel writes one int32 a row and nothing beyond.
          const out = new Int32Array(rows.length + 1).fill(-7);
          int8BoundKernel(dims)!.scoreRowsOne(codes, rows.length, a, out);
          rows.forEach((r, k) => expect(out[k]).toBe(r.reduce((s, c, i) => s + c * a[i]!, 0)));
          expect(out[rows.length]).toBe(-7);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("gives the same products probe by probe with every row copied in once, an odd count of probes and past a batch", () => {
    let seed = 3;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) % 255) - 127;
    for (const [dims, count, probes] of [[16, 5, 1], [32, 1100, 3], [384, 40, 6]] as const) {
      const kernel = int8BoundKernel(dims)!;
      const codes = Int8Array.from({ length: count * dims }, next);
      const ps = Array.from({ length: probes }, () => Int16Array.from({ length: dims }, next));
      const out = new Int32Array(probes * count);
      kernel.scoreRowsByProbes(codes, count, ps, out);
      const pair = new Int32Array(2 * count);
      for (let p = 0; p < probes; p++) {
        kernel.scoreRows(codes, count, ps[p]!, ps[p]!, pair);
        for (let k = 0; k < count; k++) expect(out[p * count + k]).toBe(pair[2 * k]);
      }
    }
  });

  it("is built from the committed source (run `npm run build:wasm` after editing the .wat)", async () => {
    const wabt = await wabtInit();
    const path = "src/core/vectors/int8-bound-kernel.wat";
    const module = wabt.parseWat(path, readFileSync(path, "utf8"), { simd: true });
    const bytes = Buffer.from(module.toBinary({}).buffer);
    module.destroy();
    expect(bytes.toString("base64")).toBe(INT8_BOUND_WASM);
  });
});
