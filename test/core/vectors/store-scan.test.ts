import { beforeEach, describe, expect, it, vi } from "vitest";
import { runAll } from "../../../src/core/shared/slices";
import { nearestChunksSteps } from "../../../src/core/vectors/nearest-chunks";
import { rankChunksSteps } from "../../../src/core/vectors/ranked-chunks";
import { scanStore } from "../../../src/core/vectors/store-scan";
import { VectorStore } from "../../../src/core/vectors/vector-store";
import { unitVector } from "./unit-vector";

/** Rows the single-probe kernel scored since the last reset: how much of the store a scan read. */
const scored = vi.hoisted(() => ({ rows: 0 }));

vi.mock("../../../src/core/vectors/dot-kernel", async (original) => {
  const real = await original<typeof import("../../../src/core/vectors/dot-kernel")>();
  return {
    dotKernel: (dims: number) => {
      const kernel = real.dotKernel(dims);
      return (
        kernel && {
          scoreRows: (rows: Float32Array, count: number, probe: Float32Array, out: Float64Array, at: number) => {
            scored.rows += count;
            kernel.scoreRows(rows, count, probe, out, at);
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
  beforeEach(() => void (scored.rows = 0));

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
