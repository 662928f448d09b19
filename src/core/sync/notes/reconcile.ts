import type { Result } from "../../result";
import { runAll, runSliced, SLICE_ITEMS, type Steps } from "../../shared/slices";
import { proseChars, type Exclusions } from "../rules/exclusions";
import type { NoteSource, NoteStat } from "./note-source";
import { isContentExcluded, lacksSignals, type NoteState } from "./note-state";

/** A note to look at again. */
export interface WorkItem {
  /** Its stat when already known (from a listing); otherwise the source is asked. */
  stat?: NoteStat;
  /** Read and chunk it even if its stat and content hash are unchanged (the rules that apply to it changed). */
  force: boolean;
}

/** What a comparison of the source with the index found. */
export interface ReconcilePlan {
  /** Notes to read: new, changed on disk, or whose content rules must be applied again. */
  work: Map<string, WorkItem>;
  /** Indexed notes that are gone from the source or now excluded by their path. */
  gone: string[];
  /** Listed notes that the exclusion rules leave out by their path. */
  excludedByPath: number;
}

/**
 * Compares a listing of the source with the index by path, mtime and size. With `recheckContent` (the exclusion
 * rules changed, or may have while the app was closed), notes whose recorded tags or length now exclude them, and
 * all notes excluded by their content, are read again. Nothing else is queued. Indexed notes under a `kept` prefix
 * (a folder the source can't see on this device) are left as they are, unless excluded by their path: removing them would only have another
 * device add them back, and the index files would ping-pong through the sync tool.
 */
export function planReconcile(
  listed: readonly NoteStat[],
  notes: ReadonlyMap<string, NoteState>,
  exclusions: Exclusions,
  recheckContent: boolean,
  kept: readonly string[] = [],
): ReconcilePlan {
  return runAll(planReconcileSteps(listed, notes, exclusions, recheckContent, kept));
}

/**
 * `planReconcile` in slices of `SLICE_ITEMS` notes: at 50,000 notes one pass over the listing and the index (path
 * rules, stats, a map entry per new note) blocked the UI for hundreds of milliseconds on every start.
 */
export function* planReconcileSteps(
  listed: readonly NoteStat[],
  notes: ReadonlyMap<string, NoteState>,
  exclusions: Exclusions,
  recheckContent: boolean,
  kept: readonly string[] = [],
): Steps<ReconcilePlan> {
  const work = new Map<string, WorkItem>();
  const gone: string[] = [];
  const seen = new Set<string>();
  let excludedByPath = 0;
  let done = 0;
  for (const stat of listed) {
    if (++done % SLICE_ITEMS === 0) yield;
    seen.add(stat.path);
    const prev = notes.get(stat.path);
    if (exclusions.byPath(stat.path)) {
      if (prev) gone.push(stat.path);
      excludedByPath++;
      continue;
    }
    // Forced even when the stat changed too: an unchanged content hash must not skip rules that changed.
    const recheck = recheckContent && prev !== undefined && (isContentExcluded(prev) || exclusions.byContent(prev.meta, proseChars(prev)));
    // A note recorded by an older version is read once more for its dates and status (forced: its text is the same).
    const upgrade = prev !== undefined && lacksSignals(prev, stat);
    // A creation time that alone differs is no change: every device has its own (a synced copy is born when the sync
    // tool writes it), and recording it would rewrite every segment, then the other device's load would do the same.
    const moved = prev !== undefined && (prev.mtime !== stat.mtime || prev.size !== stat.size);
    if (!prev || recheck || upgrade || moved) work.set(stat.path, { stat, force: recheck || upgrade });
  }
  // A kept note that the rules now exclude by its path goes: every device's rules agree on that.
  const keep = (path: string): boolean => kept.some((k) => path.startsWith(k)) && !exclusions.byPath(path);
  for (const path of notes.keys()) {
    if (++done % SLICE_ITEMS === 0) yield;
    if (!seen.has(path) && !keep(path)) gone.push(path);
  }
  return { work, gone, excludedByPath };
}

/** Where a scan puts what it finds (the sync's work queue). */
export interface WorkSink {
  add(path: string, item: WorkItem): void;
}

/**
 * Lists the source and queues what `planReconcile` finds: changed notes, and gone ones (a round removes them).
 * `pause` runs between slices of the plan and of the queueing (a first index queues every note of the vault).
 */
export async function scanInto(
  queue: WorkSink,
  source: NoteSource,
  notes: ReadonlyMap<string, NoteState>,
  exclusions: Exclusions,
  recheckContent: boolean,
  /** Awaited between slices of the comparison (see `planReconcileSteps`). Default none: it runs in one go. */
  pause?: () => Promise<void>,
): Promise<Result<{ excludedByPath: number }>> {
  const listed = await source.list();
  if (!listed.ok) return listed;
  const plan = await runSliced(planReconcileSteps(listed.value, notes, exclusions, recheckContent, source.keptPrefixes?.() ?? []), pause);
  await runSliced(queueSteps(queue, plan), pause);
  return { ok: true, value: { excludedByPath: plan.excludedByPath } };
}

function* queueSteps(queue: WorkSink, plan: ReconcilePlan): Steps<void> {
  let done = 0;
  for (const [path, item] of plan.work) {
    if (++done % SLICE_ITEMS === 0) yield;
    queue.add(path, item);
  }
  for (const path of plan.gone) {
    if (++done % SLICE_ITEMS === 0) yield;
    queue.add(path, { force: false });
  }
}
