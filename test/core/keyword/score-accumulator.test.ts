import { describe, expect, it } from "vitest";
import { Accumulator, accumulatorsFor } from "../../../src/core/keyword/score-accumulator";

describe("Accumulator", () => {
  it("drains sums in the order ids were first touched, and is empty after", () => {
    const acc = new Accumulator(10);
    acc.add(7, 1.5);
    acc.add(2, 0.25);
    acc.add(7, 2);
    acc.max(4, 3);
    acc.max(4, 1);
    const { ids, values } = acc.drainToArrays();
    expect([...ids]).toEqual([7, 2, 4]);
    expect([...values]).toEqual([3.5, 0.25, 3]);
    expect(acc.drainToArrays().ids.length).toBe(0);
  });

  it("keeps every touch when zeros are added more often than it has ids", () => {
    // Adding 0 leaves an id at 0, so each later touch notes it again: more touches than the accumulator holds ids.
    const acc = new Accumulator(4);
    for (let round = 0; round < 50; round++) for (let id = 0; id < 4; id++) acc.add(id, 0);
    acc.add(3, 1);
    acc.add(1, 2);
    const seen: [number, number][] = [];
    acc.drain((id, v) => seen.push([id, v]));
    // In the order of first touch, zeros included (as a plain array of every touch gives it).
    expect(seen).toEqual([
      [1, 2],
      [3, 1],
    ]);
  });

  it("drains into an array by id, each id once in the order first touched, as drain visits them", () => {
    const fill = (acc: Accumulator): void => {
      acc.add(3, 0);
      acc.add(6, 1.5);
      acc.add(3, 0.5);
      acc.add(1, 2);
      acc.add(6, 1);
    };
    const a = new Accumulator(8);
    fill(a);
    const visited: [number, number][] = [];
    a.drain((id, v) => visited.push([id, v]));
    const b = new Accumulator(8);
    fill(b);
    const out = new Float64Array(8);
    const ids = new Int32Array(8);
    const n = b.drainInto(out, ids);
    expect([...ids.slice(0, n)].map((id) => [id, out[id]])).toEqual(visited);
    // A zero added still touches an id: 3 comes first.
    expect(visited).toEqual([
      [3, 0.5],
      [6, 2.5],
      [1, 2],
    ]);
    expect(b.drainToArrays().ids.length).toBe(0);
  });

  it("peeks without clearing, and reset clears what a stopped pass left", () => {
    const acc = new Accumulator(8);
    acc.add(5, 1);
    acc.add(6, 2);
    expect([...acc.peekToArrays().ids]).toEqual([5, 6]);
    expect([...acc.peekToArrays().values]).toEqual([1, 2]);
    acc.reset();
    expect(acc.peekToArrays().ids.length).toBe(0);
    acc.add(6, 4);
    expect([...acc.drainToArrays().values]).toEqual([4]);
  });

  it("hands out cleared pooled accumulators", () => {
    const [a] = accumulatorsFor(20, 1);
    a!.add(3, 1);
    const [again] = accumulatorsFor(20, 1);
    expect(again).toBe(a);
    expect(again!.drainToArrays().ids.length).toBe(0);
  });
});
