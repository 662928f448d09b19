import { ok, type AppError } from "../../result";
import type { Exclusions } from "../rules/exclusions";
import type { IndexSettings } from "../rules/index-settings";
import type { NoteSource, NoteStat } from "./note-source";
import { isContentExcluded, lacksSignals, sameSignals, type NoteState } from "./note-state";
import { looksBinary, noteContentHash, prepareNote } from "./note-prep";
import type { WorkItem } from "./reconcile";
import type { Pause, SyncedIndex } from "../store/synced-index";
import type { NoteReport } from "./note-troubles";

/** What a round of notes works with: the index it writes and narrow callbacks into the sync actor. */
export interface RoundContext {
  source: NoteSource;
  synced: SyncedIndex;
  settings: IndexSettings;
  exclusions: Exclusions;
  /** The note was processed, for the progress counts. */
  noteDone(path: string): void;
  /** Reading a note failed; the note stays as it was indexed. */
  failed(e: AppError): void;
  pause: Pause;
  /** Between two notes, while the index is consistent: apply vectors that arrived, start requests, yield. */
  between(): Promise<void>;
  /** True when the round must stop now (paused, stopping, reset); what is left is queued again. */
  interrupted(): boolean;
  requeue(path: string, item: WorkItem): void;
  /** The index or the record of notes changed since the last save. */
  changed(): void;
  /** Notes the user must hear about (see `NoteReport`). */
  report: NoteReport;
}

/**
 * Processes a batch of queued notes: first every note that exists (so vectors of text that moved between notes are
 * still in the index when the new place asks for them), then removals of notes that are gone or now excluded by
 * their path.
 */
export async function runRound(ctx: RoundContext, batch: readonly [string, WorkItem][]): Promise<void> {
  const upserts: [string, NoteStat, boolean][] = [];
  const removals: string[] = [];
  for (const [path, item] of batch) {
    const stat = item.stat ? ok(item.stat) : await ctx.source.stat(path);
    if (!stat.ok) ctx.failed(stat.error);
    else if (stat.value === null || ctx.exclusions.byPath(path)) removals.push(path);
    else upserts.push([path, stat.value, item.force]);
    await ctx.pause();
  }
  const requeueFrom = (i: number, j: number): void => {
    for (const [p, s, f] of upserts.slice(i)) ctx.requeue(p, { stat: s, force: f });
    for (const p of removals.slice(j)) ctx.requeue(p, { force: false });
  };
  for (const [i, [path, stat, force]] of upserts.entries()) {
    if (ctx.interrupted()) return requeueFrom(i, 0);
    await processGuarded(ctx, path, stat, force);
    ctx.noteDone(path);
    await ctx.between();
  }
  for (const [j, path] of removals.entries()) {
    if (ctx.interrupted()) return requeueFrom(upserts.length, j);
    await ctx.synced.remove(path, ctx.pause);
    ctx.report.noteIndexed(path);
    ctx.changed();
    ctx.noteDone(path);
    await ctx.pause();
  }
}

/**
 * `processNote`, with a wall around it: one note that fails (analysis of a word no code was tried on, a bug) never
 * stops the round, so the other notes are still indexed. The failed note is taken out, half-added chunks included,
 * and reported by name.
 */
async function processGuarded(ctx: RoundContext, path: string, stat: NoteStat, force: boolean): Promise<void> {
  try {
    await processNote(ctx, path, stat, force);
    ctx.report.noteIndexed(path);
  } catch (cause) {
    ctx.report.noteFailed(path, cause);
    ctx.changed();
    try {
      await ctx.synced.remove(path, ctx.pause);
    } catch {
      // Already reported; what could not be taken out is replaced when the note is indexed again.
    }
  }
}

/**
 * Brings one existing note up to date. An unchanged stat means an unchanged note (unless `force`); an unchanged
 * content hash means only the stat is recorded; otherwise the note is chunked and put in place of its old version.
 */
async function processNote(ctx: RoundContext, path: string, stat: NoteStat, force: boolean): Promise<void> {
  const prev = ctx.synced.notes.get(path);
  force ||= prev !== undefined && lacksSignals(prev, stat);
  const times = stat.ctime !== undefined ? { mtime: stat.mtime, ctime: stat.ctime } : { mtime: stat.mtime };
  // Only the creation time moved (a sync tool wrote the file anew, or another device's copy): the saved one is kept,
  // as `planReconcileSteps` does; recording this device's would make the next save rewrite the note's segment.
  if (prev && !force && prev.mtime === stat.mtime && prev.size === stat.size) return;
  const read = await ctx.source.read(path);
  if (!read.ok) {
    ctx.failed(read.error);
    return;
  }
  const hash = await noteContentHash(read.value, ctx.pause);
  const sameText = prev !== undefined && prev.contentHash === hash;
  if (prev && !force && sameText) {
    ctx.synced.restat(path, times, stat.size);
    ctx.changed();
    return;
  }
  if (looksBinary(read.value)) {
    ctx.report.noteBinary(path);
    ctx.changed();
    const meta = { title: path, aliases: [], tags: [], links: [] };
    await ctx.synced.put({ path, ...times, size: stat.size, contentHash: hash, meta, chunks: [], embedHashes: [] }, ctx.pause);
    return;
  }
  const p = await prepareNote(path, read.value, hash, ctx.settings, ctx.pause);
  if (p.cut) ctx.report.noteCut(path);
  const excluded = ctx.exclusions.byContent(p.note.meta, p.proseChars);
  // A forced re-check (exclusion rules may have changed) that changes nothing must not cost a save of the index.
  const unchanged =
    sameText &&
    prev.mtime === stat.mtime &&
    // A missing creation time is taken (`lacksSignals`); another one is not a change (see above).
    (stat.ctime === undefined || prev.ctime !== undefined) &&
    prev.size === stat.size &&
    isContentExcluded(prev) === excluded &&
    sameSignals(prev.meta, p.note.meta);
  if (unchanged) return;
  ctx.changed();
  const next: NoteState = {
    path,
    ...times,
    size: stat.size,
    contentHash: hash,
    meta: p.note.meta,
    // Chunks carry their hash from here on, so that every checkpoint saves them as they are instead of copying
    // tens of thousands of objects (garbage-collection pauses are the longest stalls of a save).
    chunks: excluded ? [] : p.note.chunks.map((c, i) => ({ ...c, embedHash: p.embedHashes[i] ?? "" })),
    embedHashes: excluded ? [] : p.embedHashes,
  };
  await ctx.synced.put(next, ctx.pause, p.inputs);
}
