import { describe, expect, it } from "vitest";
import { keptSelection } from "../../../src/ui/search/search-store";

describe("keptSelection", () => {
  it("follows the selected note to its new position", () => {
    expect(keptSelection(["a", "b", "c"], 1, ["c", "x", "b"])).toBe(2);
    expect(keptSelection(["a", "b", "c"], 0, ["b", "a"])).toBe(1);
  });

  it("stays at the same index when the selected note is gone", () => {
    expect(keptSelection(["a", "b", "c"], 1, ["x", "y", "z"])).toBe(1);
  });

  it("clamps to the new list's end, and handles empty lists", () => {
    expect(keptSelection(["a", "b", "c"], 2, ["x"])).toBe(0);
    expect(keptSelection(["a", "b", "c"], 2, ["x", "y"])).toBe(1);
    expect(keptSelection(["a"], 0, [])).toBe(0);
    expect(keptSelection([], 0, ["x", "y"])).toBe(0);
  });
});
