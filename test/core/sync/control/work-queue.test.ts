import { describe, expect, it } from "vitest";
import { MAX_WAIT_DEBOUNCES, TIMER_SLACK, WorkQueue } from "../../../../src/core/sync/control/work-queue";
import { TestScheduler } from "../helpers/test-scheduler";

const DEBOUNCE = 2000;

/** A queue on a hand-driven clock; `advance` moves the clock and fires the timers that came due. */
function setup() {
  const scheduler = new TestScheduler();
  let now = 0;
  let dueCalls = 0;
  const armed: number[] = [];
  const setTimer = scheduler.setTimer.bind(scheduler);
  scheduler.setTimer = (ms, fn) => {
    armed.push(now + ms);
    return setTimer(ms, fn);
  };
  const queue = new WorkQueue({ clock: () => now, scheduler, due: () => dueCalls++ });
  return {
    queue,
    scheduler,
    armed,
    dues: () => dueCalls,
    advance(ms: number) {
      now += ms;
      scheduler.fireTimers(ms);
    },
  };
}

describe("WorkQueue debounce", () => {
  it("arms one timer for a burst of thousands of events in one instant", () => {
    const t = setup();
    for (let i = 0; i < 14_000; i++) t.queue.defer([`n${i}.md`], DEBOUNCE);
    expect(t.armed).toEqual([DEBOUNCE]);
    expect(t.scheduler.pendingTimers).toBe(1);
    t.advance(DEBOUNCE - 1);
    expect(t.queue.size).toBe(0);
    t.advance(1);
    expect(t.queue.size).toBe(14_000);
    expect(t.dues()).toBe(1);
  });

  it("moves the timer when the last change is later than the slack allows, and not within it", () => {
    const t = setup();
    t.queue.defer(["a.md"], DEBOUNCE);
    t.advance(TIMER_SLACK * DEBOUNCE); // within the slack: the timer stays
    t.queue.defer(["b.md"], DEBOUNCE);
    expect(t.armed).toHaveLength(1);
    t.advance(1); // now past the slack: the next change moves it
    t.queue.defer(["c.md"], DEBOUNCE);
    expect(t.armed).toHaveLength(2);
    const lastChange = TIMER_SLACK * DEBOUNCE + 1;
    expect(t.armed[1]).toBe(lastChange + DEBOUNCE);
    t.advance(DEBOUNCE - 1);
    expect(t.queue.size).toBe(0);
    t.advance(1);
    expect([...t.queue.take()].map(([p]) => p).sort()).toEqual(["a.md", "b.md", "c.md"]);
  });

  it("never waits longer than the cap while changes keep coming, and never comes due before 90% of the debounce", () => {
    const t = setup();
    let elapsed = 0;
    let dueAt: number | undefined;
    while (dueAt === undefined && elapsed < 20 * DEBOUNCE) {
      t.queue.defer([`k${elapsed}.md`], DEBOUNCE);
      t.advance(150); // a keystroke every 150 ms
      elapsed += 150;
      if (t.dues() > 0) dueAt = elapsed;
    }
    expect(dueAt).toBeDefined();
    expect(dueAt).toBeLessThanOrEqual(MAX_WAIT_DEBOUNCES * DEBOUNCE + 150);
    expect(dueAt).toBeGreaterThanOrEqual(MAX_WAIT_DEBOUNCES * DEBOUNCE - 150);

    const quiet = setup();
    quiet.queue.defer(["x.md"], DEBOUNCE);
    quiet.advance(150);
    quiet.queue.defer(["y.md"], DEBOUNCE);
    quiet.advance((1 - TIMER_SLACK) * DEBOUNCE - 1);
    expect(quiet.dues()).toBe(0);
  });

  it("re-arms earlier when the debounce setting shrinks", () => {
    const t = setup();
    t.queue.defer(["a.md"], DEBOUNCE);
    t.queue.defer(["b.md"], 100);
    t.advance(100);
    expect(t.queue.size).toBe(2);
    expect(t.scheduler.pendingTimers).toBe(0);
  });

  it("a flush (promote) makes waiting notes due and the next change arms a fresh timer", () => {
    const t = setup();
    t.queue.defer(["a.md", "image.png"], DEBOUNCE);
    t.queue.promote();
    expect(t.queue.size).toBe(1);
    expect(t.scheduler.pendingTimers).toBe(0);
    t.advance(10);
    t.queue.defer(["b.md"], DEBOUNCE);
    expect(t.armed).toEqual([DEBOUNCE, 10 + DEBOUNCE]);
    t.advance(DEBOUNCE);
    expect(t.queue.has("b.md")).toBe(true);
  });

  it("ignores paths that are not notes", () => {
    const t = setup();
    expect(t.queue.defer(["a.png", "b.canvas"], DEBOUNCE)).toBe(false);
    expect(t.armed).toEqual([]);
  });
});
