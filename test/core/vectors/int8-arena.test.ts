import { describe, expect, it } from "vitest";
import { runAll } from "../../../src/core/shared/slices";
import { Int8Arena } from "../../../src/core/vectors/int8-arena";
import { int8BoundKernel } from "../../../src/core/vectors/int8-bound-kernel";
import { nearestChunksSteps } from "../../../src/core/vectors/nearest-chunks";
import { VectorStore, type Int8Page } from "../../../src/core/vectors/vector-store";
import { dequantizeInt8, quantizeInt8 } from "../../../src/core/vectors/vector-precision";
import { unitVector } from "./unit-vector";

const DIMS = 48;
const tieKey = (id: string) => Number(id.split("#")[1]);

/**
 * The `limit` nearest ids to `q` worked out in JavaScript from the vectors as last stored (each quantized as the
 * store does, then widened): an oracle that reads nothing of the store, so a stale or lost copy of the codes shows.
 */
function expected(live: Map<string, Float32Array>, q: Float32Array, limit: number): string[] {
  const scored = [...live].map(([id, v]) => {
    const codes = new Int8Array(DIMS);
    const w = dequantizeInt8(codes, quantizeInt8(v, codes));
    let dot = 0;
    let norm = 0;
    for (let i = 0; i < DIMS; i++) {
      dot += q[i]! * w[i]!;
      norm += w[i]! * w[i]!;
    }
    return { id, score: dot / Math.sqrt(norm) };
  });
  return scored.sort((a, b) => b.score - a.score || tieKey(a.id) - tieKey(b.id)).slice(0, limit).map((s) => s.id);
}

const search = (store: VectorStore, q: Float32Array, limit: number): string[] => runAll(nearestChunksSteps(store, q, -1, limit)).map((h) => h.id);

