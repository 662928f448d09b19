import { parseSegmentName } from "./segment-names";

/**
 * How long a segment file that no manifest names stays on disk, in ms, by default: a day.
 *
 * Such "strays" come from a save that died between writing its segments and its manifest, or from an index rebuilt
 * after its manifest was lost (the old segments' vectors were reused, their files were not). They would otherwise stay
 * forever, and a sync tool would keep carrying them. The wait is long because a stray can also be the first half of
 * another device's save: the sync tool delivered the segment and not yet the manifest that names it.
 */
export const DEFAULT_STRAY_GRACE_MS = 24 * 60 * 60 * 1000;

/** What `sortStrays` reads. */
export interface StrayInput {
  /** Every file name in the index folder. */
  files: Iterable<string>;
  /** Segments the writer accounts for: live, listed but absent, retired, or being written by it. */
  known: (name: string) => boolean;
  /** Segments named by a manifest on disk (or its temp file, or a conflict copy of it). */
  named: ReadonlySet<string>;
  /** Strays seen before, with when they were first seen (ms). */
  seen: ReadonlyMap<string, number>;
  now: number;
  graceMs: number;
}

/** Which segment files are strays: those past the grace time (to delete) and the rest, with when each was first seen. */
export function sortStrays(input: StrayInput): { due: Map<string, number>; waiting: Map<string, number> } {
  const due = new Map<string, number>();
  const waiting = new Map<string, number>();
  for (const name of input.files) {
    if (!parseSegmentName(name) || input.known(name) || input.named.has(name)) continue;
    let since = input.seen.get(name) ?? input.now;
    // A first-seen time far in the future comes from another device's wrong clock: it starts again from now.
    if (since > input.now + input.graceMs) since = input.now;
    if (input.now - since >= input.graceMs) due.set(name, since);
    else waiting.set(name, since);
  }
  return { due, waiting };
}

/** Whether any file could be a stray, without reading a manifest (the common case: every segment is accounted for). */
export function mayHaveStrays(files: Iterable<string>, known: (name: string) => boolean): boolean {
  for (const name of files) if (parseSegmentName(name) && !known(name)) return true;
  return false;
}

/** Joins two records of strays: the earlier first sighting wins. */
export function joinStrays(into: Map<string, number>, from: Iterable<{ name: string; since: number }>): void {
  for (const s of from) into.set(s.name, Math.min(s.since, into.get(s.name) ?? s.since));
}
