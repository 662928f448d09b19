import { describe, expect, it, vi } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { embeddingInput } from "../../../src/core/index/embedding-input";
import type { Embedder } from "../../../src/core/ollama/embedder";
import { ok, type Result } from "../../../src/core/result";
import { CalibrationKeeper } from "../../../src/core/search/calibration-keeper";
import { MemoryFileStore } from "../persist/memory-file-store";

const DIMS = 8;
function vec(text: string): Float32Array {
  const v = new Float32Array(DIMS);
  for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const slot = w.charCodeAt(0) % DIMS;
    v[slot] = (v[slot] ?? 0) + 1;
  }
  return v;
}

class CountingEmbedder implements Embedder {
  calls = 0;
  constructor(readonly model: string) {}
  dimensions(): number {
    return DIMS;
  }
  embedQuery(text: string): Promise<Result<Float32Array>> {
    this.calls++;
    return Promise.resolve(ok(vec(text)));
  }
  embedDocuments(texts: readonly string[]): Promise<Result<Float32Array[]>> {
    this.calls++;
    return Promise.resolve(ok(texts.map(vec)));
  }
}

function index(notes: number): ChunkIndex {
  const idx = new ChunkIndex(DIMS);
  for (let n = 0; n < notes; n++) {
    const md = `# Note ${n}\n\nAlpha beta gamma ${n}. Delta epsilon zeta eta theta ${n}. Iota kappa lambda mu nu ${n}. Xi omicron pi rho.\n`;
    const note = chunkNote(`n${n}.md`, md);
    idx.addNote(note, note.chunks.map((c) => vec(embeddingInput(c))));
  }
  return idx;
}

describe("CalibrationKeeper", () => {
  it("measures once, saves, and makes no embedding call on a restart with the same model and vault", async () => {
    const store = new MemoryFileStore();
    const first = new CountingEmbedder("m");
    const keeper = new CalibrationKeeper(store, "plugin/calibration.json");
    expect(await keeper.load("m")).toBeUndefined();
    const c = await keeper.refresh(index(20), first);
    expect(c).toBeDefined();
    expect(first.calls).toBeGreaterThan(0);

    const again = new CountingEmbedder("m");
    const restarted = new CalibrationKeeper(store, "plugin/calibration.json");
    expect(await restarted.load("m")).toEqual(c);
    expect(await restarted.refresh(index(22), again)).toEqual(c);
    expect(again.calls).toBe(0);
  });

  it("measures again for another model or a vault that changed a lot", async () => {
    const store = new MemoryFileStore();
    const keeper = new CalibrationKeeper(store, "c.json");
    await keeper.refresh(index(20), new CountingEmbedder("m"));
    expect(keeper.isStale("other", 20)).toBe(true);
    expect(keeper.isStale("m", 40)).toBe(true);
    expect(keeper.isStale("m", 24)).toBe(false);
    const other = new CountingEmbedder("other");
    await keeper.refresh(index(20), other);
    expect(other.calls).toBeGreaterThan(0);
  });

  it("takes a calibration saved under the other spelling of the model (\":latest\") without measuring again", async () => {
    const store = new MemoryFileStore();
    const first = new CountingEmbedder("nomic-embed-text:latest");
    const c = await new CalibrationKeeper(store, "c.json").refresh(index(20), first);
    const again = new CountingEmbedder("nomic-embed-text");
    const restarted = new CalibrationKeeper(store, "c.json");
    expect(await restarted.load("nomic-embed-text")).toEqual(c);
    expect(await restarted.refresh(index(20), again)).toEqual(c);
    expect(again.calls).toBe(0);
  });

  it("ignores a corrupt calibration file", async () => {
    const store = new MemoryFileStore();
    await store.write("c.json", new TextEncoder().encode("{not json"));
    expect(await new CalibrationKeeper(store, "c.json").load("m")).toBeUndefined();
  });

  it("reads the file once when asked to early, and the next load takes that read", async () => {
    const store = new MemoryFileStore();
    const c = await new CalibrationKeeper(store, "c.json").refresh(index(20), new CountingEmbedder("m"));
    const reads = vi.spyOn(store, "read");
    const restarted = new CalibrationKeeper(store, "c.json");
    restarted.prefetch();
    restarted.prefetch();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await restarted.load("m")).toEqual(c);
    expect(reads).toHaveBeenCalledTimes(1);
    // Taken once: a later load reads the file again, as without a prefetch.
    expect(await restarted.load("m")).toEqual(c);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
