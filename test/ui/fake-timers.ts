import type { Timers } from "../../src/ui/search/full-search";

/** Timers that fire only when the test says so. */
export class ManualTimers implements Timers {
  private next = 1;
  private readonly pending = new Map<number, { fn: () => void; ms: number }>();

  setTimeout(fn: () => void, ms: number): number {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    return id;
  }

  clearTimeout(id: number): void {
    this.pending.delete(id);
  }

  /** Delays of the timers still waiting. */
  get waiting(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }

  /** Fires every waiting timer. */
  fireAll(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const t of due) t.fn();
  }
}
