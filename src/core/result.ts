import type { AppError } from "./errors/app-error";

/**
 * Expected failures (Ollama down, a corrupt file, a bad setting) travel as values, so callers must look at them
 * and the UI never sees a stray exception.
 */
export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

export { appError, type AppError, type ErrorCode } from "./errors/app-error";
