import { describe, expect, it } from "vitest";
import { planReconcile, scanInto, type WorkItem } from "../../../../src/core/sync/notes/reconcile";
import type { NoteSource, NoteStat } from "../../../../src/core/sync/notes/note-source";
import type { NoteState } from "../../../../src/core/sync/notes/note-state";
import { compileExclusions } from "../../../../src/core/sync/rules/exclusions";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { SLICE_ITEMS } from "../../../../src/core/shared/slices";

describe("the scan after a load", () => {
  it("pauses while comparing a large vault with the index, and queues what comparing it in one go finds", async () => {
    const count = 3 * SLICE_ITEMS + 17;
    const listed: NoteStat[] = Array.from({ length: count }, (_, i) => ({ path: `${i % 7 === 0 ? "Private/" : ""}n${i}.md`, mtime: 1000 + (i % 5), size: 10 }));
    // The index holds every other note, some of them older, and two notes the vault no longer has.
    const notes = new Map<string, NoteState>();
    for (const [i, s] of listed.entries()) if (i % 2 === 0) notes.set(s.path, { path: s.path, mtime: i % 3 === 0 ? 1 : s.mtime, size: 10 } as unknown as NoteState);
    for (const gone of ["gone1.md", "gone2.md"]) notes.set(gone, { path: gone, mtime: 1, size: 1 } as unknown as NoteState);
    const exclusions = compileExclusions(resolveIndexSettings({ excludeFolders: ["Private/"] }));
    const source = { list: () => Promise.resolve({ ok: true, value: listed }) } as unknown as NoteSource;
    const queued = new Map<string, WorkItem>();
    let pauses = 0;
    const scanned = await scanInto({ add: (path, item) => queued.set(path, item) }, source, notes, exclusions, false, () => (pauses++, Promise.resolve()));
    expect(scanned.ok).toBe(true);
    expect(pauses).toBeGreaterThanOrEqual(3);
    const plan = planReconcile(listed, notes, exclusions, false);
    expect(plan.gone).toContain("gone1.md");
    expect([...queued.keys()].sort()).toEqual([...plan.work.keys(), ...plan.gone].sort());
    expect(scanned.ok && scanned.value.excludedByPath).toBe(plan.excludedByPath);
  });
});
