import { describe, expect, it } from "vitest";
import { runAll } from "../../../src/core/shared/slices";
import { nearestChunksSteps } from "../../../src/core/vectors/nearest-chunks";
import { VectorStore, type Int8Page } from "../../../src/core/vectors/vector-store";
import { quantizeInt8 } from "../../../src/core/vectors/vector-precision";
import { unitVector } from "./unit-vector";
import { ArenaRows } from "../../../src/core/vectors/arena-rows";
import { Int8Arena } from "../../../src/core/vectors/int8-arena";

const DIMS = 48;
const tieKey = (id: string) => Number(id.split("#")[1]);

/** `n` int8 rows as a loaded file gives them: scales and codes back to back. */
function rowsOf(n: number): { scales: Float32Array; codes: Int8Array } {
  const scales = new Float32Array(n);
  const codes = new Int8Array(n * DIMS);
  for (let i = 0; i < n; i++) scales[i] = quantizeInt8(unitVector(DIMS, i + 1), codes.subarray(i * DIMS, (i + 1) * DIMS));
  return { scales, codes };
}

describe("int8 rows adopted by an int8 store (a loaded int8 file)", () => {
  it("claimed from several pages (a segmented load), keep the norm set() gives each row", () => {
    const sizes = [7, 1, 40];
    const built = new VectorStore(DIMS, tieKey, "int8");
    const adopted = new VectorStore(DIMS, tieKey, "int8");
    let i = 0;
    for (const size of sizes) {
      const rows = rowsOf(i + size).codes.subarray(i * DIMS);
      const scales = rowsOf(i + size).scales.subarray(i);
      const first = adopted.adoptInt8({ codes: rows, scales })!;
      for (let k = 0; k < size; k++, i++) {
        built.set(`n.md#${i}`, "n.md", unitVector(DIMS, i + 1));
        expect(adopted.claim(`n.md#${i}`, "n.md", first + k)).toBe(true);
      }
    }
    adopted.settle();
    for (let k = 0; k < i; k++) expect(adopted.norm(adopted.slotOfId(`n.md#${k}`)!)).toBe(built.norm(built.slotOfId(`n.md#${k}`)!));
  });

  it("are moved into the store's arena and searched there, with the scores and norms a store filled by set() gives", () => {
    const n = 300;
    const built = new VectorStore(DIMS, tieKey, "int8");
    for (let i = 0; i < n; i++) built.set(`n${i % 30}.md#${i}`, `n${i % 30}.md`, unitVector(DIMS, i + 1));
    const rows = rowsOf(n);
    const adopted = new VectorStore(DIMS, tieKey, "int8");
    const first = adopted.adoptInt8(rows)!;
    expect(first).toBe(0);
    // Claimed out of order, as notes come back in the order the file lists them.
    for (let i = n - 1; i >= 0; i--) expect(adopted.claim(`n${i % 30}.md#${i}`, `n${i % 30}.md`, first + i)).toBe(true);
    adopted.settle();
    // Read where they were loaded until the slices after a load move them into the arena.
    const page = adopted.pages[0] as Int8Page;
    expect(page.at).toBeUndefined();
    const query0 = unitVector(DIMS, 4999);
    const beforeMove = runAll(nearestChunksSteps(adopted, query0, -1, 20));
    runAll(adopted.normSteps(64));
    expect(runAll(nearestChunksSteps(adopted, query0, -1, 20))).toEqual(beforeMove);
    // Then one copy of the codes: the arena's. The loaded array is not kept, so its file buffer can be freed.
    expect(page.at).toBeDefined();
    expect(page.codes.buffer).toBe(adopted.arena!.bytes(0, 1).buffer);
    expect(page.codes.buffer).not.toBe(rows.codes.buffer);
    expect(page.scales.buffer).not.toBe(rows.scales.buffer);
    expect(adopted.size).toBe(n);
    for (let i = 0; i < n; i++) {
      const id = `n${i % 30}.md#${i}`;
      expect(adopted.norm(adopted.slotOfId(id)!)).toBe(built.norm(built.slotOfId(id)!));
      expect([...adopted.get(id)!]).toEqual([...built.get(id)!]);
    }
    for (let q = 0; q < 5; q++) {
      const query = unitVector(DIMS, 5000 + q);
      expect(runAll(nearestChunksSteps(adopted, query, -1, 20))).toEqual(runAll(nearestChunksSteps(built, query, -1, 20)));
    }
  });

  it("read into a load's arena are searched where they lie, that arena becoming the store's, with the answers of a store filled by set()", () => {
    const n = 300;
    const built = new VectorStore(DIMS, tieKey, "int8");
    for (let i = 0; i < n; i++) built.set(`n${i % 30}.md#${i}`, `n${i % 30}.md`, unitVector(DIMS, i + 1));
    const arena = Int8Arena.create(DIMS)!;
    const all = rowsOf(n);
    // Two segments' rows, read into the arena one after the other.
    const parts = [0, 120, n].slice(1).map((end, k, ends) => {
      const from = k === 0 ? 0 : ends[k - 1]!;
      return ArenaRows.copied(arena, { codes: all.codes.subarray(from * DIMS, end * DIMS), scales: all.scales.subarray(from, end) })!;
    });
    const adopted = new VectorStore(DIMS, tieKey, "int8");
    adopted.reserve(n, 0);
    const firsts = parts.map((rows) => adopted.adoptInt8(rows)!);
    expect(firsts).toEqual([0, 120]);
    expect(adopted.arena).toBe(arena);
    for (let i = 0; i < n; i++) expect(adopted.claim(`n${i % 30}.md#${i}`, `n${i % 30}.md`, i)).toBe(true);
    adopted.settle();
    // Nothing is left to move: the codes lie in the arena already.
    expect(adopted.pages.every((p) => (p as Int8Page).at !== undefined)).toBe(true);
    runAll(adopted.normSteps(64));
    for (let i = 0; i < n; i++) {
      const id = `n${i % 30}.md#${i}`;
      expect(adopted.norm(adopted.slotOfId(id)!)).toBe(built.norm(built.slotOfId(id)!));
      expect([...adopted.get(id)!]).toEqual([...built.get(id)!]);
    }
    for (let q = 0; q < 5; q++) {
      const query = unitVector(DIMS, 5000 + q);
      expect(runAll(nearestChunksSteps(adopted, query, -1, 20))).toEqual(runAll(nearestChunksSteps(built, query, -1, 20)));
    }
    // A vector stored afterwards goes into the same arena, after the loaded rows.
    adopted.set("new.md#0", "new.md", unitVector(DIMS, 9999));
    built.set("new.md#0", "new.md", unitVector(DIMS, 9999));
    expect([...adopted.get("new.md#0")!]).toEqual([...built.get("new.md#0")!]);
    expect(adopted.arena).toBe(arena);
  });

  it("take a claimed row's norm after the claim (first use or normSteps), with the same norms and answers either way", () => {
    const n = 200;
    const built = new VectorStore(DIMS, tieKey, "int8");
    for (let i = 0; i < n; i++) built.set(`n${i % 20}.md#${i}`, `n${i % 20}.md`, unitVector(DIMS, i + 1));
    const claimed = () => {
      const store = new VectorStore(DIMS, tieKey, "int8");
      const first = store.adoptInt8(rowsOf(n))!;
      for (let i = 0; i < n; i++) store.claim(`n${i % 20}.md#${i}`, `n${i % 20}.md`, first + i);
      store.settle();
      return store;
    };
    // A search before any norm was taken, one halfway through the slices, one after them all: all alike.
    const early = claimed();
    expect(early.normsPending).toBe(true);
    const halfway = claimed();
    const steps = halfway.normSteps(64);
    steps.next();
    const late = claimed();
    runAll(late.normSteps(64));
    expect(late.normsPending).toBe(false);
    for (let q = 0; q < 4; q++) {
      const query = unitVector(DIMS, 7000 + q);
      const expected = runAll(nearestChunksSteps(built, query, -1, 15));
      for (const store of [early, halfway, late]) expect(runAll(nearestChunksSteps(store, query, -1, 15))).toEqual(expected);
    }
    // The slices left running after searches took every norm find nothing left, and change nothing; the store
    // searched before any slice still has its pages to move into the arena.
    runAll(steps);
    expect(early.normsPending).toBe(true);
    runAll(early.normSteps(64));
    for (const store of [early, halfway, late]) {
      expect(store.normsPending).toBe(false);
      for (let i = 0; i < n; i++) {
        const id = `n${i % 20}.md#${i}`;
        expect(store.norm(store.slotOfId(id)!)).toBe(built.norm(built.slotOfId(id)!));
      }
    }
    // A row replaced before its norm was taken gets the new vector's norm.
    const replaced = claimed();
    replaced.set("n3.md#3", "n3.md", unitVector(DIMS, 999));
    built.set("n3.md#3", "n3.md", unitVector(DIMS, 999));
    expect(replaced.norm(replaced.slotOfId("n3.md#3")!)).toBe(built.norm(built.slotOfId("n3.md#3")!));
  });

  it("take every norm in normSteps over pages of many sizes, a batch crossing from page to page, as set() gives them", () => {
    // A load's pages are a segment each: one step's batch of rows runs across several of them, and a page's rows
    // from one batch to the next.
    const sizes = [7, 1, 40, 1500, 3, 700, 2];
    const built = new VectorStore(DIMS, tieKey, "int8");
    const adopted = new VectorStore(DIMS, tieKey, "int8");
    let i = 0;
    for (const size of sizes) {
      const all = rowsOf(i + size);
      const first = adopted.adoptInt8({ codes: all.codes.subarray(i * DIMS), scales: all.scales.subarray(i) })!;
      for (let k = 0; k < size; k++, i++) {
        built.set(`n.md#${i}`, "n.md", unitVector(DIMS, i + 1));
        adopted.claim(`n.md#${i}`, "n.md", first + k);
      }
    }
    adopted.settle();
    // Leave a hole: a replaced row already has its norm, and the batch around it goes on either side.
    adopted.set("n.md#900", "n.md", unitVector(DIMS, 901));
    runAll(adopted.normSteps(5000));
    expect(adopted.normsPending).toBe(false);
    for (let k = 0; k < i; k++) expect(adopted.norm(adopted.slotOfId(`n.md#${k}`)!)).toBe(built.norm(built.slotOfId(`n.md#${k}`)!));
  });

  it("frees the rows nobody claimed at settle(), and reuses them for new vectors", () => {
    const store = new VectorStore(DIMS, tieKey, "int8");
    const first = store.adoptInt8(rowsOf(4))!;
    expect(store.claim("a.md#0", "a.md", first)).toBe(true);
    expect(store.claim("a.md#0", "a.md", first + 1)).toBe(false);
    expect(store.claim("b.md#1", "b.md", first)).toBe(false);
    store.settle();
    expect(store.claim("c.md#2", "c.md", first + 2)).toBe(false);
    store.set("d.md#3", "d.md", unitVector(DIMS, 99));
    // A freed adopted row takes the new vector: the store did not grow a page.
    expect(store.slots).toBe(4);
    expect(store.get("d.md#3")![0]).toBeCloseTo(unitVector(DIMS, 99)[0]!, 2);
    expect(store.get("a.md#0")![0]).toBeCloseTo(unitVector(DIMS, 1)[0]!, 2);
  });

  it("are refused by a float32 store", () => {
    const store = new VectorStore(DIMS, tieKey, "float32");
    expect(store.adoptInt8(rowsOf(2))).toBeUndefined();
    expect(store.slots).toBe(0);
  });
});
