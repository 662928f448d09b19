import { describe, expect, it } from "vitest";
import { planReconcile, planReconcileSteps } from "../../../../src/core/sync/notes/reconcile";
import type { NoteStat } from "../../../../src/core/sync/notes/note-source";
import type { NoteState } from "../../../../src/core/sync/notes/note-state";
import { compileExclusions } from "../../../../src/core/sync/rules/exclusions";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { SLICE_ITEMS } from "../../../../src/core/shared/slices";

const stat = (i: number, mtime = 1): NoteStat => ({ path: `n/${String(i).padStart(5, "0")}.md`, mtime, size: 10 });
const state = (s: NoteStat): NoteState => ({
  ...s,
  contentHash: "h",
  meta: { title: s.path, aliases: [], tags: [], links: [] },
  chunks: [{ id: `${s.path}#0`, path: s.path, ordinal: 0, headingPath: [s.path], text: "some text here", startLine: 0, endLine: 0, tokens: 3 }],
  embedHashes: ["e"],
});

/** A vault of `n` listed notes against an index that knows every other one of them, some with an older mtime. */
function fixture(n: number): { listed: NoteStat[]; notes: Map<string, NoteState> } {
  const listed = Array.from({ length: n }, (_, i) => stat(i));
  const notes = new Map<string, NoteState>();
  for (let i = 0; i < n; i += 2) notes.set(stat(i).path, state(stat(i, i % 4 === 0 ? 1 : 0)));
  // Notes the index knows that are gone from the listing.
  for (let i = n; i < n + 50; i++) notes.set(stat(i).path, state(stat(i)));
  return { listed, notes };
}

describe("planReconcile in slices", () => {
  const exclusions = compileExclusions(resolveIndexSettings({ excludeFolders: [] }));

  it("hands back control between slices of a large vault, with the same plan as one pass", () => {
    const { listed, notes } = fixture(3 * SLICE_ITEMS + 7);
    const steps = planReconcileSteps(listed, notes, exclusions, false);
    let slices = 0;
    let step = steps.next();
    while (!step.done) {
      slices++;
      step = steps.next();
    }
    expect(slices).toBeGreaterThanOrEqual(3);
    const whole = planReconcile(listed, notes, exclusions, false);
    expect(step.value.gone).toEqual(whole.gone);
    expect([...step.value.work]).toEqual([...whole.work]);
    // New notes (odd) and moved ones (mtime 0, i % 4 === 2) are work; the 50 unlisted ones are gone.
    const expected = listed.filter((_, i) => i % 2 === 1 || i % 4 === 2).map((s) => s.path);
    expect([...whole.work.keys()].sort()).toEqual(expected);
    expect(whole.gone).toHaveLength(50);
  });
});
