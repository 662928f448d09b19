import type { FileStore } from "../file-store";
import { readManifests } from "./manifest-files";
import { joinPath } from "./paths";
import type { SegmentState } from "./segment-state";
import { mayHaveStrays, sortStrays } from "./stray-segments";

/** What one clean-up after a save works on; `state`, `orphans` and the strays are updated in place. */
export interface CleanUpJob {
  /** The writer's state, as the save that just completed left it. */
  state: SegmentState;
  /** Segments this writer wrote for saves that did not complete. */
  orphans: Set<string>;
  /** Conflict copies that were read (merged or used in a segment's place). */
  copies: ReadonlySet<string>;
  now: number;
  /** See `SegmentWriterOptions.graceMs`. */
  graceMs: number;
  /** See `SegmentWriterOptions.strayGraceMs`: also how long a retired segment's record outlives its file. */
  strayGraceMs: number;
  /** Strays past their grace time (see `findStrays`). */
  strays: ReadonlyMap<string, number>;
  /**
   * The folder's file names as `findStrays` listed them, after this save's segments were written: only the manifest
   * changed since, so the clean-up does not list the folder again. Undefined when that listing failed.
   */
  files: ReadonlySet<string> | undefined;
}

/**
 * After a save: conflict copies are gone (a segment's copy takes the segment's place when that is missing); retired
 * segments past their grace time (their records a day later, see below), this writer's orphans and the strays that
 * are due are deleted unless a manifest on disk (or its temp file, or a conflict copy) still names them. Failures
 * here cost only disk space until the next save.
 */
export async function cleanUpSegments(store: FileStore, dir: string, job: CleanUpJob): Promise<void> {
  const { state, orphans, now } = job;
  const listed = job.files ? { ok: true as const, value: [...job.files] } : await store.list(dir);
  const files = new Set(listed.ok ? listed.value : []);
  for (const copy of job.copies) {
    const of = copy.startsWith("index-seg-") ? /^(index-seg-[0-9a-z]+-[0-9a-z]+-[0-9a-f]{8})/.exec(copy)?.[1] : undefined;
    const original = of ? `${of}.bin` : undefined;
    if (original && !files.has(original)) {
      await store.rename(joinPath(dir, copy), joinPath(dir, original));
      files.add(original);
    } else await store.remove(joinPath(dir, copy));
  }
  const past = (at: number, graceMs: number): boolean => now - at >= graceMs || at > now + graceMs;
  // A retired segment's record stays in the manifest for the stray grace time after its file is gone: a device whose
  // manifest still lists the segment (it missed the manifest that retired it, and the sync tool then brought the
  // deletion) learns from the record that the file is gone for good, not on its way, and stops listing it.
  if (listed.ok) for (const [name, at] of state.retired) if (!files.has(name) && past(at, job.strayGraceMs)) state.retired.delete(name);
  const due = [...state.retired].filter(([name, at]) => files.has(name) && past(at, job.graceMs)).map(([name]) => name);
  const candidates = [...due, ...orphans, ...job.strays.keys()];
  if (candidates.length === 0) return;
  const named = await namedOnDisk(store, dir);
  if (named === undefined) return;
  for (const name of candidates) {
    if (named.has(name)) continue;
    const removed = await store.remove(joinPath(dir, name));
    if (!removed.ok) {
      // Still a stray, and already due: the next save tries again.
      const since = job.strays.get(name);
      if (since !== undefined) state.strays.set(name, since);
      continue;
    }
    orphans.delete(name);
  }
}

/** Every segment named by a manifest file on disk; undefined when that can't be told. */
async function namedOnDisk(store: FileStore, dir: string): Promise<Set<string> | undefined> {
  const read = await readManifests(store, dir);
  if (read.kind === "unreadable") return undefined;
  const named = new Set<string>();
  if (read.kind === "read") for (const s of read.manifest.segments) named.add(s.name);
  return named;
}

/**
 * Before a save writes its manifest: records in `next.strays` the strays not yet due (so that the manifest carries
 * when each was first seen, even if no process lives a whole day), and returns those that are due, with their first
 * sighting, and the folder's listing (which the clean-up after the save reuses). Costs that one listing; the
 * manifest is read only when some segment file is not accounted for.
 */
export async function findStrays(
  store: FileStore,
  dir: string,
  next: SegmentState,
  orphans: ReadonlySet<string>,
  now: number,
  graceMs: number,
): Promise<{ due: Map<string, number>; files: Set<string> | undefined }> {
  const listed = await store.list(dir);
  if (!listed.ok) return { due: new Map(), files: undefined };
  const files = new Set(listed.value);
  const known = (name: string): boolean =>
    next.segments.has(name) || next.absent.has(name) || next.retired.has(name) || orphans.has(name);
  if (!mayHaveStrays(files, known)) {
    next.strays.clear();
    return { due: new Map(), files };
  }
  const named = await namedOnDisk(store, dir);
  if (named === undefined) return { due: new Map(), files };
  const sorted = sortStrays({ files, known, named, seen: next.strays, now, graceMs });
  next.strays = sorted.waiting;
  return { due: sorted.due, files };
}
