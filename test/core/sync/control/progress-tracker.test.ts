import { describe, expect, it } from "vitest";
import { ProgressTracker } from "../../../../src/core/sync/control/progress-tracker";
import type { SyncProgress } from "../../../../src/core/sync/control/sync-progress";
import { TestScheduler } from "../helpers/test-scheduler";

describe("ProgressTracker", () => {
  const setup = (): { t: ProgressTracker; seen: SyncProgress[]; scheduler: TestScheduler; at: (ms: number) => void } => {
    let now = 0;
    const scheduler = new TestScheduler();
    const t = new ProgressTracker(() => now, scheduler, () => ({ notes: 1, chunks: 2, pendingEmbeddings: 3, inputsCut: undefined }));
    const seen: SyncProgress[] = [];
    t.subscribe((p) => seen.push(p));
    return { t, seen, scheduler, at: (ms) => (now = ms) };
  };

  it("emits at most every 100 ms, except phase changes, and sends the latest state when the wait is over", () => {
    const { t, seen, scheduler, at } = setup();
    t.setPhase("indexing");
    t.addNotes(10);
    for (let i = 0; i < 5; i++) t.noteDone(`n${i}.md`);
    expect(seen.map((p) => p.phase)).toEqual(["indexing"]);
    at(100);
    scheduler.fireTimers(100);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ phase: "indexing", done: 5, total: 10, currentFile: "n4.md", notes: 1, chunks: 2, pendingEmbeddings: 3 });
    t.setPhase("embedding");
    expect(seen).toHaveLength(3);
  });

  it("estimates the time left from the rate so far", () => {
    const { t, at } = setup();
    t.setPhase("indexing");
    t.addNotes(10);
    expect(t.current().etaMs).toBeUndefined();
    at(1000);
    for (let i = 0; i < 4; i++) t.noteDone(`n${i}.md`);
    expect(t.current().etaMs).toBe(1500);
  });

  it("counts chunks while embedding, against what is still pending", () => {
    const { t, at } = setup();
    t.setPhase("embedding");
    t.embedded(6);
    at(600);
    expect(t.current()).toMatchObject({ done: 6, total: 9, etaMs: 300 });
    t.setPhase("idle");
    expect(t.current()).toMatchObject({ done: 0, total: 0, etaMs: undefined });
  });
});
