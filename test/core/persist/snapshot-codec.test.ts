import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checksum32 } from "../../../src/core/shared/checksum";
import { SNAPSHOT_FORMAT_VERSION, type IndexSnapshot, type SnapshotToSave } from "../../../src/core/persist/snapshot";
import {
  decodeSnapshot,
  encodeSnapshot,
  type EncodedSnapshot,
  type SnapshotDecodeResult,
} from "../../../src/core/persist/snapshot-codec";
import { buildSnapshot, expectationsOf, expectSameSnapshot, sameBytes, snapshotArb } from "./snapshot-fixtures";
import { canonicalModelName } from "../../../src/core/ollama/model-name";

function encode(s: SnapshotToSave): EncodedSnapshot {
  const encoded = encodeSnapshot(s);
  if (!encoded.ok) throw new Error(encoded.error.cause);
  return encoded.value;
}

function roundTrip(s: IndexSnapshot): IndexSnapshot {
  const { meta, vectors } = encode(s);
  const decoded = decodeSnapshot(meta, vectors, expectationsOf(s));
  if (!decoded.ok) throw new Error(`${decoded.error.code}: ${decoded.error.cause ?? decoded.error.message}`);
  return decoded.value;
}

function expectCode(result: SnapshotDecodeResult, code: "INDEX_CORRUPT" | "INDEX_MISMATCH"): void {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe(code);
}

/** Applies `patch` to a copy of a file and recomputes its checksum, as if another writer had produced it. */
function reseal(file: Uint8Array, patch: (bytes: Uint8Array, view: DataView) => void): Uint8Array {
  const bytes = file.slice();
  const view = new DataView(bytes.buffer);
  patch(bytes, view);
  view.setUint32(bytes.length - 4, checksum32(bytes.subarray(0, bytes.length - 4)), true);
  return bytes;
}

const sample = buildSnapshot(
  [
    {
      path: "Notes/Alpha.md",
      chunks: [{ text: "First chunk" }, { text: "Second chunk", headingPath: ["Alpha", "H2"] }],
    },
    { path: "Notes/Empty.md", chunks: [] },
    {
      path: "日本語/ノート.md",
      chunks: [{ text: "漢字とかな 🙂 e\u0301", headingPath: ["ノート", "見出し"] }],
    },
  ],
  { dims: 6, hasVector: (i) => i !== 1 },
);

describe("snapshot round trip", () => {
  it("returns an equal snapshot, including rows that wait for their embedding", () => {
    expectSameSnapshot(roundTrip(sample), sample);
  });

  it("carries the keyword postings section byte for byte, and loads files without one", () => {
    const keywords = Uint8Array.from({ length: 37 }, (_, i) => (i * 31) % 256);
    const back = roundTrip({ ...sample, keywords });
    expectSameSnapshot(back, sample);
    expect(back.keywords && sameBytes(back.keywords, keywords)).toBe(true);
    expect(roundTrip(sample).keywords).toBeUndefined();
  });

  it("writes the same files from vectors given by row as from one array", () => {
    const dims = sample.header.dims;
    const rows = {
      length: sample.vectors.length,
      row: (i: number) => (sample.hasVector[i] === 1 ? sample.vectors.slice(i * dims, (i + 1) * dims) : undefined),
    };
    const byRow = encode({ ...sample, vectors: rows });
    const whole = encode(sample);
    expect(sameBytes(byRow.vectors, whole.vectors)).toBe(true);
    expect(sameBytes(byRow.meta, whole.meta)).toBe(true);
    const wrongSize = encodeSnapshot({ ...sample, vectors: { length: rows.length, row: () => new Float32Array(dims + 1) } });
    expect(wrongSize.ok).toBe(false);
  });

  it("handles an empty index", () => {
    const empty = buildSnapshot([], { dims: 768 });
    expectSameSnapshot(roundTrip(empty), empty);
  });

  it("handles a keyword-only index with no model and 0 dims", () => {
    const notes = [{ path: "a.md", chunks: [{ text: "x" }, { text: "y" }] }];
    const s = buildSnapshot(notes, { dims: 0, hasVector: () => false });
    expect(s.header.model).toBe("");
    expectSameSnapshot(roundTrip(s), s);
  });

  it("keeps every float bit for bit", () => {
    const s = buildSnapshot([{ path: "a.md", chunks: [{ text: "x" }] }], { dims: 8 });
    s.vectors.set([NaN, -0, Infinity, -Infinity, 1e-45, 3.4028234663852886e38, -1.5, 0.1]);
    expectSameSnapshot(roundTrip(s), s);
  });

  it("keeps ordinals that are not the chunk's position in its note", () => {
    const s = buildSnapshot([{ path: "a.md", chunks: [{ text: "x", ordinal: 3 }, { text: "y", ordinal: 7 }] }]);
    expectSameSnapshot(roundTrip(s), s);
  });

  it("stores text as UTF-8, so a lone surrogate (never read from a UTF-8 file) comes back as U+FFFD", () => {
    const s = buildSnapshot([{ path: "a.md", chunks: [{ text: "x\ud800y" }] }]);
    expect(roundTrip(s).chunks[0]?.text).toBe("x\ufffdy");
  });

  it("round-trips random snapshots", () => {
    // The model comes back in its one spelling ("x:latest" is "x"; see canonicalModelName), everything else as saved.
    const canonical = (s: IndexSnapshot) => ({ ...s, header: { ...s.header, model: canonicalModelName(s.header.model) } });
    fc.assert(fc.property(snapshotArb, (s) => expectSameSnapshot(roundTrip(s), canonical(s))), { numRuns: 200 });
  });

  it("lays the vector rows out as little-endian Float32 at a 4-byte aligned offset", () => {
    const { vectors } = encode(sample);
    const view = new DataView(vectors.buffer, vectors.byteOffset);
    const offset = 12 + view.getUint32(8, true);
    expect(offset % 4).toBe(0);
    expect(view.getFloat32(offset + 4, true)).toBe(sample.vectors[1]);
  });
});

