import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { embeddingInput } from "../../../src/core/index/embedding-input";
import type { Embedder } from "../../../src/core/ollama/embedder";
import { ok, type Result } from "../../../src/core/result";
import { contentHash } from "../../../src/core/shared/hash";
import { calibrateVectorScale, DEFAULT_CALIBRATION, scaledWeights } from "../../../src/core/search/weight-calibration";

const DIMS = 64;

/** Bag of words hashed into 64 dims: a model that understands text about as well as keyword matching does. */
function lexicalVector(text: string): Float32Array {
  const v = new Float32Array(DIMS);
  for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const slot = parseInt(contentHash(w).slice(0, 6), 16) % DIMS;
    v[slot] = (v[slot] ?? 0) + 1;
  }
  return v;
}

/** Vectors that carry no meaning: a model that is useless for this text. */
function noiseVector(text: string): Float32Array {
  const v = new Float32Array(DIMS);
  let h = contentHash(text);
  for (let i = 0; i < DIMS; i++) {
    if (i % 8 === 0) h = contentHash(h);
    v[i] = parseInt(h.slice((i % 8) * 2, (i % 8) * 2 + 2), 16) - 127.5;
  }
  return v;
}

class FnEmbedder implements Embedder {
  readonly model = "fn";
  constructor(private readonly fn: (t: string) => Float32Array) {}
  dimensions(): number {
    return DIMS;
  }
  embedQuery(text: string): Promise<Result<Float32Array>> {
    return Promise.resolve(ok(this.fn(text)));
  }
  embedDocuments(texts: readonly string[]): Promise<Result<Float32Array[]>> {
    return Promise.resolve(ok(texts.map(this.fn)));
  }
}

const SYLLABLES = "ka lo mi nu pe ri so tu va ze".split(" ");

/** Each note has its own small vocabulary, and its sentences draw on it: the rest of a note predicts a sentence. */
function corpus(fn: (t: string) => Float32Array): ChunkIndex {
  const index = new ChunkIndex(DIMS);
  for (let n = 0; n < 40; n++) {
    const vocab = [0, 1, 2, 3, 4, 5].map((w) => `${SYLLABLES[n % 10] ?? ""}${SYLLABLES[Math.floor(n / 10) + w] ?? ""}${SYLLABLES[w] ?? ""}`);
    const sentences = [0, 1, 2, 3].map((s) => {
      const words = [0, 1, 2, 3, 4].map((w) => vocab[(s + w * 2) % vocab.length] ?? "");
      return `${words.join(" ")} common filler text.`;
    });
    const note = chunkNote(`n${n}.md`, `# Note ${n}\n\n${sentences.join(" ")}\n`);
    index.addNote(note, note.chunks.map((c) => fn(embeddingInput(c))));
  }
  return index;
}

describe("calibrateVectorScale", () => {
  it("trusts a useful embedding model more than a useless one on the same text", async () => {
    const strong = await calibrateVectorScale(corpus(lexicalVector), new FnEmbedder(lexicalVector));
    const weak = await calibrateVectorScale(corpus(noiseVector), new FnEmbedder(noiseVector));
    expect(strong && weak).toBeTruthy();
    expect(strong?.vectorMrr ?? 0).toBeGreaterThan(weak?.vectorMrr ?? 1);
    expect(strong?.scale ?? 0).toBeGreaterThan(weak?.scale ?? 1);
    expect(weak?.scale).toBe(DEFAULT_CALIBRATION.minScale);
  });

  it("is deterministic", async () => {
    const a = await calibrateVectorScale(corpus(lexicalVector), new FnEmbedder(lexicalVector));
    const b = await calibrateVectorScale(corpus(lexicalVector), new FnEmbedder(lexicalVector));
    expect(a).toEqual(b);
  });

  it("gives up on an index too small to measure", async () => {
    const index = new ChunkIndex(DIMS);
    expect(await calibrateVectorScale(index, new FnEmbedder(lexicalVector))).toBeUndefined();
  });

  it("scales the vector and HyDE weights, never BM25's", () => {
    const c = { scale: 0.25, bm25Mrr: 1, vectorMrr: 0.5, samples: 10, detail: "" };
    expect(scaledWeights({ bm25: 1, vector: 1, hyde: 0.5 }, c)).toEqual({ bm25: 1, vector: 0.25, hyde: 0.125 });
    expect(scaledWeights({ bm25: 1, vector: 1, hyde: 0.5 }, undefined)).toEqual({ bm25: 1, vector: 1, hyde: 0.5 });
  });
});

describe("calibrateVectorScale with a pause", () => {
  it("gives the UI a turn inside each probe's vector scan, and measures what one go measures", async () => {
    const build = () => {
      const index = corpus(lexicalVector);
      // Enough vectors that one scan has several slices.
      for (let i = 0; i < 9000; i++) {
        const path = `filler/f${i}.md`;
        const chunk = { id: `${path}#0`, path, ordinal: 0, headingPath: [`F${i}`], text: `filler ${i}`, startLine: 0, endLine: 0, tokens: 2 };
        index.addNote({ path, meta: { title: `F${i}`, aliases: [], tags: [], links: [] }, chunks: [chunk] }, [lexicalVector(`filler ${i} ${SYLLABLES[i % 10]}`)]);
      }
      return index;
    };
    const once = await calibrateVectorScale(build(), new FnEmbedder(lexicalVector));
    let pauses = 0;
    const sliced = await calibrateVectorScale(build(), new FnEmbedder(lexicalVector), DEFAULT_CALIBRATION, undefined, () => {
      pauses++;
      return Promise.resolve();
    });
    expect(once).toBeDefined();
    expect(sliced).toEqual(once);
    expect(pauses).toBeGreaterThanOrEqual(2 * (once?.samples ?? 0));
  }, 60_000);
});
