import { describe, expect, it } from "vitest";
import { ShardedMap } from "../../../src/core/shared/sharded-map";

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("ShardedMap", () => {
  it("answers as a Map does over random sets, deletes and clears", () => {
    const next = random(7);
    const model = new Map<string, number>();
    const map = new ShardedMap<number>();
    // Keys of many lengths, and many of one length, as chunk ids of daily notes would be.
    const keys = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? `Daily/2024-01-${String(i % 31).padStart(2, "0")}.md#${i % 7}` : `${"n".repeat(i % 40)}/${i}.md#0`));
    for (let step = 0; step < 20_000; step++) {
      const key = keys[Math.floor(next() * keys.length)]!;
      const roll = next();
      if (roll < 0.55) {
        expect(map.set(key, step)).toBe(map);
        model.set(key, step);
      } else if (roll < 0.9) {
        expect(map.delete(key)).toBe(model.delete(key));
      } else if (roll < 0.9995) {
        expect(map.get(key)).toBe(model.get(key));
        expect(map.has(key)).toBe(model.has(key));
      } else {
        map.clear();
        model.clear();
      }
      expect(map.size).toBe(model.size);
    }
    expect(new Map(map.entries())).toEqual(model);
  });

  it("lists every entry once when iterated, the same as entries()", () => {
    const map = new ShardedMap<string>();
    const expected = new Map<string, string>();
    for (let i = 0; i < 1000; i++) {
      const key = `${"x".repeat(i % 37)}#${i}`;
      map.set(key, `v${i}`);
      expected.set(key, `v${i}`);
    }
    const listed = [...map];
    expect(listed).toHaveLength(1000);
    expect(new Map(listed)).toEqual(expected);
    expect([...map.entries()]).toEqual(listed);
  });

  it("keeps keys that differ only past their length apart, and the empty key", () => {
    const map = new ShardedMap<number>();
    map.set("a#1", 1).set("b#1", 2).set("", 3);
    expect([map.get("a#1"), map.get("b#1"), map.get(""), map.get("c#1")]).toEqual([1, 2, 3, undefined]);
    expect(map.size).toBe(3);
    // Setting a key again replaces its value and does not count it twice.
    map.set("a#1", 4);
    expect(map.size).toBe(3);
    expect(map.get("a#1")).toBe(4);
  });
});
