import { describe, expect, it } from "vitest";
import { packGroups, type PackGroup } from "../../../src/core/chunk/chunk-packer";
import type { PackBlock, PackUnit } from "../../../src/core/chunk/pack-unit";

/** A block of one-line units, `tokens[i]` tokens each, starting at `line`; an empty text for 0 tokens. */
function block(line: number, tokens: number[], heading = false): PackBlock {
  const units: PackUnit[] = tokens.map((t, i) => ({
    text: t === 0 ? "" : `L${line + i}`,
    startLine: line + i,
    endLine: line + i,
    tokens: t,
    joint: i === 0 ? "\n\n" : "\n",
    midSentence: false,
  }));
  return { units, tokens: tokens.reduce((a, b) => a + b, 0), heading };
}

const group = (path: string, ...blocks: PackBlock[]): PackGroup => ({ headingPath: [path], blocks });
const summary = (groups: PackGroup[], max: number, overlap: number) =>
  packGroups(groups, max, overlap).map((d) => [d.text.replace(/\n+/g, " "), d.startLine, d.endLine]);

describe("packGroups", () => {
  it("fills chunks up to the maximum and starts a new chunk for a block that would not fit", () => {
    expect(summary([group("g", block(0, [4, 4]), block(2, [4]), block(3, [4]))], 10, 0)).toEqual([
      ["L0 L1", 0, 1],
      ["L2 L3", 2, 3],
    ]);
  });

  it("streams a block bigger than the maximum line by line with overlap", () => {
    expect(summary([group("g", block(0, [3, 3, 3, 3, 3, 3]))], 9, 3)).toEqual([
      ["L0 L1 L2", 0, 2],
      ["L2 L3 L4", 2, 4],
      ["L4 L5", 4, 5],
    ]);
  });

  it("shrinks the overlap so that a block that fits alone stays whole", () => {
    expect(summary([group("g", block(0, [4, 4]), block(2, [9]))], 10, 4)).toEqual([
      ["L0 L1", 0, 1],
      ["L2", 2, 2],
    ]);
  });

  it("never carries overlap from one group into the next", () => {
    expect(summary([group("a", block(0, [5, 5])), group("b", block(2, [5, 5]))], 10, 5)).toEqual([
      ["L0 L1", 0, 1],
      ["L2 L3", 2, 3],
    ]);
  });

  it("starts an overlap at a sentence start when the tail holds one", () => {
    const b = block(0, [2, 2, 2, 2, 2, 2]);
    b.units.forEach((u, i) => {
      u.midSentence = i % 3 !== 0;
    });
    // Tail candidates for the second chunk are L2..L4 (6 tokens), but L2 and L4 start inside a sentence.
    expect(summary([group("g", b)], 10, 6)).toEqual([
      ["L0 L1 L2 L3 L4", 0, 4],
      ["L3 L4 L5", 3, 5],
    ]);
  });

  it("adds text-less lines to the range of a neighbouring chunk", () => {
    expect(summary([group("pre", block(0, [0, 0])), group("h", block(2, [3]), block(3, [0, 3, 0]))], 10, 0)).toEqual([
      ["L2 L4", 0, 5],
    ]);
    expect(summary([group("h", block(0, [3])), group("tail", block(1, [0]))], 10, 0)).toEqual([["L0", 0, 1]]);
    expect(packGroups([group("only", block(0, [0, 0]))], 10, 0)).toEqual([]);
  });
});
