/**
 * How long-running work shares the thread with the UI. Work runs in slices: it checks `shouldYield()` between small
 * steps and awaits `yieldNow()` when it says so. Timers go through here too, so tests can drive them by hand.
 */
export interface Scheduler {
  /** True once the current slice has used its time budget: the caller should await `yieldNow()` before going on. */
  shouldYield(): boolean;
  /** Lets the event loop run (input, paint, I/O) and starts a new slice. */
  yieldNow(): Promise<void>;
  /** Calls `fn` once after `ms` milliseconds; the returned function cancels the call. */
  setTimer(ms: number, fn: () => void): () => void;
}

/** Options of `createScheduler`. */
export interface SchedulerOptions {
  /** Longest slice of work between two yields, in ms. Default 10: well under a 16 ms frame. */
  budgetMs?: number;
  /** Monotonic clock in ms. Default `performance.now()`. */
  now?: () => number;
}

/**
 * The real scheduler: slices of `budgetMs`, yielding through a macrotask so the UI can paint and handle input:
 * `setImmediate` in Node, a MessageChannel in the browser (not clamped like nested `setTimeout(0)`), else
 * `setTimeout(0)`.
 */
export function createScheduler(opts: SchedulerOptions = {}): Scheduler {
  const budget = opts.budgetMs ?? 10;
  const now = opts.now ?? (() => performance.now());
  const defer = macrotask();
  let sliceStart = now();
  return {
    shouldYield: () => now() - sliceStart >= budget,
    yieldNow: () =>
      new Promise<void>((resolve) => {
        defer(() => {
          sliceStart = now();
          resolve();
        });
      }),
    setTimer: (ms, fn) => {
      const handle = setTimeout(fn, ms);
      return () => clearTimeout(handle);
    },
  };
}

function macrotask(): (fn: () => void) => void {
  const g = globalThis as { setImmediate?: (fn: () => void) => unknown };
  const immediate = g.setImmediate;
  if (typeof immediate === "function") return (fn) => void immediate(fn);
  if (typeof MessageChannel === "function") {
    const queue: (() => void)[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.();
    return (fn) => {
      queue.push(fn);
      channel.port2.postMessage(null);
    };
  }
  return (fn) => void setTimeout(fn, 0);
}

/** Callers waiting for something to happen; `resolve` lets all current ones go. */
export class Waiters {
  private pending: (() => void)[] = [];

  wait(): Promise<void> {
    return new Promise((resolve) => this.pending.push(resolve));
  }

  resolve(): void {
    const all = this.pending;
    this.pending = [];
    for (const r of all) r();
  }
}
