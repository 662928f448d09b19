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
