import type { WorkItem } from "../notes/reconcile";
import type { Scheduler } from "./scheduler";

/** Events keep arriving (someone is typing): changes are still indexed at least this many debounce periods apart. */
export const MAX_WAIT_DEBOUNCES = 5;

/**
 * Share of the debounce by which the armed timer may run early rather than be moved. A sync tool that drops 14,000
 * files fires 14,000 events; moving the timer on each one cost 36-50 ms of one task at 50,000 notes, while a timer
 * that is off by under a tenth of the debounce changes nothing a user can see.
 */
export const TIMER_SLACK = 0.1;

/** What the queue needs to time its debounce. */
export interface WorkQueueDeps {
  clock: () => number;
  scheduler: Scheduler;
  /** Called when waiting notes became due (the debounce ran out): the loop should run. */
  due: () => void;
}

/**
 * Notes waiting for the next round, one entry per path. Host events first wait out a shared debounce (`defer`);
 * the loop takes only the notes that are due (`take`), so an edit passes one queue on its way to a round.
 */
export class WorkQueue {
  private readonly ready = new Map<string, WorkItem>();
  private readonly waiting = new Set<string>();
  private firstWaitingAt: number | undefined;
  private cancelTimer: (() => void) | undefined;
  /** When the armed timer fires, on `deps.clock`. */
  private timerAt = Infinity;

  constructor(private readonly deps: WorkQueueDeps) {}

  /** Notes due for the next round (the ones still in their debounce are not counted). */
  get size(): number {
    return this.ready.size;
  }

  /** Whether the note is due for the next round. */
  has(path: string): boolean {
    return this.ready.has(path);
  }

  /** Queues a note as due now, merged with what is queued for it: `force` sticks, a stat is kept only if both had one. */
  add(path: string, item: WorkItem): void {
    const old = this.ready.get(path);
    const stat = old && !old.stat ? undefined : item.stat;
    this.ready.set(path, { ...(stat ? { stat } : {}), force: item.force || (old?.force ?? false) });
  }

  /**
   * Queues changed notes behind the debounce: they become due `debounceMs` after the last deferred change, and at
   * the latest `MAX_WAIT_DEBOUNCES` debounce periods after the first (either may come up to `TIMER_SLACK` of the
   * debounce early). Paths that are not markdown are no notes and are left out. Returns false when nothing waits.
   */
  defer(paths: readonly string[], debounceMs: number): boolean {
    for (const path of paths) if (isMarkdown(path)) this.waiting.add(path);
    if (this.waiting.size === 0) return false;
    const now = this.deps.clock();
    this.firstWaitingAt ??= now;
    const dueAt = Math.max(now, Math.min(now + debounceMs, this.firstWaitingAt + MAX_WAIT_DEBOUNCES * debounceMs));
    const moveBy = dueAt - this.timerAt;
    if (moveBy > TIMER_SLACK * debounceMs || moveBy < 0) this.arm(dueAt, now);
    return true;
  }

  /** Ends the debounce now (a flush): every waiting note becomes due. */
  promote(): void {
    this.stopTimer();
    for (const path of this.waiting) this.add(path, { force: false });
    this.waiting.clear();
  }

  /** True when some due note must be read again whatever its stat (see `WorkItem.force`). */
  hasForced(): boolean {
    for (const item of this.ready.values()) if (item.force) return true;
    return false;
  }

  /** Every due note, leaving none due. */
  take(): [string, WorkItem][] {
    const all = [...this.ready];
    this.ready.clear();
    return all;
  }

  /** Drops the due notes (a reset scans everything again); notes in their debounce still come due. */
  clear(): void {
    this.ready.clear();
  }

  /** Forgets the notes in their debounce (the service stops: the next start finds them changed on disk). */
  dispose(): void {
    this.stopTimer();
    this.waiting.clear();
  }

  private arm(at: number, now: number): void {
    this.cancelTimer?.();
    this.timerAt = at;
    this.cancelTimer = this.deps.scheduler.setTimer(at - now, () => {
      this.promote();
      this.deps.due();
    });
  }

  private stopTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.timerAt = Infinity;
    this.firstWaitingAt = undefined;
  }
}

function isMarkdown(path: string): boolean {
  return path.toLowerCase().endsWith(".md");
}
