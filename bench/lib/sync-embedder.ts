import type { Embedder } from "../../src/core/ollama/embedder";
import { ok, type Result } from "../../src/core/result";

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A deterministic embedder without HTTP, so the sync benchmark measures only our own work. Each word is hashed into
 * a few signed buckets (feature hashing) and the vector is L2-normalized: texts that share words get similar
 * vectors, so vector search returns sensible neighbours, and the same text always gives the same vector.
 */
export class HashEmbedder implements Embedder {
  /** `embedDocuments` calls so far. */
  documentCalls = 0;
  /** Texts passed to `embedDocuments` so far. */
  documentTexts = 0;

  constructor(
    /** Vector length. */
    private readonly dims: number,
    readonly model = `bench-hash-${dims}`,
  ) {}

  dimensions(): number {
    return this.dims;
  }

  embedQuery(text: string): Promise<Result<Float32Array>> {
    return Promise.resolve(ok(this.vector(text)));
  }

  embedDocuments(texts: readonly string[]): Promise<Result<Float32Array[]>> {
    this.documentCalls++;
    this.documentTexts += texts.length;
    return Promise.resolve(ok(texts.map((t) => this.vector(t))));
  }

  private vector(text: string): Float32Array {
    const v = new Float32Array(this.dims);
    for (const m of text.toLowerCase().matchAll(WORD)) {
      let h = fnv1a(m[0]);
      for (let k = 0; k < 3; k++) {
        v[h % this.dims] = (v[h % this.dims] ?? 0) + ((h >>> 31) === 0 ? 1 : -1);
        h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
      }
    }
    let norm = 0;
    for (const x of v) norm += x * x;
    if (norm === 0) v[0] = 1;
    else for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) / Math.sqrt(norm);
    return v;
  }
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
