import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collapseRanking, groupHits, notePathOfChunkId } from "../../../src/core/search/group-ranking";

describe("collapseRanking", () => {
  it("ranks each note where its best chunk ranks", () => {
    const ids = ["b.md#2", "a.md#0", "b.md#0", "c.md#1", "a.md#3"];
    expect(collapseRanking(ids, notePathOfChunkId)).toEqual(["b.md", "a.md", "c.md"]);
  });

  it("returns each group once, in order of first appearance", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 })), (ids) => {
        const groupOf = (id: string): string => id.slice(0, 1);
        const out = collapseRanking(ids, groupOf);
        expect(new Set(out).size).toBe(out.length);
        expect(out).toEqual(
          ids.map(groupOf).filter((g, i, all) => all.indexOf(g) === i),
        );
      }),
    );
  });

  it("is empty for no ids", () => {
    expect(collapseRanking([], notePathOfChunkId)).toEqual([]);
  });
});

describe("groupHits", () => {
  it("groups hits per note, notes by best hit, members in their order", () => {
    const hits = [{ id: "b.md#2" }, { id: "a.md#0" }, { id: "b.md#0" }, { id: "a.md#3" }];
    const groups = groupHits(hits, notePathOfChunkId);
    expect([...groups.keys()]).toEqual(["b.md", "a.md"]);
    expect(groups.get("b.md")).toEqual([{ id: "b.md#2" }, { id: "b.md#0" }]);
    expect(groups.get("a.md")).toEqual([{ id: "a.md#0" }, { id: "a.md#3" }]);
  });

  it("keeps the hit objects themselves and drops a repeated chunk", () => {
    const first = { id: "n.md#1", score: 2 };
    const repeat = { id: "n.md#1", score: 1 };
    const groups = groupHits([first, repeat], notePathOfChunkId);
    expect(groups.get("n.md")).toHaveLength(1);
    expect(groups.get("n.md")?.[0]).toBe(first);
  });

  it("orders groups like collapseRanking", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 })), (ids) => {
        const groupOf = (id: string): string => id.slice(0, 1);
        const hits = ids.map((id) => ({ id }));
        expect([...groupHits(hits, groupOf).keys()]).toEqual(collapseRanking(ids, groupOf));
      }),
    );
  });
});

describe("notePathOfChunkId", () => {
  it("drops the ordinal after the last #", () => {
    expect(notePathOfChunkId("Folder/My note.md#12")).toBe("Folder/My note.md");
    expect(notePathOfChunkId("odd#name.md#0")).toBe("odd#name.md");
    expect(notePathOfChunkId("no-ordinal.md")).toBe("no-ordinal.md");
  });
});
