import { describe, expect, it } from "vitest";
import { VectorPool } from "../../../../src/core/sync/embedding/vector-pool";

describe("VectorPool", () => {
  it("holds no copy of a vector the index holds: it reads it from the index", () => {
    const index = new Map<string, Float32Array>();
    const pool = new VectorPool((id) => index.get(id));
    const delivered = Float32Array.from([1, 2]);
    expect(pool.retain("h", "a.md#0", false)).toBe(true);
    expect(pool.deliver("h", delivered)).toEqual(["a.md#0"]);
    const stored = Float32Array.from(delivered);
    index.set("a.md#0", stored);
    expect(pool.lookup("h")).toBe(stored);
    expect(pool.pendingChunks).toBe(0);
    expect([...pool.allVectors()]).toEqual([["h", stored]]);
  });

  it("keeps a copy of a vector whose text leaves the index, safe from the slot being reused", () => {
    const index = new Map<string, Float32Array>();
    const pool = new VectorPool((id) => index.get(id));
    const slot = Float32Array.from([3, 4]);
    index.set("a.md#0", slot);
    pool.retain("h", "a.md#0", true);
    expect(pool.release("h", "a.md#0")).toBe(true);
    index.delete("a.md#0");
    slot.fill(9);
    expect([...(pool.lookup("h") ?? [])]).toEqual([3, 4]);
  });
});

describe("VectorPool seeds by row", () => {
  it("reads a seeded row only when a chunk takes it, and at the end only the rows it keeps as recently dropped", () => {
    const reads: number[] = [];
    const pool = new VectorPool(() => undefined, 2);
    const hashes = ["a", "", "b", "c", "d"];
    const row = (i: number): Float32Array => {
      reads.push(i);
      return Float32Array.from([i, i]);
    };
    expect(pool.seedRows(hashes, row)).toBe(4);
    expect(reads).toEqual([]);
    expect([...(pool.lookup("b") ?? [])]).toEqual([2, 2]);
    expect(pool.lookup("")).toBeUndefined();
    expect(reads).toEqual([2]);
    pool.retain("b", "n.md#0", true);
    reads.length = 0;
    pool.clearSeeds();
    // Unused: a, c, d; only the last two fit in the recently dropped.
    expect(reads).toEqual([3, 4]);
    expect([...(pool.lookup("d") ?? [])]).toEqual([4, 4]);
    expect(pool.lookup("a")).toBeUndefined();
  });
});
