import { describe, expect, it } from "vitest";
import { INDEX_META_FILE, INDEX_VECTORS_FILE } from "../../../../src/core/persist/index-files";
import { decodeManifest } from "../../../../src/core/persist/segments/manifest";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import type { VectorPrecision } from "../../../../src/core/vectors/vector-precision";
import { dumpIndex, Harness } from "../helpers/harness";
import { toSingleFileLayout } from "../helpers/single-file-layout";

const DIR = "vault/plugin-data";

function manifest(h: Harness): { precision: string; segments: number } {
  const m = decodeManifest(h.store.files.get(`${DIR}/${MANIFEST_FILE}`)!);
  if (!m.ok) throw new Error(m.error.message);
  return { precision: m.value.header.vectorPrecision, segments: m.value.segments.length };
}

function vault(precision: VectorPrecision): Harness {
  const h = new Harness({ vectorPrecision: precision });
  for (let n = 0; n < 20; n++) h.source.write(`n${n}.md`, `# Note ${n}\n\nAbout kites and wind, part ${n}.\n\nMore on dunes ${n}.\n`);
  return h;
}

describe.each(["int8", "float32"] as const)("a segmented index kept as %s", (precision) => {
  it("saves each edit as a segment of that precision and loads every segment's rows back exactly: 0 embed calls", async () => {
    const h = vault(precision);
    const s = await h.started();
    await s.save();
    // Three edits, each saved on its own: the index is then four segments, the rows of one note spread over them.
    for (const n of [3, 11, 17]) {
      h.source.write(`n${n}.md`, `# Note ${n}\n\nNow about boats and tides, part ${n}.\n`);
      s.enqueue({ kind: "upsert", path: `n${n}.md` });
      await s.flush();
      await s.save();
    }
    const expected = dumpIndex(s);
    await s.stop();
    expect(manifest(h)).toEqual({ precision, segments: 4 });
    const calls = h.counting.calls;

    const again = await h.started();
    expect(again.index.vectorPrecision).toBe(precision);
    expect(dumpIndex(again)).toEqual(expected);
    // Rows of every segment are pages of the store, as they were read (int8 codes are never dequantized and copied).
    const pages = again.index.vectorStore?.pages ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(h.counting.calls).toBe(calls);
    expect(h.notices).toEqual([]);
    await again.stop();
  });

  it("migrates a single-file index saved in that precision into segments: 0 embed calls", async () => {
    const h = vault(precision);
    const first = await h.started();
    const expected = dumpIndex(first);
    await first.stop();
    await toSingleFileLayout(h.store, DIR, (snap) => ({ ...snap, vectorPrecision: precision }));
    expect([...h.store.files.keys()].filter((k) => k.startsWith(`${DIR}/index-`)).sort()).toEqual([`${DIR}/${INDEX_META_FILE}`, `${DIR}/${INDEX_VECTORS_FILE}`]);
    const calls = h.counting.calls;
    const migrated = await h.started();
    expect(dumpIndex(migrated)).toEqual(expected);
    await migrated.stop();
    expect(manifest(h).precision).toBe(precision);
    expect(h.store.files.has(`${DIR}/${INDEX_META_FILE}`)).toBe(false);
    const reopened = await h.started();
    expect(dumpIndex(reopened)).toEqual(expected);
    await reopened.stop();
    expect(h.counting.calls).toBe(calls);
    expect(h.notices).toEqual([]);
  });
});
