import { describe, expect, it } from "vitest";
import { MemoryFileStore, storeWith } from "../memory-file-store";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { loadSegments } from "../../../../src/core/persist/segments/segment-load";
import { decodeManifest, encodeManifest, mergeManifests, type Manifest } from "../../../../src/core/persist/segments/manifest";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import { sortStrays } from "../../../../src/core/persist/segments/stray-segments";
import { CHUNKING, loadedContent, MODEL, modelContent, sourceOf, type ModelNote } from "./segment-fixtures";

const HOUR = 3_600_000;
const note = (path: string, mtime: number, ...texts: string[]): ModelNote => ({ path, mtime, texts });

function vault(count: number, tag = ""): Map<string, ModelNote> {
  const notes = new Map<string, ModelNote>();
  for (let i = 0; i < count; i++) notes.set(`n${i}.md`, note(`n${i}.md`, 1000 + i, `text ${i}${tag}`));
  return notes;
}

async function writerOver(store: MemoryFileStore, id: string, now: () => number): Promise<SegmentWriter> {
  const writer = new SegmentWriter(store, "idx", { writer: id, now, graceMs: 0, targetBytes: 1500 });
  const loaded = await loadSegments(store, "idx", { model: MODEL, chunkingHash: CHUNKING });
  if (loaded.kind === "loaded") writer.adopt(loaded.state);
  return writer;
}

const segmentFiles = (store: MemoryFileStore): string[] => [...store.files.keys()].filter((p) => p.startsWith("idx/index-seg-"));

/** An index whose manifest was lost and that was then written again from scratch: the first index's segments stay. */
async function rebuiltAfterLostManifest(now: () => number): Promise<{ store: MemoryFileStore; old: string[]; notes: Map<string, ModelNote> }> {
  const store = new MemoryFileStore();
  await (await writerOver(store, "old", now)).save(sourceOf(vault(12)), { changed: "all" });
  const old = segmentFiles(store);
  store.files.delete(`idx/${MANIFEST_FILE}`);
  const notes = vault(12, " again");
  await (await writerOver(store, "new", now)).save(sourceOf(notes), { changed: "all" });
  return { store, old, notes };
}

describe("segment files no manifest names (strays)", () => {
  it("deletes the segments of a lost manifest a day after they were first seen, and not before", async () => {
    let now = 1_000 * HOUR;
    const { store, old, notes } = await rebuiltAfterLostManifest(() => now);
    expect(old.length).toBeGreaterThan(1);
    expect(old.every((p) => store.files.has(p))).toBe(true);
    // The process ends; another starts later and keeps saving. The first sighting is carried by the manifest.
    now += 2 * HOUR;
    const edited = new Map(notes).set("n1.md", note("n1.md", 5000, "edited"));
    await (await writerOver(store, "next", () => now)).save(sourceOf(edited), { changed: new Set(["n1.md"]) });
    now += 20 * HOUR;
    const later = await writerOver(store, "later", () => now);
    await later.save(sourceOf(edited), { changed: new Set() });
    expect(old.every((p) => store.files.has(p))).toBe(true);
    now += 2 * HOUR + 1;
    await later.save(sourceOf(edited), { changed: new Set() });
    expect(old.some((p) => store.files.has(p))).toBe(false);
    expect(await loadedContent(store)).toEqual(modelContent(edited));
  });

  it("keeps a stray that a manifest turns out to name (another device's save that arrived in two parts)", async () => {
    let now = 1_000 * HOUR;
    const shared = new MemoryFileStore();
    const base = vault(6);
    await (await writerOver(shared, "a", () => now)).save(sourceOf(base), { changed: "all" });
    const onA = storeWith(shared.snapshotFiles());
    const onB = storeWith(shared.snapshotFiles());
    const fromB = new Map(base).set("n2.md", note("n2.md", 3000, "B edits two"));
    await (await writerOver(onB, "b", () => now)).save(sourceOf(fromB, 1_750_000_000_500), { changed: new Set(["n2.md"]) });
    const bSegments = [...onB.files.keys()].filter((p) => p.startsWith("idx/index-seg-") && !onA.files.has(p));
    // The sync tool brings B's segment to A, but not yet B's manifest: A sees a stray.
    for (const p of bSegments) onA.files.set(p, onB.files.get(p) as Uint8Array);
    const a = await writerOver(onA, "a2", () => now);
    const fromA = new Map(base).set("n4.md", note("n4.md", 3000, "A edits four"));
    await a.save(sourceOf(fromA), { changed: new Set(["n4.md"]) });
    expect([...a.current.strays.keys()].map((n) => `idx/${n}`)).toEqual(bSegments);
    // B's manifest arrives a day later, as a conflict copy next to A's: the segment is named again, and kept.
    now += 25 * HOUR;
    onA.files.set("idx/index-manifest 2.bin", onB.files.get(`idx/${MANIFEST_FILE}`) as Uint8Array);
    await a.save(sourceOf(fromA), { changed: new Set() });
    expect(bSegments.every((p) => onA.files.has(p))).toBe(true);
    expect(a.current.strays.size).toBe(0);
    const expected = new Map(fromA).set("n2.md", fromB.get("n2.md") as ModelNote);
    expect(await loadedContent(onA)).toEqual(modelContent(expected));
  });

  it("does not read a manifest to look for strays when every segment is accounted for", async () => {
    const store = new MemoryFileStore();
    const writer = await writerOver(store, "a", () => 1_000);
    const notes = vault(8);
    await writer.save(sourceOf(notes), { changed: "all" });
    const reads: string[] = [];
    store.failWhen = (op, path) => {
      if (op === "read") reads.push(path);
      return false;
    };
    await writer.save(sourceOf(new Map(notes).set("n0.md", note("n0.md", 9000, "edit"))), { changed: new Set(["n0.md"]) });
    // One read to tell whether another writer replaced the manifest, none more for the clean-up.
    expect(reads).toEqual([`idx/${MANIFEST_FILE}`]);
  });

  it("starts the wait again for a first sighting in the future (another device's clock was wrong)", () => {
    const name = "index-seg-abc-1-0000abcd.bin";
    const input = { files: [name, "index-manifest.bin", "notes.md"], known: () => false, named: new Set<string>(), now: 10 * HOUR, graceMs: 24 * HOUR };
    expect(sortStrays({ ...input, seen: new Map([[name, 100 * HOUR]]) })).toEqual({ due: new Map(), waiting: new Map([[name, 10 * HOUR]]) });
    expect(sortStrays({ ...input, now: 40 * HOUR, seen: new Map([[name, 10 * HOUR]]) })).toEqual({ due: new Map([[name, 10 * HOUR]]), waiting: new Map() });
  });

  it("keeps a manifest whose record of strays is malformed, dropping only that record, and merges forks' records", () => {
    const base: Manifest = {
      header: { model: MODEL, dims: 4, chunkingHash: CHUNKING, exclusionsHash: "", vectorPrecision: "float32", savedAt: 1 },
      writer: "a",
      generation: 1,
      segments: [],
      retired: [],
    };
    const bad = decodeManifest(encodeManifest({ ...base, strays: [{ name: "not-a-segment", since: 5 }, { name: "index-seg-a-1-0000abcd.bin", since: Number.NaN }] }));
    expect(bad.ok && bad.value.strays).toBeUndefined();
    const name = "index-seg-a-1-0000abcd.bin";
    const merged = mergeManifests({ ...base, strays: [{ name, since: 50 }] }, { ...base, strays: [{ name, since: 20 }] });
    expect(merged.strays).toEqual([{ name, since: 20 }]);
  });
});
