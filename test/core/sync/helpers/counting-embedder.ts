import type { Embedder } from "../../../../src/core/ollama/embedder";
import { appError, err, ok, type AppError, type Result } from "../../../../src/core/result";
import { contentHash } from "../../../../src/core/shared/hash";

/** A deterministic unit vector for `text`: the same text always gets the same vector, per model. */
export function vectorFor(model: string, text: string, dims: number): Float32Array {
  let seed = parseInt(contentHash(`${model}\u0000${text}`).slice(0, 8), 16) >>> 0;
  const v = new Float32Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const x = seed / 2 ** 32 - 0.5;
    v[i] = x;
    norm += x * x;
  }
  const s = 1 / Math.sqrt(norm);
  for (let i = 0; i < dims; i++) v[i] = (v[i] ?? 0) * s;
  return v;
}

/**
 * An embedder that counts what it is asked. `failWith` makes every call fail; `gate` holds calls until released,
 * so a test can look at the service while requests are in flight.
 */
export class CountingEmbedder implements Embedder {
  calls = 0;
  /** Every text embedded, in order. */
  readonly inputs: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  failWith: AppError | undefined;
  /** Fails the calls (numbered from 1) this returns true for, with `failWith` or an unreachable-Ollama error. */
  failCall: ((call: number) => boolean) | undefined;
  /** Called with the texts of each call before it answers (e.g. to check an invariant at that moment). */
  onCall: ((texts: readonly string[]) => void) | undefined;
  private gated: (() => void)[] | undefined;

  constructor(
    readonly model = "counting-embed",
    private readonly dims = 8,
  ) {}

  dimensions(): number | undefined {
    return this.dims;
  }

  /** From now on calls wait until `release`. */
  hold(): void {
    this.gated ??= [];
  }

  release(): void {
    const waiting = this.gated ?? [];
    this.gated = undefined;
    for (const go of waiting) go();
  }

  embedQuery(text: string): Promise<Result<Float32Array>> {
    return Promise.resolve(ok(vectorFor(this.model, `query: ${text}`, this.dims)));
  }

  async embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Result<Float32Array[]>> {
    const call = ++this.calls;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      this.onCall?.(texts);
      if (this.gated) await new Promise<void>((go) => this.gated?.push(go));
      if (signal?.aborted) return err(appError("ABORTED", "Cancelled."));
      if (this.failWith) return err(this.failWith);
      if (this.failCall?.(call)) return err(appError("OLLAMA_UNREACHABLE", `Call ${call} failed (flaky).`));
      this.inputs.push(...texts);
      return ok(texts.map((t) => vectorFor(this.model, t, this.dims)));
    } finally {
      this.inFlight--;
    }
  }
}
