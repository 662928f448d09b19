import { describe, expect, it } from "vitest";
import { internalDocumentIDStore } from "@orama/orama/components";
import { DeferredIds } from "../../../src/core/index/deferred-ids";

const store = () => internalDocumentIDStore.createInternalDocumentIDStore();

describe("DeferredIds", () => {
  it("answers Orama's id store as its own map would, for ids appended by a restore and ids Orama gives", () => {
    const plain = store();
    const lazy = store();
    const ids = DeferredIds.install(lazy);
    for (const id of ["a#0", "a#1", "b#0"]) {
      internalDocumentIDStore.getInternalDocumentId(plain, id);
      ids.appendLater(id);
    }
    expect(ids.pending).toBe(true);
    // Orama's own path after a restore: a known id, then a new one, numbered after the appended ones.
    for (const id of ["a#1", "c#0", "b#0", "c#0", "d#0"]) {
      expect(internalDocumentIDStore.getInternalDocumentId(lazy, id)).toBe(internalDocumentIDStore.getInternalDocumentId(plain, id));
    }
    expect(lazy.internalIdToId).toEqual(plain.internalIdToId);
    expect(lazy.idToInternalId.size).toBe(plain.idToInternalId.size);
    expect(ids.pending).toBe(false);
  });

  it("puts appended ids in by slices, and a read by id part-way does the rest", () => {
    const lazy = store();
    const ids = DeferredIds.install(lazy);
    for (let i = 0; i < 10; i++) ids.appendLater(`n#${i}`);
    const steps = ids.buildSteps(3);
    steps.next();
    expect(ids.pending).toBe(true);
    expect(lazy.idToInternalId.get("n#9")).toBe(10);
    expect(ids.pending).toBe(false);
    expect(steps.next().done).toBe(true);
    expect(lazy.idToInternalId.get("n#0")).toBe(1);
    expect(lazy.idToInternalId.get("x")).toBeUndefined();
  });
});
