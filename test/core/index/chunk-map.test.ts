import { describe, expect, it } from "vitest";
import { ChunkMap } from "../../../src/core/index/chunk-map";
import type { IndexedChunk } from "../../../src/core/index/index-types";

const entry = (id: string, title = ""): IndexedChunk => ({
  chunk: { id, path: id.split("#")[0] ?? id, ordinal: 0, headingPath: [], text: id, startLine: 0, endLine: 0, tokens: 1 },
  title,
  aliases: [],
  tags: [],
  vector: undefined,
});

/** Internal ids as the chunk database gives them: from 1, one per id for good. */
function ids(): { of: (id: string) => number | undefined; allot: (id: string) => number } {
  const known = new Map<string, number>();
  return { of: (id) => known.get(id), allot: (id) => known.get(id) ?? (known.set(id, known.size + 1), known.size) };
}

describe("ChunkMap", () => {
  it("keeps, replaces and forgets entries by chunk id", () => {
    const map = new ChunkMap(ids());
    map.set("a#0", entry("a#0")).set("b#0", entry("b#0"));
    map.set("a#0", entry("a#0", "again"));
    expect(map.size).toBe(2);
    expect(map.get("a#0")?.title).toBe("again");
    expect(map.has("c#0")).toBe(false);
    expect(map.delete("a#0")).toBe(true);
    expect(map.delete("a#0")).toBe(false);
    expect(map.get("a#0")).toBeUndefined();
    expect(map.size).toBe(1);
    expect([...map].map(([id]) => id)).toEqual(["b#0"]);
  });

  it("gives a chunk that comes back its entry, and lists entries by when their id was first kept", () => {
    const internal = ids();
    const map = new ChunkMap(internal);
    for (const id of ["a#0", "b#0", "c#0"]) map.set(id, entry(id));
    map.delete("a#0");
    map.set("a#0", entry("a#0", "back"));
    map.setAt(internal.allot("d#0"), entry("d#0"));
    expect(map.get("a#0")?.title).toBe("back");
    expect(map.get("d#0")?.chunk.id).toBe("d#0");
    expect([...map.values()].map((e) => e.chunk.id)).toEqual(["a#0", "b#0", "c#0", "d#0"]);
    expect(map.size).toBe(4);
  });
});
