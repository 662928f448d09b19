import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PostingList } from "../../../src/core/keyword/posting-list";

function entries(list: PostingList): [number, number][] {
  const out: [number, number][] = [];
  for (let k = 0; k < list.length; k++) out.push([list.ids[k] ?? -1, list.counts[k] ?? -1]);
  return out.sort((a, b) => a[0] - b[0]);
}

describe("PostingList", () => {
  it("keeps one count per document, replacing on a second add", () => {
    const list = new PostingList();
    list.add(5, 1);
    list.add(2, 3);
    list.add(5, 4);
    list.add(9, 1);
    expect(entries(list)).toEqual([
      [2, 3],
      [5, 4],
      [9, 1],
    ]);
    expect(list.remove(5)).toBe(true);
    expect(list.remove(5)).toBe(false);
    expect(entries(list)).toEqual([
      [2, 3],
      [9, 1],
    ]);
  });

  it("behaves like a map from id to count under any sequence of adds and removes, restored or not", () => {
    const op = fc.record({ add: fc.boolean(), id: fc.integer({ min: 1, max: 40 }), count: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), fc.uniqueArray(fc.integer({ min: 1, max: 40 })), (ops, start) => {
        const model = new Map<number, number>(start.map((id) => [id, id % 7 + 1]));
        // A restored list arrives in any order (here: the shuffled `start`).
        const list = PostingList.from(Int32Array.from(start), Int32Array.from(start, (id) => id % 7 + 1));
        for (const o of ops) {
          if (o.add) {
            list.add(o.id, o.count);
            model.set(o.id, o.count);
          } else {
            expect(list.remove(o.id)).toBe(model.delete(o.id));
          }
        }
        expect(entries(list)).toEqual([...model].sort((a, b) => a[0] - b[0]));
      }),
    );
  });
});
