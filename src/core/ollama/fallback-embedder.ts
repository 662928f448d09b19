import { err, ok, type AppError, type Result } from "../result";
import { failure } from "../errors/messages";
import type { Embedder } from "./embedder";
import type { OllamaEndpoint } from "./endpoint-chain";
import { dimensionMismatchError } from "./ollama-errors";

/** A server of the chain that serves the index's model, with the embedder that talks to it. */
export interface ChainLink {
  endpoint: OllamaEndpoint;
  embedder: Embedder;
}

export interface FallbackEmbedderOptions {
  /**
   * Servers of the chain that serve another model. Never embedded with (vectors of two models never mix); when none
   * of the index model's servers answers, `answers` is asked whether they do, so the message can say what to do.
   * Default none.
   */
  others?: readonly OllamaEndpoint[];
  /** Whether a server answers at all (one /api/version call). Default: not asked. */
  answers?: (e: OllamaEndpoint, signal?: AbortSignal) => Promise<boolean>;
  /**
   * After a server of the chain failed, it is skipped for this long (ms) while a later one answers, so each batch
   * doesn't wait on a server that is away; then the earlier server is tried first again. Default 30,000.
   */
  recheckMs?: number;
  /** The clock. Default Date.now. */
  now?: () => number;
  /** Told when the server in use changes (not for the first server's first answer). Default: nobody. */
  onSwitch?: (to: OllamaEndpoint, first: OllamaEndpoint) => void;
}

/** Failures that belong to one server, not to the texts: the next server of the chain may well succeed. */
const FALL_OVER = new Set([
  "OLLAMA_UNREACHABLE",
  "OLLAMA_TIMEOUT",
  "OLLAMA_MODEL_MISSING",
  "OLLAMA_HTTP",
  "OLLAMA_BAD_RESPONSE",
  "OLLAMA_TOO_OLD",
  "OLLAMA_NOT_EMBEDDING_MODEL",
  "OLLAMA_DIMENSION_MISMATCH",
]);

/**
 * Embeds with the first server of a chain that answers, all with one model: a laptop's home server when it is home,
 * its own Ollama when it is not. A server that failed is skipped for `recheckMs`, then preferred again as soon as it
 * answers. Vectors must have the size the chain saw first, so a server with another model under the same name
 * can't slip in. When no server of the model answers, the call fails with one message naming them (and a server of
 * another model that answers): the index waits, and searches fall back to keywords with that message.
 */
export class FallbackEmbedder implements Embedder {
  readonly model: string;
  private readonly firstEndpoint: OllamaEndpoint;
  private readonly failedAt: number[];
  private active: number | undefined;
  private dims: number | undefined;
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(
    private readonly links: readonly ChainLink[],
    private readonly opts: FallbackEmbedderOptions = {},
  ) {
    const first = links[0];
    if (!first) throw new Error("FallbackEmbedder needs at least one server");
    this.model = first.endpoint.model;
    this.firstEndpoint = first.endpoint;
    this.failedAt = links.map(() => Number.NEGATIVE_INFINITY);
    this.recheckMs = opts.recheckMs ?? 30_000;
    this.now = opts.now ?? Date.now;
  }

  /** The server that answered last, or undefined before any did. */
  activeEndpoint(): OllamaEndpoint | undefined {
    return this.active === undefined ? undefined : this.links[this.active]?.endpoint;
  }

  /** Every server of the chain, the index model's first. */
  endpoints(): OllamaEndpoint[] {
    return [...this.links.map((l) => l.endpoint), ...(this.opts.others ?? [])];
  }

  dimensions(): number | undefined {
    return this.dims ?? this.links.map((l) => l.embedder.dimensions()).find((d) => d !== undefined);
  }

  embedQuery(text: string, signal?: AbortSignal): Promise<Result<Float32Array>> {
    return this.first((e) => e.embedQuery(text, signal), (v) => [v], signal);
  }

  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Result<Float32Array[]>> {
    return this.first((e) => e.embedDocuments(texts, signal), (v) => v, signal);
  }

  async check(signal?: AbortSignal): Promise<Result<void>> {
    return this.first(async (e) => (e.check ? e.check(signal) : ok(undefined)), () => [], signal);
  }

  cutInputs(): { count: number; windowTokens: number | undefined } {
    let count = 0;
    let windowTokens: number | undefined;
    for (const l of this.links) {
      const c = l.embedder.cutInputs?.();
      if (!c) continue;
      count += c.count;
      windowTokens ??= c.windowTokens;
    }
    return { count, windowTokens };
  }

  /** Tries the servers in order (skipping those that failed lately, unless all did) until one answers. */
  private async first<T>(
    call: (e: Embedder) => Promise<Result<T>>,
    vectors: (value: T) => readonly Float32Array[],
    signal: AbortSignal | undefined,
  ): Promise<Result<T>> {
    const now = this.now();
    const fresh = this.links.map((_, i) => i).filter((i) => now - (this.failedAt[i] ?? 0) >= this.recheckMs);
    const order = [...fresh, ...this.links.map((_, i) => i).filter((i) => !fresh.includes(i))];
    const errors: { endpoint: OllamaEndpoint; error: AppError }[] = [];
    for (const i of order) {
      const link = this.links[i];
      if (!link) continue;
      const result = await call(link.embedder);
      const checked = result.ok ? this.sameSize(link, vectors(result.value)) : result;
      if (checked.ok) {
        if (this.active !== i && (this.active !== undefined || i !== 0)) this.opts.onSwitch?.(link.endpoint, this.firstEndpoint);
        this.active = i;
        this.failedAt[i] = Number.NEGATIVE_INFINITY;
        return result;
      }
      if (signal?.aborted || !FALL_OVER.has(checked.error.code)) return checked;
      this.failedAt[i] = this.now();
      errors.push({ endpoint: link.endpoint, error: checked.error });
    }
    return err(await this.chainDown(errors, signal));
  }

  private sameSize(link: ChainLink, vs: readonly Float32Array[]): Result<void> {
    for (const v of vs) {
      if (this.dims === undefined) this.dims = v.length;
      else if (v.length !== this.dims) return err(dimensionMismatchError(`${link.endpoint.model} at ${link.endpoint.url}`, v.length, this.dims));
    }
    return ok(undefined);
  }

  /** One error for a chain of which no server answered; a single server keeps its own error as is. */
  private async chainDown(errors: { endpoint: OllamaEndpoint; error: AppError }[], signal: AbortSignal | undefined): Promise<AppError> {
    const [only] = errors;
    const others = this.opts.others ?? [];
    if (!only) return failure("ollamaChainDown", { model: this.model, tried: "", first: this.links[0]?.endpoint.url ?? "" });
    let other: OllamaEndpoint | undefined;
    if (this.opts.answers) {
      for (const o of others) {
        if (await this.opts.answers(o, signal).catch(() => false)) {
          other = o;
          break;
        }
      }
    }
    if (other) {
      return failure("ollamaOnlyOtherModel", { url: other.url, other: other.model, model: this.model, first: only.endpoint.url });
    }
    if (errors.length === 1) return only.error;
    const tried = errors.map((e) => `${e.endpoint.url}: ${e.error.message}`).join(" ");
    return failure("ollamaChainDown", { model: this.model, tried, first: only.endpoint.url });
  }
}

/** Whether an error is a chain's own (no server of the model answers): its message names the servers and what to do. */
export function isChainError(e: { message: string }): boolean {
  return e.message.startsWith("No Ollama server with model") || e.message.startsWith("Only Ollama at");
}
