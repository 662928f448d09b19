import { describe, expect, it } from "vitest";
import { findRelatedNotes } from "../../../../src/core/search/related-notes";
import type { IndexService } from "../../../../src/core/sync/control/index-service";
import type { VectorPrecision } from "../../../../src/core/vectors/vector-precision";
import { Harness, updateSettings } from "../helpers/harness";
import { savedSegments } from "../helpers/single-file-layout";
import { DEFAULT_INDEX_SETTINGS } from "../../../../src/core/sync/rules/index-settings";
import { normalizeSettings } from "../../../../src/core/settings/normalize-settings";
import { indexCost } from "../../../../src/core/session/settings-cost";

const DIR = "vault/plugin-data";

function vault(precision: VectorPrecision): Harness {
  const h = new Harness({ vectorPrecision: precision });
  const topics = ["gardening tomatoes soil", "databases indexes queries", "cooking pasta sauce", "running shoes race"];
  // A letter apart, not only a number: related notes treat texts that differ only in digits as one shared template.
  for (let n = 0; n < 24; n++) {
    const tag = String.fromCharCode(97 + n);
    h.source.write(`n${n}.md`, `# Note ${n}\n\nAbout ${topics[n % 4]} number ${n}${tag}.\n\nMore on ${topics[(n + 1) % 4]}, part ${tag}.\n`);
  }
  return h;
}

function vectors(s: IndexService): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  for (const path of s.index.notePaths()) for (const id of s.index.chunkIdsOf(path)) out.set(id, s.index.get(id)!.vector!.slice());
  return out;
}

function saved(h: Harness): { precision: string; bytes: number } {
  return savedSegments(h.store, DIR);
}

function close(a: Map<string, Float32Array>, b: Map<string, Float32Array>, within: number): void {
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  for (const [id, v] of a) b.get(id)!.forEach((x, i) => expect(Math.abs(x - v[i]!), id).toBeLessThanOrEqual(within));
}

describe("changing the vector precision", () => {
  it("converts the stored vectors in place and saves them in the new precision: nothing embedded or read again", async () => {
    const h = vault("float32");
    const s = await h.started();
    const before = vectors(s);
    await s.save();
    const full = saved(h);
    expect(full.precision).toBe("float32");
    const [calls, reads] = [h.counting.calls, h.source.reads.length];

    h.settings = { ...h.settings, vectorPrecision: "int8" };
    expect(updateSettings(s, h.settings).rebuild).toBe(false);
    await s.whenIdle();
    expect(s.index.vectorPrecision).toBe("int8");
    close(before, vectors(s), 1 / 127);
    expect(findRelatedNotes(s.index, "n0.md", { limit: 3, rrfK: 20, weights: { vector: 1, bm25: 0 } }).entries.length).toBe(3);
    await s.stop();
    const small = saved(h);
    expect(small.precision).toBe("int8");
    expect(small.bytes).toBeLessThan(full.bytes);
    expect([h.counting.calls, h.source.reads.length]).toEqual([calls, reads]);

    // Back to float32: the int8 values are kept as they are (what int8 rounded off does not come back).
    const reopened = await h.started();
    const int8Values = vectors(reopened);
    await reopened.stop();
    h.settings = { ...h.settings, vectorPrecision: "float32" };
    const again = await h.started();
    expect(again.index.vectorPrecision).toBe("float32");
    close(int8Values, vectors(again), 0);
    await again.save();
    expect(saved(h).precision).toBe("float32");
    expect(h.counting.calls).toBe(calls);
    await again.stop();
  });

  it("loads an int8 index straight into the int8 store: its rows are the file's bytes, nothing dequantized or embedded", async () => {
    const h = vault("int8");
    const first = await h.started();
    const before = vectors(first);
    await first.stop();
    expect(saved(h).precision).toBe("int8");
    const calls = h.counting.calls;
    // The bytes the load reads, to tell whether the store keeps them or a copy made from them.
    const read: Uint8Array[] = [];
    const plain = h.store.read.bind(h.store);
    h.store.read = async (path) => {
      const r = await plain(path);
      if (path.startsWith(`${DIR}/index-seg-`) && r.ok && r.value) read.push(r.value);
      return r;
    };
    const s = await h.started();
    expect(s.index.vectorPrecision).toBe("int8");
    const codes = (s.index.vectorStore?.pages ?? []).flatMap((p) => (p.codes ? [p.codes] : []));
    expect(read.length).toBeGreaterThan(0);
    expect(codes.length).toBe(read.length);
    // Every segment's rows are a page of the store with the file's bytes, in a buffer of their own: the page doesn't
    // keep the segment's texts and postings alive.
    for (const [i, r] of read.entries()) {
      const page = codes[i]!;
      expect(Buffer.from(r).indexOf(Buffer.from(page.buffer, page.byteOffset, page.byteLength))).toBeGreaterThan(0);
      expect(page.buffer.byteLength).toBeLessThan(r.byteLength / 2);
    }
    close(before, vectors(s), 0);
    expect(findRelatedNotes(s.index, "n0.md", { limit: 3, rrfK: 20, weights: { vector: 1, bm25: 0 } }).entries.length).toBe(3);
    expect(h.counting.calls).toBe(calls);
    await s.stop();
    // A note edited before the next start: its new text takes an adopted row freed by the old one, or a new slot;
    // the save after it and the load after that keep every vector as it was.
    h.source.write("n1.md", "# Note 1\n\nNow about kites and wind.\n");
    const edited = await h.started();
    expect(h.counting.calls).toBe(calls + 1);
    const afterEdit = vectors(edited);
    await edited.stop();
    const again = await h.started();
    close(afterEdit, vectors(again), 0);
    expect(h.counting.calls).toBe(calls + 1);
    expect(h.notices).toEqual([]);
    await again.stop();
  });

  it("keeps new indexes in int8 by default, and converts a float32 index to the default in place: 0 embed calls", async () => {
    expect(DEFAULT_INDEX_SETTINGS.vectorPrecision).toBe("int8");
    expect(normalizeSettings(undefined).settings.vectorPrecision).toBe("int8");
    // An index built under the old default (float32), running when the settings become today's defaults.
    const h = vault("float32");
    const s = await h.started();
    const before = vectors(s);
    await s.save();
    expect(saved(h).precision).toBe("float32");
    const [calls, reads] = [h.counting.calls, h.source.reads.length];
    const defaults = { ...h.settings, vectorPrecision: DEFAULT_INDEX_SETTINGS.vectorPrecision };
    expect(indexCost(h.settings, defaults)).toEqual({ rebuild: false, relanguage: false, rescan: false, convertVectors: true });
    h.settings = defaults;
    updateSettings(s, defaults);
    await s.whenIdle();
    expect(s.index.vectorPrecision).toBe("int8");
    close(before, vectors(s), 1 / 127);
    await s.stop();
    expect(saved(h).precision).toBe("int8");
    expect([h.counting.calls, h.source.reads.length]).toEqual([calls, reads]);
  });

  it("loads an index saved as float32 (every index saved before the option) into int8 without embedding anything", async () => {
    const h = vault("float32");
    const first = await h.started();
    const before = vectors(first);
    await first.stop();
    expect(saved(h).precision).toBe("float32");
    const calls = h.counting.calls;
    h.settings = { ...h.settings, vectorPrecision: "int8" };
    const s = await h.started();
    expect(s.index.vectorPrecision).toBe("int8");
    close(before, vectors(s), 1 / 127);
    expect(h.counting.calls).toBe(calls);
    expect(h.notices).toEqual([]);
    await s.stop();
  });
});
