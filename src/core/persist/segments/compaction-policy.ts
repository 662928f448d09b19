import { SEGMENT_TARGET_BYTES } from "./segment-file";
import type { SegmentState } from "./segment-state";

/** When compaction is due and what it rewrites. */
export interface CompactionPolicy {
  /** A segment whose dead rows reach this share of its rows is rewritten. Default 0.5. */
  segmentDeadShare: number;
  /** When the dead rows of all segments reach this share, every segment with a dead row is rewritten. Default 0.25. */
  totalDeadShare: number;
  /** Segments under a quarter of the target size (one per small save) are merged once there are this many. Default 8. */
  smallSegments: number;
  /** Most bytes of segments one compaction rewrites; the rest waits for the next one. Default 64 MB. */
  maxBytes: number;
}

export const DEFAULT_COMPACTION: CompactionPolicy = {
  segmentDeadShare: 0.5,
  totalDeadShare: 0.25,
  smallSegments: 8,
  maxBytes: 64 * 1024 * 1024,
};

/** The segments a compaction should rewrite now (their live notes go to new segments); empty when none is due. */
export function compactionVictims(state: SegmentState, policy: CompactionPolicy = DEFAULT_COMPACTION): string[] {
  const live = [...state.segments.values()];
  let rows = 0;
  let dead = 0;
  for (const s of live) {
    rows += s.notes;
    dead += s.dead.size;
  }
  const small = live.filter((s) => s.bytes < SEGMENT_TARGET_BYTES / 4);
  const chosen = new Set<string>();
  if (small.length >= policy.smallSegments) for (const s of small) chosen.add(s.name);
  const allDead = rows > 0 && dead / rows >= policy.totalDeadShare;
  for (const s of live) {
    if (s.dead.size === 0) continue;
    if (allDead || s.dead.size / Math.max(1, s.notes) >= policy.segmentDeadShare) chosen.add(s.name);
  }
  // The worst first (most dead, then smallest), within the byte budget; a single segment always goes.
  const order = live.filter((s) => chosen.has(s.name)).sort((a, b) => b.dead.size / b.notes - a.dead.size / a.notes || a.bytes - b.bytes);
  const out: string[] = [];
  let bytes = 0;
  for (const s of order) {
    if (out.length > 0 && bytes + s.bytes > policy.maxBytes) break;
    out.push(s.name);
    bytes += s.bytes;
  }
  // Merging one small segment into one new one gains nothing.
  return out.length === 1 && (state.segments.get(out[0] ?? "")?.dead.size ?? 0) === 0 ? [] : out;
}
