import { describe, expect, it } from "vitest";
import { VectorPool } from "../../../../src/core/sync/embedding/vector-pool";
import { POOL_CHUNKS_PER_STEP, settlePoolLater } from "../../../../src/core/sync/store/load-leftovers";

/** A pool with `notes` loaded notes of three chunks deferred, enough for several slices. */
function loadedPool(notes: number): VectorPool {
  const pool = new VectorPool(() => undefined);
  for (let n = 0; n < notes; n++) pool.defer({ chunks: [0, 1, 2].map((c) => ({ id: `n${n}#${c}` })), embedHashes: [0, 1, 2].map((c) => `h${n}-${c}`) });
  return pool;
}

describe("settlePoolLater", () => {
  it("records every deferred chunk in slices, once however often it is asked", async () => {
    const pool = loadedPool(POOL_CHUNKS_PER_STEP);
    await Promise.all([settlePoolLater(pool, () => true), settlePoolLater(pool, () => true)]);
    expect(pool.deferring).toBe(false);
    expect([...pool.indexedTexts()]).toHaveLength(3 * POOL_CHUNKS_PER_STEP);
  });

  it("stops when the index was replaced, leaving the rest to the pool's next use", async () => {
    const pool = loadedPool(POOL_CHUNKS_PER_STEP);
    await settlePoolLater(pool, () => false);
    expect(pool.deferring).toBe(true);
    expect([...pool.indexedTexts()]).toHaveLength(3 * POOL_CHUNKS_PER_STEP);
    expect(pool.deferring).toBe(false);
  });
});
