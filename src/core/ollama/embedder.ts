import { err, ok, type Result } from "../result";
import { estimateTokens, truncateToTokens } from "../text/token-estimate";
import { MemoryEmbeddingCache, embeddingCacheKey, type EmbeddingCache } from "./embedding-cache";
import { prefixesForModel, type TaskPrefixes } from "./model-prefixes";
import type { OllamaClient } from "./ollama-client";
import { dimensionMismatchError, notEmbeddingModelError } from "./ollama-errors";
import { failure } from "../errors/messages";
import { canonicalModelName } from "./model-name";

/** Turns text into vectors. The engine only sees this interface, so tests and benchmarks can swap the backend. */
export interface Embedder {
  readonly model: string;
  /** Vector size once known (after the first successful call or show), else undefined. */
  dimensions(): number | undefined;
  embedQuery(text: string, signal?: AbortSignal): Promise<Result<Float32Array>>;
  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Result<Float32Array[]>>;
  /**
   * Asks the server whether the model exists and makes embeddings, without embedding anything. Optional: an
   * embedder without it is taken as usable.
   */
  check?(signal?: AbortSignal): Promise<Result<void>>;
  /** Texts cut to fit the model's input window so far, and that window in tokens. Optional. */
  cutInputs?(): { count: number; windowTokens: number | undefined };
}

export interface OllamaEmbedderOptions {
  /** Ollama model name, e.g. "nomic-embed-text" or "nomic-embed-text:v1.5". */
  model: string;
  /** Inputs per /api/embed call. Batches run one after another; the caller decides concurrency. Default 16. */
  batchSize?: number;
  /** Query and document prefixes. Default: from the per-model table (see model-prefixes.ts), else none. */
  prefixes?: TaskPrefixes;
  /** Where vectors are remembered by model, prefix and content hash. Default: a private MemoryEmbeddingCache of 2000. */
  cache?: EmbeddingCache;
  /** If set, vectors of any other size fail with OLLAMA_DIMENSION_MISMATCH (e.g. the size the index was built with). */
  expectedDimensions?: number;
  /**
   * Upper bound on the input window, in tokens, whatever /api/show claims. Ollama has been seen to run embedding
   * models with a 2048 window even when the model reports more. Default 2048.
   */
  maxInputTokens?: number;
}

/** Window assumed when /api/show does not report one: the smallest common one (BERT-style models). */
const FALLBACK_CONTEXT_TOKENS = 512;
/** Share of the window we fill, leaving room for special tokens and for the estimate being low. */
const WINDOW_SAFETY = 0.9;

/**
 * Embeds through Ollama with per-model prefixes, pre-truncation to the model's window (Ollama ≥ 0.13.5 rejects
 * over-long input instead of truncating it), batching, dimension checks and a cache, so unchanged text is never
 * sent twice.
 */
export class OllamaEmbedder implements Embedder {
  readonly model: string;
  readonly prefixes: TaskPrefixes;
  private readonly batchSize: number;
  private readonly cache: EmbeddingCache;
  private readonly expectedDimensions: number | undefined;
  private readonly maxInputTokens: number;
  private windowTokens: number | undefined;
  private reportedDims: number | undefined;
  private seenDims: number | undefined;
  private cut = 0;

  constructor(
    private readonly client: OllamaClient,
    opts: OllamaEmbedderOptions,
  ) {
    this.model = canonicalModelName(opts.model);
    this.prefixes = opts.prefixes ?? prefixesForModel(this.model);
    this.batchSize = Math.max(1, Math.floor(opts.batchSize ?? 16));
    this.cache = opts.cache ?? new MemoryEmbeddingCache({ maxEntries: 2000 });
    this.expectedDimensions = opts.expectedDimensions;
    this.maxInputTokens = opts.maxInputTokens ?? 2048;
  }

  dimensions(): number | undefined {
    return this.seenDims ?? this.reportedDims;
  }

