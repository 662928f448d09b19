/**
 * Cancellation helpers that work the same in Node and in the browser. `AbortSignal.any` and `AbortSignal.timeout`
 * are avoided on purpose: older mobile WebViews lack them, and we need to know *why* a request was cut short
 * (the caller gave up vs. our own timeout) to report the right error.
 */

/** One request's cancellation: the caller's signal plus a timeout, combined into a single signal. */
export interface RequestScope {
  readonly signal: AbortSignal;
  /** True once the timeout (not the caller) aborted the scope. */
  timedOut(): boolean;
  /** True once the caller's signal aborted. */
  callerAborted(): boolean;
  /** Clears the timer and listeners; call when the request is over. */
  dispose(): void;
}

/**
 * Combines `parent` (may be undefined) with a timeout of `timeoutMs` (<= 0 or Infinity means no timeout). `also`
 * aborts the scope too, as neither the caller nor the timeout (the client passes its circuit breaker's signal).
 */
export function openScope(parent: AbortSignal | undefined, timeoutMs: number, also?: AbortSignal): RequestScope {
  const controller = new AbortController();
  let timedOut = false;
  const onParentAbort = (): void => controller.abort(parent?.reason);
  const onAlsoAbort = (): void => controller.abort(also?.reason);
  if (parent?.aborted) controller.abort(parent.reason);
  else parent?.addEventListener("abort", onParentAbort, { once: true });
  if (also?.aborted) controller.abort(also.reason);
  else also?.addEventListener("abort", onAlsoAbort, { once: true });
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException("The request timed out.", "TimeoutError"));
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    callerAborted: () => parent?.aborted === true,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      parent?.removeEventListener("abort", onParentAbort);
      also?.removeEventListener("abort", onAlsoAbort);
    },
  };
}

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as `signal` aborts, whichever comes first.
 * Needed because some fetch implementations (Obsidian's requestUrl) cannot be cancelled; the losing promise's
 * eventual rejection is swallowed so it never surfaces as an unhandled rejection.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Waits `ms`, rejecting early with an AbortError when `signal` aborts. The default backoff sleep. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A DOMException named AbortError, as fetch rejects with when its signal aborts. */
export function abortError(message = "The operation was aborted."): DOMException {
  return new DOMException(message, "AbortError");
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : abortError();
}
