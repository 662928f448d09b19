import { SLICE_ITEMS, type Steps } from "../../shared/slices";
import type { Manifest, ManifestHeader, ManifestSegment } from "./manifest";

/** Where the saved version of a note is: a row of a segment. */
export interface RowRef {
  segment: string;
  ordinal: number;
}

/** A live segment as the writer tracks it: the manifest's entry plus the path of each of its rows. */
export interface LiveSegment extends Omit<ManifestSegment, "dead"> {
  paths: string[];
  dead: Set<number>;
}

/**
 * What the writer knows of the files: the live segments and where each note's saved row is. It changes only when a
 * manifest was written (or read), so a failed save leaves it as the files still are.
 */
export interface SegmentState {
  header: ManifestHeader | undefined;
  generation: number;
  segments: Map<string, LiveSegment>;
  rows: Map<string, RowRef>;
  retired: Map<string, number>;
  /**
   * Segments listed by the manifest that were not in the folder when it was read (a sync tool copies the manifest
   * before them): kept listed, so they load once they arrive.
   */
  absent: Map<string, ManifestSegment>;
  /** Segment files no manifest names, with when each was first seen: deleted once a day has passed (`sortStrays`). */
  strays: Map<string, number>;
  /** Conflict copies (manifest or segment) that were read and are deleted after the next save. */
  copies: Set<string>;
  /** The manifest's bytes' checksum as last read or written: another one on disk means another writer saved. */
  identity: number | undefined;
  /** The state differs from the manifest on disk (merged forks, losing rows marked dead): save even with no edit. */
  unsaved: boolean;
}

export function emptyState(): SegmentState {
  return {
    header: undefined,
    generation: 0,
    segments: new Map(),
    rows: new Map(),
    retired: new Map(),
    absent: new Map(),
    strays: new Map(),
    copies: new Set(),
    identity: undefined,
    unsaved: false,
  };
}

/** The manifest that describes `state` (segments in the order they were added). */
export function manifestOf(state: SegmentState, header: ManifestHeader, writer: string): Manifest {
  const segments: ManifestSegment[] = [...state.segments.values()].map((s) => ({
    name: s.name,
    notes: s.notes,
    chunks: s.chunks,
    bytes: s.bytes,
    dead: [...s.dead].sort((a, b) => a - b),
  }));
  for (const s of state.absent.values()) segments.push(s);
  const retired = [...state.retired].map(([name, at]) => ({ name, at }));
  const strays = [...state.strays].map(([name, since]) => ({ name, since }));
  return { header, writer, generation: state.generation + 1, segments, retired, ...(strays.length > 0 ? { strays } : {}) };
}

/** Rows or segments copied by `cloneStateSteps` between two yields. */
const CLONE_PER_SLICE = 4 * SLICE_ITEMS;

/**
 * A deep enough copy to change without touching `state` (segments' dead sets are copied on write by callers), made in
 * slices: at 50,000 notes the copy of `rows` alone kept a save's first slice busy for 20–30 ms on a
 * loaded machine. `state` must not change until it is done (only the save that made the copy changes it).
 */
export function* cloneStateSteps(state: SegmentState): Steps<SegmentState> {
  const segments = new Map<string, LiveSegment>();
  let work = 0;
  for (const [k, s] of state.segments) {
    segments.set(k, { ...s, dead: new Set(s.dead) });
    work += 1 + s.dead.size;
    if (work >= CLONE_PER_SLICE) {
      work = 0;
      yield;
    }
  }
  const rows = new Map<string, RowRef>();
  for (const [path, row] of state.rows) {
    rows.set(path, row);
    if (++work >= CLONE_PER_SLICE) {
      work = 0;
      yield;
    }
  }
  return {
    ...state,
    segments,
    rows,
    retired: new Map(state.retired),
    absent: new Map(state.absent),
    strays: new Map(state.strays),
    copies: new Set(state.copies),
  };
}

/** Counts over the live segments, for the compaction policy. */
export function deadShare(state: SegmentState): { rows: number; dead: number } {
  let rows = 0;
  let dead = 0;
  for (const s of state.segments.values()) {
    rows += s.notes;
    dead += s.dead.size;
  }
  return { rows, dead };
}
