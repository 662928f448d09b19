import { describe, expect, it } from "vitest";
import { INDEX_META_FILE, INDEX_VECTORS_FILE } from "../../../../src/core/persist/index-files";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import { dumpIndex, Harness } from "../helpers/harness";
import { toSingleFileLayout } from "../helpers/single-file-layout";

const DIR = "vault/plugin-data";
const names = (h: Harness): string[] => [...h.store.files.keys()].map((p) => p.slice(DIR.length + 1)).sort();

describe("migration from the single-file layout", () => {
  it("opens an index of postings layout 4 once into segments, embedding nothing, and removes the old files after the first save", async () => {
    const h = new Harness();
    for (let i = 0; i < 12; i++) h.source.write(`n${i}.md`, `# Note ${i}\n\nAbout gardens and tomatoes, number ${i}.\n\nMore text ${i}.\n`);
    const first = await h.started();
    const expected = dumpIndex(first);
    await first.stop();
    await toSingleFileLayout(h.store, DIR);
    expect(names(h)).toEqual([INDEX_META_FILE, INDEX_VECTORS_FILE]);
    const calls = h.counting.calls;

    const migrated = await h.started();
    expect(dumpIndex(migrated)).toEqual(expected);
    await migrated.stop();
    expect(h.counting.calls).toBe(calls);
    expect(h.notices).toEqual([]);
    const after = names(h);
    expect(after).toContain(MANIFEST_FILE);
    expect(after.some((n) => n.startsWith("index-seg-"))).toBe(true);
    expect(after).not.toContain(INDEX_META_FILE);
    expect(after).not.toContain(INDEX_VECTORS_FILE);

    const reopened = await h.started();
    expect(dumpIndex(reopened)).toEqual(expected);
    await reopened.stop();
    expect(h.counting.calls).toBe(calls);
  });

  it("keeps the old files when the first save in segments fails, and loads them again", async () => {
    const h = new Harness();
    for (let i = 0; i < 4; i++) h.source.write(`n${i}.md`, `# Note ${i}\n\nText ${i}.\n`);
    const first = await h.started();
    const expected = dumpIndex(first);
    await first.stop();
    await toSingleFileLayout(h.store, DIR);
    h.store.failWhen = (op, path) => op === "write" && path.includes("index-seg-");
    const failing = await h.started();
    await failing.stop();
    expect(names(h)).toEqual([INDEX_META_FILE, INDEX_VECTORS_FILE]);
    h.store.failWhen = () => false;
    const calls = h.counting.calls;
    const again = await h.started();
    expect(dumpIndex(again)).toEqual(expected);
    await again.stop();
    expect(h.counting.calls).toBe(calls);
  });
});
