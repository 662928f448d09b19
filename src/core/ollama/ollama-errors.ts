import { failure as messageFailure } from "../errors/messages";
import type { AppError } from "../result";

/**
 * What went wrong with one Ollama request, before it is turned into a user-facing AppError. Kept separate so the
 * retry policy can look at the kind of failure and the message can be written once, with the full context.
 */
export type OllamaFailure =
  | { kind: "aborted" }
  | { kind: "timeout" }
  | { kind: "network"; cause: unknown }
  | { kind: "http"; status: number; message: string }
  | { kind: "bad-response"; cause: unknown };

/** Thrown by the client's fetch wrapper when the request never got an HTTP answer (refused, reset, DNS...). */
export class OllamaNetworkError extends Error {
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
    this.name = "OllamaNetworkError";
  }
}

/** Thrown when Ollama answered 2xx but the body is not what the API promises. */
export class OllamaBadResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OllamaBadResponseError";
  }
}

/** Sorts a thrown value into a failure kind. The scope flags win: an aborted request may fail in any odd way. */
export function classifyFailure(error: unknown, scope: { callerAborted: boolean; timedOut: boolean }): OllamaFailure {
  if (scope.callerAborted) return { kind: "aborted" };
  if (scope.timedOut) return { kind: "timeout" };
  if (error instanceof OllamaNetworkError) return { kind: "network", cause: error.original };
  const status = httpStatusOf(error);
  if (status !== undefined) return { kind: "http", status, message: error instanceof Error ? error.message : "" };
  return { kind: "bad-response", cause: error };
}

/** Only a server that is briefly broken or unreachable is worth asking again; a 4xx will not change. */
export function isRetryable(failure: OllamaFailure): boolean {
  return failure.kind === "network" || (failure.kind === "http" && failure.status >= 500);
}

/** Where the failure happened, for the message. */
export interface FailureContext {
  /** The Ollama base URL the request went to. */
  baseUrl: string;
  /** API path such as "/api/embed". */
  endpoint: string;
  /** Model the request was about, if any; named in the message. */
  model?: string;
  /** The time limit that applied, in ms. */
  timeoutMs: number;
  /** How many times the request was sent. */
  attempts: number;
}

/** Turns a failure into an AppError whose message tells the user what to do next. */
export function toAppError(failure: OllamaFailure, ctx: FailureContext): AppError {
  const model = ctx.model ?? "the model";
  const where = { url: ctx.baseUrl, endpoint: ctx.endpoint };
  switch (failure.kind) {
    case "aborted":
      return messageFailure("ollamaAborted");
    case "timeout":
      return messageFailure("ollamaTimeout", { ...where, limit: seconds(ctx.timeoutMs) });
    case "network":
      return messageFailure("ollamaUnreachable", { url: ctx.baseUrl }, failure.cause);
    case "bad-response":
      return messageFailure("ollamaBadResponse", where, failure.cause);
    case "http":
      return httpError(failure.status, failure.message, ctx, model);
  }
}

function httpError(status: number, message: string, ctx: FailureContext, model: string): AppError {
  const detail = `HTTP ${status}: ${message}`;
  if (status === 404 && /model/i.test(message) && /not found/i.test(message)) {
    return messageFailure("ollamaModelMissing", { model }, detail);
  }
  if (/does not support embed/i.test(message)) return { ...notEmbeddingModelError(model), cause: detail };
  if (/does not support (generate|completion)/i.test(message)) return messageFailure("ollamaCantGenerate", { model }, detail);
  if (/context length/i.test(message)) return messageFailure("ollamaContextTooLong", { model }, detail);
  if (status === 404 && ctx.endpoint === "/api/embed") return messageFailure("ollamaTooOld", detail);
  if (status >= 500) {
    const tries = ctx.attempts > 1 ? ` (tried ${ctx.attempts} times)` : "";
    return messageFailure("ollamaServerFailed", { endpoint: ctx.endpoint, tries, reason: message || `HTTP ${status}` }, detail);
  }
  return messageFailure("ollamaRefused", { url: ctx.baseUrl, endpoint: ctx.endpoint, status, reason: message }, detail);
}

function httpStatusOf(error: unknown): number | undefined {
  // ollama-js throws a ResponseError carrying `status_code`; the class itself is not exported from ollama/browser.
  if (typeof error !== "object" || error === null || !("status_code" in error)) return undefined;
  const status = error.status_code;
  return typeof status === "number" ? status : undefined;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** The model exists but is not an embedding model (found from its capabilities before any embed call). */
export function notEmbeddingModelError(model: string): AppError {
  return messageFailure("ollamaNotEmbeddingModel", { model });
}

/** Vectors of a size other than the index was built with: mixing them would make every similarity meaningless. */
export function dimensionMismatchError(model: string, got: number, expected: number): AppError {
  return messageFailure("dimensionMismatch", { model, got, expected });
}