  async embedQuery(text: string, signal?: AbortSignal): Promise<Result<Float32Array>> {
    const result = await this.embedWithPrefix([text], this.prefixes.query, signal);
    if (!result.ok) return result;
    const vector = result.value[0];
    return vector ? ok(vector) : err(failure("ollamaNoQueryVector"));
  }

  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Result<Float32Array[]>> {
    return this.embedWithPrefix(texts, this.prefixes.document, signal);
  }

  cutInputs(): { count: number; windowTokens: number | undefined } {
    return { count: this.cut, windowTokens: this.windowTokens };
  }

  async check(signal?: AbortSignal): Promise<Result<void>> {
    const window = await this.inputWindow(signal);
    return window.ok ? ok(undefined) : window;
  }

  private async embedWithPrefix(
    texts: readonly string[],
    prefix: string,
    signal: AbortSignal | undefined,
  ): Promise<Result<Float32Array[]>> {
    const out: (Float32Array | undefined)[] = new Array<Float32Array | undefined>(texts.length);
    // Identical texts within one call are embedded once and shared.
    const pending = new Map<string, { text: string; slots: number[] }>();
    texts.forEach((text, i) => {
      const key = embeddingCacheKey(this.model, prefix, text);
      const hit = this.cache.get(key);
      const waiting = pending.get(key);
      if (hit) out[i] = hit;
      else if (waiting) waiting.slots.push(i);
      else pending.set(key, { text, slots: [i] });
    });
    if (pending.size > 0) {
      const sent = await this.embedMisses([...pending], prefix, out, signal);
      if (!sent.ok) return sent;
    }
    return ok(out as Float32Array[]);
  }

  private async embedMisses(
    misses: [string, { text: string; slots: number[] }][],
    prefix: string,
    out: (Float32Array | undefined)[],
    signal: AbortSignal | undefined,
  ): Promise<Result<void>> {
    const window = await this.inputWindow(signal);
    if (!window.ok) return window;
    const textBudget = Math.max(1, Math.floor(window.value * WINDOW_SAFETY) - estimateTokens(prefix));
    for (let start = 0; start < misses.length; start += this.batchSize) {
      const batch = misses.slice(start, start + this.batchSize);
      const inputs = batch.map(([, miss]) => {
        const fitted = truncateToTokens(miss.text, textBudget);
        if (fitted.length < miss.text.length) this.cut++;
        return prefix + fitted;
      });
      const result = await this.client.embedRaw(this.model, inputs, signal);
      if (!result.ok) return result;
      for (const [j, row] of result.value.entries()) {
        const checked = this.checkDimensions(row.length);
        if (!checked.ok) return checked;
        const entry = batch[j];
        if (!entry) continue;
        const vector = Float32Array.from(row);
        this.cache.set(entry[0], vector);
        for (const slot of entry[1].slots) out[slot] = vector;
      }
    }
    return ok(undefined);
  }

  private checkDimensions(size: number): Result<void> {
    const expected = this.expectedDimensions ?? this.seenDims;
    if (expected !== undefined && size !== expected) return err(dimensionMismatchError(this.model, size, expected));
    this.seenDims = size;
    return ok(undefined);
  }

  /** The model's input window in tokens, asked once from /api/show; also rejects non-embedding models early. */
  private async inputWindow(signal: AbortSignal | undefined): Promise<Result<number>> {
    if (this.windowTokens !== undefined) return ok(this.windowTokens);
    const shown = await this.client.showModel(this.model, signal);
    if (!shown.ok) return shown;
    const info = shown.value;
    if (info.capabilities.length > 0 && !info.capabilities.includes("embedding")) {
      return err(notEmbeddingModelError(this.model));
    }
    this.reportedDims = info.embeddingLength;
    this.windowTokens = Math.min(
      info.contextLength ?? FALLBACK_CONTEXT_TOKENS,
      info.numCtx ?? Number.POSITIVE_INFINITY,
      this.maxInputTokens,
    );
    return ok(this.windowTokens);
  }
}
