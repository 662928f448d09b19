import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkIndex } from "../../../../src/core/index/chunk-index";
import type { ChunkedNote } from "../../../../src/core/types";
import { Harness, searchOver } from "../helpers/harness";

// eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with the index as `this`, in the mock
const original = ChunkIndex.prototype.addNoteSteps;

/** Indexing "Broken.md" fails after its first chunk went in, as an analyzer failing on one of its words would. */
function breakNote(path: string): void {
  vi.spyOn(ChunkIndex.prototype, "addNoteSteps").mockImplementation(function* (
    this: ChunkIndex,
    note: ChunkedNote,
    vectors?: readonly (Float32Array | undefined)[],
    perStep?: number,
  ) {
    if (note.path !== path) return yield* original.call(this, note, vectors, perStep);
    yield* original.call(this, { ...note, chunks: note.chunks.slice(0, 1) }, vectors, perStep);
    throw new TypeError("Cannot assign to read only property '5' of string 'сравнения'");
  });
}

function vault(): Harness {
  const h = new Harness();
  h.embedder = undefined;
  h.source.write("Bread.md", "# Bread\n\nSourdough bread needs a starter fed every day.");
  h.source.write("Broken.md", "# Цены\n\nСравнения на цените.\n\n## Second\n\nАнализ на пазара и сравнения.");
  h.source.write("Garden.md", "# Garden\n\nTomatoes want sun and water.");
  return h;
}

describe("a note that fails to index", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is left out and named, and every other note is still indexed", async () => {
    breakNote("Broken.md");
    const s = await vault().started();
    const status = s.status();
    expect(status.notes).toBe(2);
    expect(status.unindexedNotes).toEqual([{ path: "Broken.md", reason: "Cannot assign to read only property '5' of string 'сравнения'" }]);
    expect(status.lastError).toMatchObject({ code: "NOTE_NOT_INDEXED" });
    expect(status.lastError?.message).toContain("1 note(s) could not be indexed, so search can't find them: Broken.md.");
    // The chunk that went in before the failure is taken out again: no half-indexed note is searchable.
    expect(s.index.hasNote("Broken.md")).toBe(false);
    expect(s.index.size).toBe(2);
    expect(searchOver(s).searchKeyword({ query: "tomatoes" }).results.map((r) => r.path)).toEqual(["Garden.md"]);
    await s.stop();
  });

  it("is tried again when it changes, and the failure is over once it indexes", async () => {
    breakNote("Broken.md");
    const h = vault();
    const s = await h.started();
    expect(s.status().unindexedNotes).toHaveLength(1);
    vi.restoreAllMocks();
    h.source.write("Broken.md", "# Цены\n\nСравнения на цените, отново.");
    s.enqueue({ kind: "upsert", path: "Broken.md" });
    await s.flush();
    expect(s.status()).toMatchObject({ notes: 3, unindexedNotes: [], lastError: undefined });
    await s.stop();
  });

  it("is not recorded, so the next start tries it again, and is forgotten once deleted", async () => {
    breakNote("Broken.md");
    const h = vault();
    const first = await h.started();
    await first.stop();
    const again = await h.started();
    expect(again.status().unindexedNotes.map((n) => n.path)).toEqual(["Broken.md"]);
    h.source.remove("Broken.md");
    again.enqueue({ kind: "delete", path: "Broken.md" });
    await again.flush();
    expect(again.status()).toMatchObject({ notes: 2, unindexedNotes: [], lastError: undefined });
    await again.stop();
  });
});
