import type { AppErrorCode } from "./error-table";

/**
 * Every error the engine reports has a stable code, so the UI can react to it and tests can assert it. The codes,
 * and the messages that go with them, are listed once, in errors/error-table.ts.
 */
export type ErrorCode = AppErrorCode;

/** A failure the user can act on: `message` says what happened and what to do about it. */
export interface AppError {
  code: ErrorCode;
  message: string;
  /** The low-level cause, for logs only; never shown as the main message. */
  cause?: string;
}

export const appError = (code: ErrorCode, message: string, cause?: unknown): AppError => ({
  code,
  message,
  ...(cause === undefined ? {} : { cause: describeCause(cause) }),
});

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (typeof cause === "string") return cause;
  try {
    return JSON.stringify(cause) ?? "unknown";
  } catch {
    return "unknown";
  }
}
