import { describe, expect, it } from "vitest";
import { MemoryFileStore, storeWith } from "../memory-file-store";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { loadSegments } from "../../../../src/core/persist/segments/segment-load";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import { decodeManifest } from "../../../../src/core/persist/segments/manifest";
import { DEFAULT_STRAY_GRACE_MS } from "../../../../src/core/persist/segments/stray-segments";
import { CHUNKING, loadedContent, MODEL, modelContent, sourceOf, type ModelNote } from "./segment-fixtures";

const MINUTE = 60_000;
const note = (path: string, mtime: number, ...texts: string[]): ModelNote => ({ path, mtime, texts });

async function writerOver(store: MemoryFileStore, id: string, now: () => number): Promise<SegmentWriter> {
  const writer = new SegmentWriter(store, "idx", { writer: id, now });
  const loaded = await loadSegments(store, "idx", { model: MODEL, chunkingHash: CHUNKING });
  if (loaded.kind === "loaded") writer.adopt(loaded.state);
  return writer;
}

async function absentOn(store: MemoryFileStore): Promise<string[]> {
  const loaded = await loadSegments(store, "idx", { model: MODEL, chunkingHash: CHUNKING });
  return loaded.kind === "loaded" ? [...loaded.state.absent.keys()] : [`not loaded: ${loaded.kind}`];
}

/** Two devices with the same index of two notes in one segment; B then edits both notes, which retires it. */
async function retiredOnB(now: () => number): Promise<{ onA: MemoryFileStore; onB: MemoryFileStore; b: SegmentWriter; old: string; notesB: Map<string, ModelNote> }> {
  const shared = new MemoryFileStore();
  const base = new Map([["n0.md", note("n0.md", 1000, "zero")], ["n1.md", note("n1.md", 1001, "one")]]);
  await (await writerOver(shared, "origin", now)).save(sourceOf(base), { changed: "all" });
  const old = [...shared.files.keys()].find((p) => p.startsWith("idx/index-seg-")) as string;
  const onA = storeWith(shared.snapshotFiles());
  const onB = storeWith(shared.snapshotFiles());
  const b = await writerOver(onB, "b", now);
  const notesB = new Map([["n0.md", note("n0.md", 2000, "zero by B")], ["n1.md", note("n1.md", 2001, "one by B")]]);
  await b.save(sourceOf(notesB), { changed: new Set(notesB.keys()) });
  return { onA, onB, b, old, notesB };
}

/** The sync tool brings B's segments, and B's deletion of the retired one, to A (not B's manifest). */
function segmentsFromBToA(onA: MemoryFileStore, onB: MemoryFileStore, old: string): void {
  for (const [p, bytes] of onB.files) if (p.startsWith("idx/index-seg-")) onA.files.set(p, bytes);
  onA.files.delete(old);
}

describe("records of retired segments across devices", () => {
  it("keeps a retired segment's record after deleting it, so a device that missed the retirement stops listing it", async () => {
    let now = 1_000 * MINUTE;
    const { onA, onB, b, old, notesB } = await retiredOnB(() => now);
    // A saves meanwhile: its manifest still lists the old segment as live.
    const notesA = new Map([["n2.md", note("n2.md", 3000, "two by A")]]);
    await (await writerOver(onA, "a", () => now)).save(sourceOf(notesA), { changed: new Set(["n2.md"]) });
    // Minutes later B saves again and deletes the retired segment, then saves once more; only then does the sync
    // tool run.
    now += 3 * MINUTE;
    await b.save(sourceOf(notesB), { changed: new Set() });
    expect(onB.files.has(old)).toBe(false);
    await b.save(sourceOf(notesB), { changed: new Set() });
    segmentsFromBToA(onA, onB, old);
    onA.files.set("idx/index-manifest 2.bin", onB.files.get(`idx/${MANIFEST_FILE}`) as Uint8Array);
    expect(await absentOn(onA)).toEqual([]);
    const expected = new Map([...notesB, ...notesA]);
    expect(await loadedContent(onA)).toEqual(modelContent(expected));
    await (await writerOver(onA, "a2", () => now)).save(sourceOf(expected), { changed: new Set() });
    expect(await absentOn(onA)).toEqual([]);
    // The record goes a day later.
    const retiredOnDisk = (): unknown => {
      const m = decodeManifest(onB.files.get(`idx/${MANIFEST_FILE}`) as Uint8Array);
      return m.ok ? m.value.retired.map((r) => r.name) : m.error;
    };
    expect(retiredOnDisk()).toEqual([old.slice("idx/".length)]);
    now += DEFAULT_STRAY_GRACE_MS;
    for (let i = 0; i < 2; i++) await b.save(sourceOf(notesB), { changed: new Set() });
    expect(retiredOnDisk()).toEqual([]);
  });

  it("records a retirement that another device's manifest brings while the segment is still live here", async () => {
    let now = 1_000 * MINUTE;
    const { onA, onB, b, old, notesB } = await retiredOnB(() => now);
    const a = await writerOver(onA, "a", () => now);
    // B's manifest replaces A's (A had not changed it) with B's segments; the retired file is still on A.
    for (const [p, bytes] of onB.files) onA.files.set(p, bytes);
    const notesA = new Map([["n2.md", note("n2.md", 3000, "two by A")]]);
    await a.save(sourceOf(notesA), { changed: new Set(["n2.md"]) });
    // B deletes the retired segment; the deletion reaches A, B's newer manifest does not (A's own is newer).
    now += 3 * MINUTE;
    await b.save(sourceOf(notesB), { changed: new Set() });
    segmentsFromBToA(onA, onB, old);
    expect(await absentOn(onA)).toEqual([]);
    expect(await loadedContent(onA)).toEqual(modelContent(new Map([...notesB, ...notesA])));
  });
});
