import { appError, type AppError } from "../result";

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
  switch (failure.kind) {
    case "aborted":
      return appError("ABORTED", "The request to Ollama was cancelled.");
    case "timeout":
      return appError(
        "OLLAMA_TIMEOUT",
        `Ollama at ${ctx.baseUrl} did not answer ${ctx.endpoint} within ${seconds(ctx.timeoutMs)}. ` +
          "It may still be loading the model: try again, or raise the timeout in settings.",
      );
    case "network":
      return appError(
        "OLLAMA_UNREACHABLE",
        `Can't reach Ollama at ${ctx.baseUrl}. Is it running? Start it with \`ollama serve\`, ` +
          "and check the Ollama URL in settings.",
        failure.cause,
      );
    case "bad-response":
      return appError(
        "OLLAMA_BAD_RESPONSE",
        `Ollama at ${ctx.baseUrl} sent an answer to ${ctx.endpoint} that could not be read. ` +
          "Check that the URL points at Ollama, and update Ollama if it is old.",
        failure.cause,
      );
    case "http":
      return httpError(failure.status, failure.message, ctx, model);
  }
}

function httpError(status: number, message: string, ctx: FailureContext, model: string): AppError {
  const detail = `HTTP ${status}: ${message}`;
  if (status === 404 && /model/i.test(message) && /not found/i.test(message)) {
    return appError("OLLAMA_MODEL_MISSING", `Model ${model} is not installed. Run \`ollama pull ${model}\`.`, detail);
  }
  if (/does not support embed/i.test(message)) return { ...notEmbeddingModelError(model), cause: detail };
  if (/does not support (generate|completion)/i.test(message)) {
    return appError(
      "OLLAMA_HTTP",
      `Model ${model} can't write text. Pick a generation model such as llama3.2 for hypothetical answers, or turn them off.`,
      detail,
    );
  }
  if (/context length/i.test(message)) {
    return appError(
      "OLLAMA_HTTP",
      `The text sent to ${model} is longer than its context window. Lower the chunk size in settings and rebuild the index.`,
      detail,
    );
  }
  if (status === 404 && ctx.endpoint === "/api/embed") {
    return appError(
      "OLLAMA_TOO_OLD",
      "This Ollama is too old: /api/embed is missing. Update Ollama to 0.3 or later.",
      detail,
    );
  }
  if (status >= 500) {
    const tries = ctx.attempts > 1 ? ` (tried ${ctx.attempts} times)` : "";
    return appError(
      "OLLAMA_HTTP",
      `Ollama failed on ${ctx.endpoint}${tries}: ${message || `HTTP ${status}`}. Check the Ollama log, or restart Ollama.`,
      detail,
    );
  }
  return appError(
    "OLLAMA_HTTP",
    `Ollama at ${ctx.baseUrl} refused ${ctx.endpoint} (HTTP ${status}: ${message}). ` +
      "Check the Ollama URL and the model names in settings.",
    detail,
  );
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
  return appError(
    "OLLAMA_NOT_EMBEDDING_MODEL",
    `Model ${model} can't make embeddings. Pick an embedding model such as nomic-embed-text.`,
  );
}

/** Vectors of a size other than the index was built with: mixing them would make every similarity meaningless. */
export function dimensionMismatchError(model: string, got: number, expected: number): AppError {
  return appError(
    "OLLAMA_DIMENSION_MISMATCH",
    `Model ${model} returned vectors of size ${got}, but ${expected} was expected. ` +
      "If you changed the embedding model, rebuild the index.",
  );
}