describe("encodeSnapshot refuses snapshots that could not load back", () => {
  const cases: [string, (s: IndexSnapshot) => void][] = [
    ["a wrong number of floats", (s) => (s.vectors = new Float32Array(3))],
    ["a wrong hasVector length", (s) => (s.hasVector = new Uint8Array(1))],
    ["notes that don't tile the chunks", (s) => ((s.notes[1] as { chunkStart: number }).chunkStart = 1)],
    ["a chunk under the wrong note", (s) => ((s.chunks[0] as { path: string }).path = "other.md")],
    ["an id that is not path#ordinal", (s) => ((s.chunks[0] as { id: string }).id = "x")],
    ["a non-finite mtime", (s) => ((s.notes[0] as { mtime: number }).mtime = NaN)],
    ["another format version", (s) => (s.header.formatVersion = SNAPSHOT_FORMAT_VERSION + 1)],
  ];
  it.each(cases)("%s", (_name, breakIt) => {
    const s = structuredClone(sample);
    breakIt(s);
    const encoded = encodeSnapshot(s);
    expect(encoded.ok).toBe(false);
    if (!encoded.ok) expect(encoded.error.code).toBe("BAD_INPUT");
  });
});

describe("decodeSnapshot on damaged files", () => {
  const good = encode(sample);
  const expect0 = expectationsOf(sample);

  it("reports a truncated file at every cut point as corrupt", () => {
    for (const which of ["meta", "vectors"] as const) {
      const file = good[which];
      for (let cut = 0; cut < file.length; cut++) {
        const truncated = file.slice(0, cut);
        const result =
          which === "meta"
            ? decodeSnapshot(truncated, good.vectors, expect0)
            : decodeSnapshot(good.meta, truncated, expect0);
        expectCode(result, "INDEX_CORRUPT");
      }
    }
  });

  it("reports any flipped byte as corrupt", () => {
    const arb = fc.record({
      which: fc.constantFrom("meta" as const, "vectors" as const),
      at: fc.nat(),
      xor: fc.integer({ min: 1, max: 255 }),
    });
    fc.assert(
      fc.property(arb, ({ which, at, xor }) => {
        const file = good[which].slice();
        const i = at % file.length;
        file[i] = (file[i] ?? 0) ^ xor;
        const files = { ...good, [which]: file };
        expectCode(decodeSnapshot(files.meta, files.vectors, expect0), "INDEX_CORRUPT");
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on garbage and calls it corrupt", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (junk, asMeta) => {
        const result = asMeta ? decodeSnapshot(junk, good.vectors, expect0) : decodeSnapshot(good.meta, junk, expect0);
        expectCode(result, "INDEX_CORRUPT");
      }),
    );
  });

  it("reports a sealed file whose body is not ours as corrupt", () => {
    const meta = reseal(good.meta, (bytes) => bytes.fill(0x7b, 16, 40));
    expectCode(decodeSnapshot(meta, good.vectors, expect0), "INDEX_CORRUPT");
  });

  it("reports the meta file of one save with the vectors file of another as corrupt", () => {
    const changed = structuredClone(sample);
    changed.vectors[0] = 42;
    const later = encode(changed);
    expectCode(decodeSnapshot(good.meta, later.vectors, expect0), "INDEX_CORRUPT");
    expectCode(decodeSnapshot(later.meta, good.vectors, expect0), "INDEX_CORRUPT");
  });

  it("pairs files by content, so a byte-identical vectors file from another save is accepted", () => {
    const later = encode({ ...sample, header: { ...sample.header, savedAt: sample.header.savedAt + 1 } });
    expect(later.vectors).toEqual(good.vectors);
    expect(decodeSnapshot(later.meta, good.vectors, expect0).ok).toBe(true);
  });

  it("reports swapped files as corrupt", () => {
    expectCode(decodeSnapshot(good.vectors, good.meta, expect0), "INDEX_CORRUPT");
  });

  it("decodes from unaligned buffers too", () => {
    const shift = (file: Uint8Array): Uint8Array => {
      const padded = new Uint8Array(file.length + 1);
      padded.set(file, 1);
      return padded.subarray(1);
    };
    const decoded = decodeSnapshot(shift(good.meta), shift(good.vectors), expect0);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expectSameSnapshot(decoded.value, sample);
  });
});

