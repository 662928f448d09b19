import { describe, expect, it } from "vitest";
import { internalDocumentIDStore } from "@orama/orama/components";
import { RestoredIds } from "../../../src/core/index/restored-ids";

const { createInternalDocumentIDStore, getInternalDocumentId } = internalDocumentIDStore;

/**
 * A restore's chunks (path, id, ordinal), note by note: chunks out of ordinal order, a path with "#" in it, and ids
 * not spelt `path#ordinal` (of another length, which is all `append` is told to check).
 */
const restored: [string, string, number][] = [
  ["a.md", "a.md#0", 0], ["a.md", "a.md#1", 1], ["a.md", "a.md#2", 2],
  ["b#c.md", "b#c.md#0", 0], ["b#c.md", "b#c.md#1", 1],
  ["odd.md", "odd.md#1", 1], ["odd.md", "odd.md#0", 0],
  ["x.md", "elsewhere#0", 0], ["y.md", "y.md#z#0", 0], ["w.md", "w.md#12", 3],
  ["c.md", "c.md#0", 0],
];

describe("RestoredIds", () => {
  it("answers Orama's id store exactly as its own map does, for a restore's ids and for ids Orama gives after", () => {
    const plain = createInternalDocumentIDStore();
    const lazy = createInternalDocumentIDStore();
    const ids = RestoredIds.install(lazy);
    for (const [path, id, ordinal] of restored) expect(ids.append(id, path, ordinal)).toBe(getInternalDocumentId(plain, id));
    const asked = [...restored.map(([, id]) => id), "a.md#3", "new.md#0", "a.md#1", "b#c.md#2", "new.md#0", "odd.md#2", "c.md"];
    for (const id of asked) expect(getInternalDocumentId(lazy, id)).toBe(getInternalDocumentId(plain, id));
    expect(lazy.internalIdToId).toEqual(plain.internalIdToId);
    expect(lazy.idToInternalId.size).toBe(plain.idToInternalId.size);
    for (const id of [...plain.idToInternalId.keys(), "none", "a.md#9", "#0"]) {
      expect(lazy.idToInternalId.get(id)).toBe(plain.idToInternalId.get(id));
    }
  });

  it("finds chunks of a path restored in two runs", () => {
    const lazy = createInternalDocumentIDStore();
    const ids = RestoredIds.install(lazy);
    ids.append("p#0", "p", 0);
    ids.append("q#0", "q", 0);
    ids.append("p#1", "p", 1);
    expect([lazy.idToInternalId.get("p#0"), lazy.idToInternalId.get("q#0"), lazy.idToInternalId.get("p#1")]).toEqual([1, 2, 3]);
  });
});
