import { Ollama } from "ollama/browser";
import { err, ok, type AppError, type Result } from "../result";
import { openScope, raceAbort, sleep as defaultSleep } from "./abort";
import type { OllamaBreaker } from "./ollama-breaker";
import { isRecord, parseModelInfo, parseModelList, type OllamaModelInfo, type OllamaModelSummary } from "./model-info";
import {
  classifyFailure,
  isRetryable,
  OllamaBadResponseError,
  OllamaNetworkError,
  toAppError,
  type OllamaFailure,
} from "./ollama-errors";
import { DEFAULT_OLLAMA_URL, normalizeOllamaUrl } from "./ollama-url";
import { failure } from "../errors/messages";

export type { OllamaModelInfo, OllamaModelSummary } from "./model-info";

export interface OllamaClientOptions {
  /** Ollama's base URL. Default "http://127.0.0.1:11434"; a missing scheme and trailing slashes are fixed up. */
  baseUrl: string;
  /** The fetch to send requests with (Obsidian passes one over requestUrl). Default: the global fetch. */
  fetch?: typeof fetch;
  /** Time limit per request attempt, in ms. Default 30000. */
  timeoutMs?: number;
  /**
   * Time limit of the calls a live server answers at once whatever it is busy with (/api/version, /api/tags,
   * /api/show), in ms; never more than `timeoutMs`. One of them left unanswered this long means the server is stuck:
   * it opens the breaker, so a search waiting on an embedding of the same server gives up then (keyword results,
   * with the notice) instead of at the end of `timeoutMs`. Default 5000.
   */
  quickTimeoutMs?: number;
  /** Extra attempts after a 5xx answer or a refused/reset connection; never after a 4xx or an abort. Default 2. */
  retries?: number;
  /** Backoff before retry n (from 1) is `retryBaseMs * 2^(n-1)` ms. Default 300. */
  retryBaseMs?: number;
  /** Waits between retries; injectable so tests need no real time. Default: a setTimeout that honours the signal. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * The server's circuit breaker, shared by every client of it (see OllamaBreaker): a timeout opens it, and while
   * it is open requests fail at once instead of waiting out their timeout. Default none: each request waits its own.
   */
  breaker?: OllamaBreaker;
}

/** Default of `quickTimeoutMs`: a loaded laptop or a slow link answers /api/show well within it. */
const QUICK_TIMEOUT_MS = 5_000;
/** A tiny input the probe embeds, to learn that the model answers too, not only the HTTP server. */
const PROBE_INPUT = "ping";

/** Probe answers that say the server is still not answering. */
const STUCK_CODES = new Set<string>(["OLLAMA_TIMEOUT", "OLLAMA_UNREACHABLE"]);

type Attempt<T> = { ok: true; value: T } | { ok: false; failure: OllamaFailure; cutByBreaker?: boolean };

/** Where a call goes, for error messages. */
interface CallTarget {
  endpoint: string;
  model?: string;
  timeoutMs?: number;
  /** A breaker's probe: sent while the breaker is open, never retried, and its timeout opens nothing. */
  probe?: boolean;
}

/**
 * Thin, never-throwing wrapper over ollama-js: every call returns a Result, honours an AbortSignal and a timeout,
 * and retries transient failures. Requests go through the injected fetch so the same code runs in Node, on the
 * desktop app and on mobile.
 */
export class OllamaClient {
  readonly baseUrl: string;
  private readonly urlValid: boolean;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly quickTimeoutMs: number;
  private readonly retries: number;
  private readonly retryBaseMs: number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly breaker: OllamaBreaker | undefined;

  constructor(opts: Partial<OllamaClientOptions> = {}) {
    const url = normalizeOllamaUrl(opts.baseUrl);
    this.urlValid = url !== undefined;
    this.baseUrl = url ?? (opts.baseUrl ?? DEFAULT_OLLAMA_URL).trim();
    // Looked up at call time, not bound once, so a test or polyfill that replaces the global still takes effect.
    this.fetchImpl = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.quickTimeoutMs = Math.min(opts.quickTimeoutMs ?? QUICK_TIMEOUT_MS, this.timeoutMs);
    this.retries = Math.max(0, opts.retries ?? 2);
    this.retryBaseMs = opts.retryBaseMs ?? 300;
    this.sleep = opts.sleep ?? defaultSleep;
    this.breaker = opts.breaker;
  }