describe("decodeSnapshot on files built with other settings", () => {
  const good = encode(sample);

  it("reports another format version as a mismatch that says the format changed", () => {
    const bump = (file: Uint8Array): Uint8Array => reseal(file, (_b, view) => view.setUint32(4, 99, true));
    const result = decodeSnapshot(bump(good.meta), bump(good.vectors), expectationsOf(sample));
    expectCode(result, "INDEX_MISMATCH");
    if (!result.ok) {
      expect(result.error.message).toMatch(/format/);
      expect(result.reusable).toBeUndefined();
    }
  });

  it("reports a different model as a mismatch naming both models, with the snapshot still reusable", () => {
    const result = decodeSnapshot(good.meta, good.vectors, { ...expectationsOf(sample), model: "mxbai-embed-large" });
    expectCode(result, "INDEX_MISMATCH");
    if (result.ok) return;
    expect(result.error.message).toContain('"nomic-embed-text" to "mxbai-embed-large"');
    expect(result.error.message).not.toContain("chunking");
    expect(result.reusable).toBeDefined();
    if (result.reusable) expectSameSnapshot(result.reusable, sample);
  });

  it("reports changed chunking settings as a mismatch, with the snapshot still reusable", () => {
    const result = decodeSnapshot(good.meta, good.vectors, { ...expectationsOf(sample), chunkingHash: "chunking-2" });
    expectCode(result, "INDEX_MISMATCH");
    if (result.ok) return;
    expect(result.error.message).toContain("chunking settings changed");
    expect(result.error.message).not.toContain("model");
    if (result.reusable) expectSameSnapshot(result.reusable, sample);
    expect(result.reusable).toBeDefined();
  });

  it("names every change at once, and a model that was not set as none", () => {
    const plain = encode(buildSnapshot([{ path: "a.md", chunks: [] }], { dims: 0 }));
    const result = decodeSnapshot(plain.meta, plain.vectors, { model: "nomic-embed-text", chunkingHash: "other" });
    expectCode(result, "INDEX_MISMATCH");
    if (!result.ok) expect(result.error.message).toMatch(/from none to "nomic-embed-text" and the chunking/);
  });

  it("reports other dimensions for the same model as a mismatch, and ignores dims when not expected", () => {
    const expected = expectationsOf(sample);
    const result = decodeSnapshot(good.meta, good.vectors, { ...expected, dims: 768 });
    expectCode(result, "INDEX_MISMATCH");
    if (!result.ok) expect(result.error.message).toContain("from 6 to 768 dimensions");
    const { dims: _dims, ...withoutDims } = expected;
    expect(decodeSnapshot(good.meta, good.vectors, withoutDims).ok).toBe(true);
  });
});