describe("int8 codes kept in the store's WebAssembly arena", () => {
  it("scores exactly the integer dot products of the rows in place, one probe or two", () => {
    const arena = Int8Arena.create(DIMS)!;
    const kernel = int8BoundKernel(DIMS)!;
    const rows = 37;
    const at = arena.alloc(rows * DIMS)!;
    const codes = Int8Array.from({ length: rows * DIMS }, (_, i) => ((i * 7919) % 255) - 127);
    arena.bytes(at, rows * DIMS).set(codes);
    const a = Int16Array.from({ length: DIMS }, (_, i) => ((i * 31) % 2001) - 1000);
    const b = Int16Array.from({ length: DIMS }, (_, i) => ((i * 17) % 1501) - 750);
    const got = new Int32Array(2 * rows);
    const want = new Int32Array(2 * rows);
    arena.score(at, rows, a, b, got);
    kernel.scoreRows(codes, rows, a, b, want);
    expect([...got]).toEqual([...want]);
    arena.score(at, rows, a, undefined, got);
    kernel.scoreRowsOne(codes, rows, a, want);
    expect([...got.subarray(0, rows)]).toEqual([...want.subarray(0, rows)]);
  });

  it("searches an edit, a removal and a reused slot as they are now, pages added meanwhile included", () => {
    const store = new VectorStore(DIMS, tieKey, "int8");
    expect(store.arena).toBeDefined();
    const live = new Map<string, Float32Array>();
    const put = (i: number, seed: number) => {
      const v = unitVector(DIMS, seed);
      store.set(`n${i % 50}.md#${i}`, `n${i % 50}.md`, v);
      live.set(`n${i % 50}.md#${i}`, v);
    };
    for (let i = 0; i < 900; i++) put(i, i + 1);
    const q = unitVector(DIMS, 4242);
    expect(search(store, q, 10)).toEqual(expected(live, q, 10));
    // An edit makes a far chunk the query itself; a removal drops the best one; both after a search read the arena.
    put(123, 4242);
    expect(search(store, q, 10)[0]).toBe("n23.md#123");
    store.delete("n23.md#123");
    live.delete("n23.md#123");
    expect(search(store, q, 10)).toEqual(expected(live, q, 10));
    // The freed slot is reused by the next insertion; then enough rows that the arena grows by several pages.
    store.recycle();
    put(5000, 4242);
    for (let i = 900; i < 4000; i++) put(i, i + 1);
    expect(store.pages.length).toBeGreaterThan(3);
    expect(store.pages.every((p) => (p as Int8Page).at !== undefined)).toBe(true);
    expect(search(store, q, 10)).toEqual(expected(live, q, 10));
    expect(search(store, q, 10)[0]).toBe("n0.md#5000");
  });

  it("finishes a search stepped across a growth of the arena (views of the old memory are taken again)", () => {
    const store = new VectorStore(DIMS, tieKey, "int8");
    const live = new Map<string, Float32Array>();
    for (let i = 0; i < 3000; i++) {
      const v = unitVector(DIMS, i + 1);
      store.set(`n${i % 40}.md#${i}`, `n${i % 40}.md`, v);
      live.set(`n${i % 40}.md#${i}`, v);
    }
    const q = unitVector(DIMS, 77);
    const steps = nearestChunksSteps(store, q, -1, 10, 512);
    steps.next();
    steps.next();
    const pagesBefore = store.pages.length;
    // Rows far from the query, in new pages: the memory grows between two steps of the search.
    const far = Float32Array.from(q, (x) => -x);
    for (let i = 3000; i < 5100; i++) store.set(`m.md#${i}`, "m.md", far);
    expect(store.pages.length).toBeGreaterThan(pagesBefore);
    const rest = runAll(steps).map((h) => h.id);
    expect(rest).toEqual(expected(live, q, 10));
    expect(search(store, q, 10)).toEqual(expected(live, q, 10));
  });

  it("takes adopted rows (a loaded file) into the arena and writes later edits of them there", () => {
    const n = 600;
    const scales = new Float32Array(n);
    const codes = new Int8Array(n * DIMS);
    const live = new Map<string, Float32Array>();
    for (let i = 0; i < n; i++) {
      const v = unitVector(DIMS, i + 1);
      scales[i] = quantizeInt8(v, codes.subarray(i * DIMS, (i + 1) * DIMS));
      live.set(`n${i % 30}.md#${i}`, v);
    }
    const store = new VectorStore(DIMS, tieKey, "int8");
    const first = store.adoptInt8({ codes, scales })!;
    for (let i = 0; i < n; i++) store.claim(`n${i % 30}.md#${i}`, `n${i % 30}.md`, first + i);
    store.settle();
    const q = unitVector(DIMS, 9001);
    expect(search(store, q, 10)).toEqual(expected(live, q, 10));
    // An edit before the page moves into the arena moves with it.
    const v = unitVector(DIMS, 9001);
    store.set("n7.md#7", "n7.md", v);
    live.set("n7.md#7", v);
    expect((store.pages[0] as Int8Page).at).toBeUndefined();
    runAll(store.normSteps(64));
    expect((store.pages[0] as Int8Page).at).toBeDefined();
    // The loaded arrays are not the store's any more: changing them changes nothing it answers.
    codes.fill(0);
    scales.fill(0);
    expect(search(store, q, 10)[0]).toBe("n7.md#7");
    expect(search(store, q, 10)).toEqual(expected(live, q, 10));
    // And an edit after the move is read where the kernel reads.
    const w = unitVector(DIMS, 9001);
    w[0] = -w[0]!;
    store.set("n8.md#8", "n8.md", unitVector(DIMS, 9001));
    live.set("n8.md#8", unitVector(DIMS, 9001));
    store.set("n7.md#7", "n7.md", w);
    live.set("n7.md#7", w);
    expect(search(store, q, 10)).toEqual(expected(live, q, 10));
    expect(search(store, q, 10)[0]).toBe("n8.md#8");
  });

  it("grows its memory once for a load that reserves what it will adopt", () => {
    const rows = 5000;
    const page = { codes: new Int8Array(rows * DIMS), scales: new Float32Array(rows) };
    const reserved = new VectorStore(DIMS, tieKey, "int8");
    reserved.reserve(rows);
    const size = reserved.arena!.byteLength;
    reserved.adoptInt8(page);
    expect(reserved.arena!.byteLength).toBe(size);
    // Without the reservation the same page grows it.
    const plain = new VectorStore(DIMS, tieKey, "int8");
    const before = plain.arena!.byteLength;
    plain.adoptInt8(page);
    expect(plain.arena!.byteLength).toBeGreaterThan(before);
  });
});