  /** GET /api/version: the health check. */
  version(signal?: AbortSignal): Promise<Result<{ version: string }>> {
    return this.call(this.quick("/api/version"), (lib) => lib.version(), parseVersion, signal);
  }

  /** GET /api/tags: the installed models. */
  listModels(signal?: AbortSignal): Promise<Result<OllamaModelSummary[]>> {
    return this.call(this.quick("/api/tags"), (lib) => lib.list(), parseModelList, signal);
  }

  /** POST /api/show: context length, embedding length and capabilities of one model. */
  showModel(model: string, signal?: AbortSignal): Promise<Result<OllamaModelInfo>> {
    return this.call(
      this.quick("/api/show", model),
      (lib) => lib.show({ model }),
      (body) => parseModelInfo(model, body),
      signal,
    );
  }

  /** One POST /api/embed call, inputs sent as given (no prefix, no truncation, no batching). */
  embedRaw(model: string, inputs: string[], signal?: AbortSignal): Promise<Result<number[][]>> {
    if (inputs.length === 0) return Promise.resolve(ok([]));
    return this.call(
      { endpoint: "/api/embed", model },
      (lib) => lib.embed({ model, input: inputs }),
      (body) => parseEmbeddings(body, inputs.length),
      signal,
    );
  }

  /** POST /api/generate without streaming; resolves with the generated text. */
  generate(
    model: string,
    prompt: string,
    opts: { signal?: AbortSignal; timeoutMs?: number; options?: Record<string, unknown> } = {},
  ): Promise<Result<string>> {
    const target: CallTarget = { endpoint: "/api/generate", model };
    if (opts.timeoutMs !== undefined) target.timeoutMs = opts.timeoutMs;
    return this.call(
      target,
      (lib) => lib.generate({ model, prompt, stream: false, ...(opts.options ? { options: opts.options } : {}) }),
      parseGenerated,
      opts.signal,
    );
  }

