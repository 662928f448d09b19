import { Waiters } from "./scheduler";

/** What a step did: there is more to do now, it waits for something outside (vectors in flight), or all is done. */
export type StepResult = "more" | "sleep" | "done";

/** What the loop runs and asks. */
export interface StepLoopHooks {
  /** Runs one step; never two at once, and never at the same time as an `exclusive` call. */
  step(): Promise<StepResult>;
  /** False when the loop must not (keep on) running: not started, paused, stopped. */
  canRun(): boolean;
  /** After every step. */
  afterStep(): void;
  /** The loop ended; returns true when work arrived meanwhile and it should run again. */
  ended(): boolean;
  /** A step threw: a bug, reported rather than left as an unhandled rejection. */
  crashed(cause: unknown): void;
}

/**
 * Runs steps one after another until there is nothing left, sleeping while it waits for something outside and
 * waking on `kick`. A kick that lands while a step runs is not lost: the loop then goes on instead of sleeping.
 */
export class StepLoop {
  private loop: Promise<void> | undefined;
  private signalled = false;
  private wakeUp: (() => void) | undefined;
  private lock: Promise<unknown> = Promise.resolve();
  private readonly idle = new Waiters();

  constructor(private readonly hooks: StepLoopHooks) {}

  get running(): boolean {
    return this.loop !== undefined;
  }

  /** True when a `kick` would start a new run. */
  canStart(): boolean {
    return this.loop === undefined && this.hooks.canRun();
  }

  /** Starts the loop, or wakes it up. */
  kick(): void {
    this.signalled = true;
    const wake = this.wakeUp;
    this.wakeUp = undefined;
    wake?.();
    if (this.loop || !this.hooks.canRun()) return;
    this.loop = this.run()
      .catch((cause: unknown) => this.hooks.crashed(cause))
      .finally(() => {
        this.loop = undefined;
        if (this.hooks.ended() && this.hooks.canRun()) this.kick();
        else this.idle.resolve();
      });
  }

  /** Resolves when the loop is not running (at once if it isn't). */
  whenIdle(): Promise<void> {
    return this.loop ? this.idle.wait() : Promise.resolve();
  }

  /** Waits for the current run to end (after `canRun` turned false, it ends at the next step). */
  async finished(): Promise<void> {
    await this.loop;
  }

  /** Runs `fn` between two steps, so that it never sees a step half done. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  private async run(): Promise<void> {
    while (this.hooks.canRun()) {
      this.signalled = false;
      const next = await this.exclusive(() => this.hooks.step());
      this.hooks.afterStep();
      if (next === "done") return;
      if (next === "sleep" && !this.signalled) await new Promise<void>((resolve) => (this.wakeUp = resolve));
    }
  }
}
