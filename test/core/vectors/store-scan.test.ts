import { beforeEach, describe, expect, it, vi } from "vitest";
import { runAll } from "../../../src/core/shared/slices";
import { nearestChunksSteps } from "../../../src/core/vectors/nearest-chunks";
import { rankChunksSteps } from "../../../src/core/vectors/ranked-chunks";
import { scanStore } from "../../../src/core/vectors/store-scan";
import { VectorStore } from "../../../src/core/vectors/vector-store";
import { unitVector } from "./unit-vector";

/**
 * Rows the single-probe kernels scored since the last reset (`rows`: how much of the store a scan read), and of them
 * the rows the float32 kernel was given (`float32`).
 */
const scored = vi.hoisted(() => ({ rows: 0, float32: 0 }));

vi.mock("../../../src/core/vectors/dot-kernel", async (original) => {
  const real = await original<typeof import("../../../src/core/vectors/dot-kernel")>();
  return {
    dotKernel: (dims: number) => {
      const kernel = real.dotKernel(dims);
      return (
        kernel && {
          scoreRows: (rows: Float32Array, count: number, probe: Float32Array, out: Float64Array, at: number) => {
            scored.rows += count;
            scored.float32 += count;
            kernel.scoreRows(rows, count, probe, out, at);
          },
        }
      );
    },
  };
});

vi.mock("../../../src/core/vectors/int8-dot-kernel", async (original) => {
  const real = await original<typeof import("../../../src/core/vectors/int8-dot-kernel")>();
  return {
    int8DotKernel: (dims: number) => {
      const kernel = real.int8DotKernel(dims);
      return (
        kernel && {
          scoreRows: (codes: Int8Array, scales: Float32Array, count: number, a: Float32Array, b: Float32Array, out: Float64Array, at: number) => {
            if (a === b) scored.rows += count;
            kernel.scoreRows(codes, scales, count, a, b, out, at);
          },
        }
      );
    },
  };
});

const DIMS = 16;

/** 40 notes of 1–5 chunks each, stored note by note, then a few removed and replaced so slots interleave. */
function store(precision: "float32" | "int8"): VectorStore {
  const s = new VectorStore(DIMS, (id) => Number(id.split("#")[1]) + 1000 * Number(id.split("/")[0]!.slice(1)), precision);
  let seed = 1;
  for (let n = 0; n < 40; n++) for (let c = 0; c < 1 + (n % 5); c++) s.set(`n${n}/x.md#${c}`, `n${n}/x.md`, unitVector(DIMS, seed++));
  for (const n of [3, 17]) s.delete(`n${n}/x.md#0`);
  s.recycle();
  s.set("n40/x.md#0", "n40/x.md", unitVector(DIMS, seed++));
  return s;
}

const wanted = (path: string): boolean => /^n(1\d|40)\//.test(path);

describe("the store scan of a search", () => {
  beforeEach(() => Object.assign(scored, { rows: 0, float32: 0 }));

  it("reads an int8 store's codes as they are: no row is widened to float32 for the float32 kernel", () => {
    const s = store("int8");
    const q = unitVector(DIMS, 999);
    runAll(scanStore(s, q, q, () => undefined));
    expect(scored.rows).toBe(s.slots);
    expect(scored.float32).toBe(0);
  });

  for (const precision of ["float32", "int8"] as const) {
    it(`scores every row once through the single-probe kernel (${precision})`, () => {
      const s = store(precision);
      const q = unitVector(DIMS, 999);
      runAll(scanStore(s, q, q, () => undefined));
      expect(scored.rows).toBe(s.slots);
    });

    it(`with a path: or tag: filter scores only the kept notes' rows, and finds what the whole scan filtered finds (${precision})`, () => {
      const s = store(precision);
      const q = unitVector(DIMS, 999);
      const all = runAll(nearestChunksSteps(s, q, -1, 1000));
      const rowsOfWanted = all.filter((h) => wanted(h.id)).length;
      scored.rows = 0;
      const filtered = runAll(nearestChunksSteps(s, q, -1, 1000, 4096, wanted));
      expect(scored.rows).toBe(rowsOfWanted);
      expect(filtered).toEqual(all.filter((h) => wanted(h.id)));
      const ranked = runAll(rankChunksSteps(s, q, -1, 7, wanted));
      expect(ranked.take(1000)).toEqual(all.filter((h) => wanted(h.id)));
      expect(runAll(nearestChunksSteps(s, q, -1, 3, 5, wanted))).toEqual(all.filter((h) => wanted(h.id)).slice(0, 3));
    });
  }
});