  /**
   * POST /api/generate without streaming, with the request fields given as is (e.g. `logprobs`), resolving with the
   * whole answer body for the caller to read. For callers that need more than the text, such as the reranker.
   */
  generateBody(
    model: string,
    request: { prompt: string } & Record<string, unknown>,
    opts: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<Result<Record<string, unknown>>> {
    const target: CallTarget = { endpoint: "/api/generate", model };
    if (opts.timeoutMs !== undefined) target.timeoutMs = opts.timeoutMs;
    return this.call(
      target,
      (lib) => lib.generate({ ...request, model, prompt: request.prompt, stream: false }),
      parseBody,
      opts.signal,
    );
  }

  private async call<T>(
    target: CallTarget,
    op: (lib: Ollama) => Promise<unknown>,
    parse: (body: unknown) => T,
    signal: AbortSignal | undefined,
  ): Promise<Result<T>> {
    if (!this.urlValid) {
      return err(
        failure("ollamaBadUrl", { url: this.baseUrl, example: DEFAULT_OLLAMA_URL }),
      );
    }
    const timeoutMs = target.timeoutMs ?? this.timeoutMs;
    const context = (attempts: number) => ({ baseUrl: this.baseUrl, ...target, timeoutMs, attempts });
    const breaker = target.probe ? undefined : this.breaker;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) return err(toAppError({ kind: "aborted" }, context(attempt)));
      const open = breaker?.openError;
      if (open) return err(open);
      const outcome = await this.attempt(op, parse, signal, timeoutMs, breaker?.signal);
      if (outcome.ok) return ok(outcome.value);
      if (outcome.cutByBreaker && breaker?.openError) return err(breaker.openError);
      if (outcome.failure.kind === "timeout" && breaker && target.endpoint !== "/api/generate") {
        // Generation may take long on a busy server; only a timeout of a quick call says the server is stuck.
        breaker.trip(this.notAnswering(target, timeoutMs), (s) => this.answers(target.model, s));
      }
      if (!isRetryable(outcome.failure) || attempt > this.retries || target.probe) {
        return err(toAppError(outcome.failure, context(attempt)));
      }
      try {
        await this.sleep(this.retryBaseMs * 2 ** (attempt - 1), signal);
      } catch {
        return err(toAppError({ kind: "aborted" }, context(attempt)));
      }
    }
  }

  private async attempt<T>(
    op: (lib: Ollama) => Promise<unknown>,
    parse: (body: unknown) => T,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    breakerSignal: AbortSignal | undefined,
  ): Promise<Attempt<T>> {
    const scope = openScope(signal, timeoutMs, breakerSignal);
    try {
      // A fresh ollama-js instance per attempt is cheap and lets its fetch carry this attempt's signal:
      // the library itself only passes signals on streamed requests.
      const lib = new Ollama({ host: this.baseUrl, fetch: this.scopedFetch(scope.signal) });
      const body = await raceAbort(op(lib), scope.signal);
      return { ok: true, value: parse(body) };
    } catch (error) {
      const failure = classifyFailure(error, { callerAborted: scope.callerAborted(), timedOut: scope.timedOut() });
      const cutByBreaker = breakerSignal?.aborted === true && !scope.callerAborted() && !scope.timedOut();
      return { ok: false, failure, cutByBreaker };
    } finally {
      scope.dispose();
    }
  }

  /** A call that any live server answers at once: its time limit is `quickTimeoutMs`. */
  private quick(endpoint: string, model?: string): CallTarget {
    return { endpoint, timeoutMs: this.quickTimeoutMs, ...(model !== undefined ? { model } : {}) };
  }

  /** What requests answer while the breaker is open. */
  private notAnswering(target: CallTarget, timeoutMs: number): AppError {
    const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
    return failure("ollamaNotAnswering", { url: this.baseUrl, endpoint: target.endpoint, limit });
  }

  /**
   * The breaker's probe: true once /api/version answers quickly and, when the stuck request was about a model, that
   * model embeds one word within the usual time limit. Any HTTP answer counts: the server is responsive again, and
   * the requests that follow report what is wrong with the model.
   */
  private async answers(model: string | undefined, signal: AbortSignal): Promise<boolean> {
    const version = await this.call(
      { ...this.quick("/api/version"), probe: true },
      (lib) => lib.version(),
      parseVersion,
      signal,
    );
    if (!version.ok || model === undefined) return version.ok;
    const embedded = await this.call(
      { endpoint: "/api/embed", model, probe: true },
      (lib) => lib.embed({ model, input: [PROBE_INPUT] }),
      (body) => parseEmbeddings(body, 1),
      signal,
    );
    return embedded.ok || !STUCK_CODES.has(embedded.error.code);
  }

  /** The injected fetch with this attempt's signal, and with transport failures tagged so they can be retried. */
  private scopedFetch(signal: AbortSignal): typeof fetch {
    const inner = this.fetchImpl;
    return async (input, init) => {
      try {
        return await raceAbort(inner(input, { ...init, signal }), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new OllamaNetworkError(error);
      }
    };
  }
}

function parseVersion(body: unknown): { version: string } {
  if (!isRecord(body) || typeof body.version !== "string") {
    throw new OllamaBadResponseError("/api/version did not return a version");
  }
  return { version: body.version };
}

function parseEmbeddings(body: unknown, expected: number): number[][] {
  const rows = isRecord(body) ? body.embeddings : undefined;
  if (!Array.isArray(rows) || rows.length !== expected) {
    throw new OllamaBadResponseError(`/api/embed returned ${Array.isArray(rows) ? rows.length : "no"} vectors for ${expected} inputs`);
  }
  return rows.map((row) => {
    if (!Array.isArray(row) || row.length === 0 || !row.every((x) => typeof x === "number" && Number.isFinite(x))) {
      throw new OllamaBadResponseError("/api/embed returned a vector that is not a list of numbers");
    }
    return row as number[];
  });
}

function parseGenerated(body: unknown): string {
  if (!isRecord(body) || typeof body.response !== "string") {
    throw new OllamaBadResponseError("/api/generate returned no text");
  }
  return body.response;
}

function parseBody(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new OllamaBadResponseError("/api/generate did not return an object");
  return body;
}
