import { describe, expect, it } from "vitest";
import { VectorStore } from "../../../src/core/vectors/vector-store";
import type { VectorPrecision } from "../../../src/core/vectors/vector-precision";
import { unitVector } from "./unit-vector";

const DIMS = 8;

/** Keys given out as an index gives internal ids: on first use, never taken back, never reused. */
function keys(): { tieKey: (id: string) => number; findKey: (id: string) => number | undefined } {
  const given = new Map<string, number>();
  return {
    tieKey: (id) => given.get(id) ?? (given.set(id, given.size + 1), given.size),
    findKey: (id) => given.get(id),
  };
}

/** A seeded generator, so a failure names the case that found it. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

describe("a vector store that finds slots by the chunks' keys", () => {
  for (const precision of ["float32", "int8"] as VectorPrecision[]) {
    it(`keeps what a store that finds them by id keeps, through sets, moves, deletes and recycling (${precision})`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        const rand = random(seed);
        const k = keys();
        const byKey = new VectorStore(DIMS, k.tieKey, precision, k.findKey);
        const byId = new VectorStore(DIMS, k.tieKey, precision);
        for (let step = 0; step < 400; step++) {
          const id = `n${Math.floor(rand() * 12)}.md#${Math.floor(rand() * 4)}`;
          const path = rand() < 0.1 ? "moved.md" : id.slice(0, id.indexOf("#"));
          const roll = rand();
          if (roll < 0.55) {
            const v = unitVector(DIMS, step + 1);
            byKey.set(id, path, v);
            byId.set(id, path, v);
          } else if (roll < 0.85) expect(byKey.delete(id)).toBe(byId.delete(id));
          else {
            byKey.recycle();
            byId.recycle();
          }
          expect(byKey.size, `seed ${seed} step ${step}`).toBe(byId.size);
          const slot = byKey.slotOfId(id);
          expect(slot).toBe(byId.slotOfId(id));
          expect(byKey.get(id)).toEqual(byId.get(id));
          if (slot !== undefined) expect([byKey.idAt(slot), byKey.key(slot), byKey.norm(slot)]).toEqual([id, k.findKey(id), byId.norm(slot)]);
        }
      }
    });
  }

  it("finds nothing for a chunk that never had a key, and gives it none", () => {
    const k = keys();
    const store = new VectorStore(DIMS, k.tieKey, "int8", k.findKey);
    store.set("a.md#0", "a.md", unitVector(DIMS, 1));
    expect(store.get("b.md#0")).toBeUndefined();
    expect(store.delete("b.md#0")).toBe(false);
    expect(k.findKey("b.md#0")).toBeUndefined();
    expect(store.slotOfId("a.md#0")).toBe(0);
  });
});
