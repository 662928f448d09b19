import { describe, expect, it } from "vitest";
import { lastAtOrBefore } from "../../../src/core/shared/last-at-or-before";

describe("lastAtOrBefore", () => {
  it("finds the last start at or before a position, as a scan from the end would", () => {
    const starts = [0, 0, 3, 3, 7, 12];
    for (let x = -1; x <= 14; x++) {
      let scan = 0;
      for (let i = starts.length - 1; i >= 0; i--) {
        if ((starts[i] ?? 0) <= x) {
          scan = i;
          break;
        }
      }
      expect(lastAtOrBefore(starts, x)).toBe(scan);
    }
  });

  it("looks only before `end`, and gives 0 for an empty list", () => {
    expect(lastAtOrBefore(Int32Array.from([0, 5, 9]), 20, 2)).toBe(1);
    expect(lastAtOrBefore([], 3)).toBe(0);
  });
});
