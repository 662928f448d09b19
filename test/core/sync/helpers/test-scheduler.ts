import type { Scheduler } from "../../../../src/core/sync/control/scheduler";

interface Timer {
  at: number;
  fn: () => void;
}

/**
 * A scheduler for tests: a slice ends every `sliceSteps` checks (no clock involved), yielding goes through
 * setImmediate, and timers only fire when the test says so (`fireTimers`). `onYield` runs at every yield, e.g. to
 * abort the service at a chosen point.
 */
export class TestScheduler implements Scheduler {
  yields = 0;
  onYield: ((n: number) => void) | undefined;
  private checks = 0;
  private readonly timers = new Set<Timer>();
  private now = 0;

  constructor(private readonly sliceSteps = 3) {}

  shouldYield(): boolean {
    return ++this.checks % this.sliceSteps === 0;
  }

  yieldNow(): Promise<void> {
    this.yields++;
    this.onYield?.(this.yields);
    return new Promise((resolve) => setImmediate(resolve));
  }

  setTimer(ms: number, fn: () => void): () => void {
    const t = { at: this.now + ms, fn };
    this.timers.add(t);
    return () => this.timers.delete(t);
  }

  /** Timers pending. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time on by `ms` and fires the timers due, in order. */
  fireTimers(ms = Infinity): void {
    this.now += ms === Infinity ? 1e12 : ms;
    const due = [...this.timers].filter((t) => t.at <= this.now).sort((a, b) => a.at - b.at);
    for (const t of due) {
      this.timers.delete(t);
      t.fn();
    }
  }
}
