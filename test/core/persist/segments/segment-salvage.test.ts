import { describe, expect, it } from "vitest";
import { MemoryFileStore } from "../memory-file-store";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { salvageSegments } from "../../../../src/core/persist/segments/segment-salvage";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import { hashOf, snapshotOf, sourceOf, vectorOf, type ModelNote } from "./segment-fixtures";

function notes(count: number): Map<string, ModelNote> {
  const out = new Map<string, ModelNote>();
  for (let i = 0; i < count; i++) out.set(`n${i}.md`, { path: `n${i}.md`, mtime: 1000 + i, texts: [`alpha ${i}`, `beta ${i * 7}`] });
  return out;
}

async function savedWithoutManifest(precision: "float32" | "int8"): Promise<{ store: MemoryFileStore; texts: string[] }> {
  const store = new MemoryFileStore();
  const all = notes(30);
  const source = sourceOf(all);
  const int8Source = {
    ...source,
    vectorPrecision: precision,
    snapshotOf: (paths: readonly string[]) => Promise.resolve({ ...snapshotOf(paths.map((p) => all.get(p) as ModelNote)), vectorPrecision: precision }),
  };
  await new SegmentWriter(store, "idx", { writer: "w", targetBytes: 1200 }).save(int8Source, { changed: "all" });
  store.files.delete(`idx/${MANIFEST_FILE}`);
  return { store, texts: [...all.values()].flatMap((n) => n.texts) };
}

describe("salvageSegments", () => {
  for (const precision of ["float32", "int8"] as const) {
    it(`gives back every ${precision} row of segments found without a manifest, by its text's hash`, async () => {
      const { store, texts } = await savedWithoutManifest(precision);
      expect([...store.files.keys()].filter((p) => p.includes("index-seg-")).length).toBeGreaterThan(2);
      const salvaged = await salvageSegments(store, "idx");
      expect(salvaged?.hashes.slice().sort()).toEqual(texts.map(hashOf).sort());
      const tolerance = precision === "int8" ? 0.02 : 1e-6;
      salvaged?.hashes.forEach((hash, i) => {
        const want = vectorOf(hash.slice(2));
        const got = salvaged.row(i) ?? new Float32Array(0);
        expect(got.length).toBe(want.length);
        got.forEach((x, d) => expect(Math.abs(x - (want[d] ?? 0))).toBeLessThan(tolerance * Math.max(1, Math.abs(want[d] ?? 0))));
      });
      expect(salvaged?.row(-1)).toBeUndefined();
      expect(salvaged?.row(texts.length)).toBeUndefined();
    });
  }

  it("keeps int8 rows as int8 codes: each row is made float32 only when asked for", async () => {
    const { store } = await savedWithoutManifest("int8");
    const salvaged = await salvageSegments(store, "idx");
    const [first, second] = [salvaged?.row(0), salvaged?.row(1)];
    // A float32 row of its own: no buffer holds every row as float32 values.
    expect(first?.buffer.byteLength).toBe((first?.length ?? 0) * 4);
    expect(first?.buffer).not.toBe(second?.buffer);
    expect(salvaged?.row(0)).toEqual(first);
    const float32 = await salvageSegments((await savedWithoutManifest("float32")).store, "idx");
    expect(float32?.row(0)?.buffer).toBe(float32?.row(1)?.buffer);
  });
});
