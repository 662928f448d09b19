import type { Embedder } from "../core/ollama/embedder";
import { ok, type Result } from "../core/result";

/** Passes calls through to an embedder and counts the document texts it was asked for, to report per run. */
export class CountingEmbedder implements Embedder {
  /** Document texts asked for so far (cache hits inside the inner embedder included). */
  documents = 0;

  constructor(private readonly inner: Embedder) {}

  get model(): string {
    return this.inner.model;
  }

  dimensions(): number | undefined {
    return this.inner.dimensions();
  }

  embedQuery(text: string, signal?: AbortSignal): Promise<Result<Float32Array>> {
    return this.inner.embedQuery(text, signal);
  }

  cutInputs(): { count: number; windowTokens: number | undefined } {
    return this.inner.cutInputs?.() ?? { count: 0, windowTokens: undefined };
  }

  check(signal?: AbortSignal): Promise<Result<void>> {
    return this.inner.check ? this.inner.check(signal) : Promise.resolve(ok(undefined));
  }

  async embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Result<Float32Array[]>> {
    const result = await this.inner.embedDocuments(texts, signal);
    if (result.ok) this.documents += texts.length;
    return result;
  }
}
