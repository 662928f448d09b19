import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runAll } from "../../../src/core/shared/slices";
import { stringifySliced } from "../../../src/core/persist/sliced-json";

describe("stringifySliced", () => {
  it("gives exactly JSON.stringify's bytes for plain data", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 3 }), (value, depth) => {
        const sliced = new TextDecoder().decode(runAll(stringifySliced(value, depth)));
        expect(sliced).toBe(JSON.stringify(value));
      }),
    );
  });

  it("yields between members", () => {
    const steps = stringifySliced({ a: [1, 2], b: { c: "x", d: [true] } });
    let yields = 0;
    while (!steps.next().done) yields++;
    expect(yields).toBe(3);
  });
});
