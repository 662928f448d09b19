import { describe, expect, it } from "vitest";
import { readContainer, writeContainer } from "../../../src/core/persist/container";
import { runAll } from "../../../src/core/shared/slices";
import { decodeSnapshot, encodeSnapshot } from "../../../src/core/persist/snapshot-codec";
import { SNAPSHOT_FORMAT_VERSION, type IndexSnapshot } from "../../../src/core/persist/snapshot";
import { decodeVectorsFile, encodeVectorsFile } from "../../../src/core/persist/vectors-file";
import { VectorStore } from "../../../src/core/vectors/vector-store";
import { snapshotVector } from "../../../src/core/persist/int8-rows";
import { buildSnapshot, expectationsOf } from "./snapshot-fixtures";

const DIMS = 64;

function encoded(s: Parameters<typeof encodeSnapshot>[0]): { meta: Uint8Array; vectors: Uint8Array } {
  const r = encodeSnapshot(s);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function sample(): IndexSnapshot {
  const specs = Array.from({ length: 40 }, (_, n) => ({ path: `n${n}.md`, chunks: [{ text: `a ${n}` }, { text: `b ${n}` }] }));
  return buildSnapshot(specs, { dims: DIMS, hasVector: (i) => i % 7 !== 3 });
}

function maxError(a: Float32Array, b: Float32Array, rows: Uint8Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) if (rows[Math.floor(i / DIMS)]) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

describe("the vectors file in each precision", () => {
  it("round-trips float32 exactly, with no precision in the header (the layout files had before the option)", () => {
    const s = sample();
    const { meta, vectors } = encoded(s);
    const header = runAll(readContainer(vectors, "vectors", SNAPSHOT_FORMAT_VERSION));
    expect(header.ok && (header.value.header as Record<string, unknown>).precision).toBeUndefined();
    const back = decodeSnapshot(meta, vectors, expectationsOf(s));
    expect(back.ok && back.value.vectorPrecision).toBe("float32");
    expect(back.ok && [...back.value.vectors]).toEqual([...s.vectors]);
  });

  it("round-trips int8 within half a quantization step, in about a quarter of the bytes", () => {
    const s = sample();
    const full = encoded(s);
    const small = encoded({ ...s, vectorPrecision: "int8" });
    // 80 rows: 4 bytes a dimension become 1, plus a 4-byte scale a row; the header gains `,"precision":"int8"` (20).
    expect(full.vectors.length - small.vectors.length).toBe(80 * DIMS * 4 - 80 * (DIMS + 4) - 20);
    const back = decodeSnapshot(small.meta, small.vectors, expectationsOf(s));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.vectorPrecision).toBe("int8");
    expect([...back.value.hasVector]).toEqual([...s.hasVector]);
    // The fixture's values reach |dims|, so a step is at most DIMS / 127.
    expect(maxError(back.value.vectors, s.vectors, s.hasVector)).toBeLessThanOrEqual(DIMS / 127 / 2);
    for (let i = 0; i < s.hasVector.length; i++) {
      if (!s.hasVector[i]) expect(back.value.vectors.subarray(i * DIMS, (i + 1) * DIMS).every((x) => x === 0)).toBe(true);
    }
    // Saving the loaded (dequantized) vectors as int8 again gives the same file: nothing more is lost.
    const again = encoded({ ...back.value, vectorPrecision: "int8" });
    expect([...again.vectors]).toEqual([...small.vectors]);
  });

  it("hands an int8 file's rows over as they are when asked (keepInt8), each row reading as the dequantized one", () => {
    const s = sample();
    const small = encoded({ ...s, vectorPrecision: "int8" });
    const plain = decodeSnapshot(small.meta, small.vectors, expectationsOf(s));
    const kept = decodeSnapshot(small.meta, small.vectors, expectationsOf(s), true);
    if (!plain.ok || !kept.ok) throw new Error("unreadable");
    expect(plain.value.int8).toBeUndefined();
    expect(kept.value.vectors.length).toBe(0);
    expect(kept.value.int8?.codes.buffer).toBe(small.vectors.buffer);
    for (let i = 0; i < s.hasVector.length; i++) {
      const want = s.hasVector[i] ? [...plain.value.vectors.subarray(i * DIMS, (i + 1) * DIMS)] : undefined;
      const got = snapshotVector(kept.value, i);
      expect(got ? [...got] : undefined).toEqual(want);
    }
    // A float32 file is read as before: keepInt8 has nothing to keep.
    const full = encoded(s);
    const f = decodeSnapshot(full.meta, full.vectors, expectationsOf(s), true);
    expect(f.ok && f.value.int8 === undefined && f.value.vectors.length === s.vectors.length).toBe(true);
  });

  it("writes int8 rows given one by one (as a save reads them from the index) like rows given as one array", () => {
    const s = sample();
    const rows = { length: s.vectors.length, row: (i: number) => (s.hasVector[i] ? s.vectors.slice(i * DIMS, (i + 1) * DIMS) : undefined) };
    const a = runAll(encodeVectorsFile({ ...s, vectorPrecision: "int8" }));
    const b = runAll(encodeVectorsFile({ ...s, vectors: rows, vectorPrecision: "int8" }));
    expect([...b.bytes]).toEqual([...a.bytes]);
  });

  it("copies the codes of an int8 store as they are (int8Row), giving the bytes quantizing its rows again gives", () => {
    const s = sample();
    const store = new VectorStore(DIMS, () => 0, "int8");
    s.chunks.forEach((c, i) => s.hasVector[i] && store.set(c.id, c.path, s.vectors.subarray(i * DIMS, (i + 1) * DIMS)));
    const slot = (i: number) => store.slotOfId(s.chunks[i]!.id) ?? -1;
    const row = (i: number) => (s.hasVector[i] ? store.vectorAt(slot(i)) : undefined);
    const int8Row = (i: number, codes: Int8Array) => (s.hasVector[i] ? store.int8At(slot(i), codes) : undefined);
    const copied = runAll(encodeVectorsFile({ ...s, vectors: { length: s.vectors.length, row, int8Row }, vectorPrecision: "int8" }));
    const requantized = runAll(encodeVectorsFile({ ...s, vectors: { length: s.vectors.length, row }, vectorPrecision: "int8" }));
    expect([...copied.bytes]).toEqual([...requantized.bytes]);
  });

  it("calls a file with an unknown precision, or an int8 body of the wrong size, corrupt", () => {
    const odd = runAll(writeContainer("vectors", SNAPSHOT_FORMAT_VERSION, { model: "m", dims: 4, rows: 1, precision: "int4" }, 8, function* () {}));
    const r1 = runAll(decodeVectorsFile(odd.bytes));
    expect(!r1.ok && r1.error.code).toBe("INDEX_CORRUPT");
    // A float32-sized body under an int8 header (or the reverse) does not pass the size check.
    const s = sample();
    const full = runAll(encodeVectorsFile(s));
    const opened = runAll(readContainer(full.bytes, "vectors", SNAPSHOT_FORMAT_VERSION));
    if (!opened.ok) throw new Error("unreadable");
    const lying = runAll(writeContainer("vectors", SNAPSHOT_FORMAT_VERSION, { ...(opened.value.header as object), precision: "int8" }, opened.value.body.length, function* (body) {
      yield;
      body.set(opened.value.body);
    }));
    const r2 = runAll(decodeVectorsFile(lying.bytes));
    expect(!r2.ok && r2.error.code).toBe("INDEX_CORRUPT");
  });
});
