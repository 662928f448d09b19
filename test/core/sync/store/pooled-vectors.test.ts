import { describe, expect, it } from "vitest";
import { pooledVectors } from "../../../../src/core/sync/store/pooled-vectors";

describe("pooledVectors", () => {
  it("gives each hash's vector in order, pausing between runs of lookups, not within one", async () => {
    const known = new Map<string, Float32Array>(Array.from({ length: 200 }, (_, i) => [`h${i}`, Float32Array.from([i])]));
    const asked: string[] = [];
    const pausedAfter: number[] = [];
    const pool = {
      lookup: (hash: string) => {
        asked.push(hash);
        return known.get(hash);
      },
    };
    const hashes = [...Array.from({ length: 200 }, (_, i) => `h${i}`), "unknown"];
    const vectors = await pooledVectors(pool, hashes, async () => void pausedAfter.push(asked.length));
    expect(asked).toEqual(hashes);
    expect(vectors.map((v) => v?.[0])).toEqual([...Array.from({ length: 200 }, (_, i) => i), undefined]);
    expect(pausedAfter).toEqual([64, 128, 192]);
  });

  it("asks nothing and pauses never for a note without chunks", async () => {
    let paused = 0;
    const vectors = await pooledVectors({ lookup: () => undefined }, [], async () => void paused++);
    expect(vectors).toEqual([]);
    expect(paused).toBe(0);
  });
});
