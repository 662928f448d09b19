import type { ChunkIndex } from "../index/chunk-index";
import { fuseRrf, maxFusedScore, type FusedHit, type RankedList } from "./fusion";
import { collapseRanking, groupHits, notePathOfChunkId } from "./group-ranking";
import type { ScoreFactor } from "./score-signals";
import type { SearchOptions } from "./search-options";
import type { ChunkMatch, NoteResult } from "./search-result";

/**
 * Fuses chunk lists into note results. Notes are fused on note-level lists (a note ranks where its best chunk
 * ranks in each list), so a note whose keyword hit and vector hit are different chunks still gets credit from both.
 * Within a note, chunks are ordered by their own fused score, and the best one represents the note. `adjust`, when
 * given, multiplies each note's fused score (folder weights, recency; see score-signals.ts) before the cut.
 */
export function assembleResults(
  index: ChunkIndex,
  lists: readonly RankedList[],
  opts: Pick<SearchOptions, "rrfK" | "limit" | "minScore" | "chunksPerNote">,
  adjust?: (path: string) => ScoreFactor,
): NoteResult[] {
  const k = opts.rrfK;
  const noteLists = lists.map((l) => ({ ...l, ids: collapseRanking(l.ids, notePathOfChunkId) }));
  const notes = adjusted(fuseRrf(noteLists, k), adjust);
  const chunksByNote = groupHits(fuseRrf(lists, k), notePathOfChunkId);
  const max = maxFusedScore(lists, k);
  const weights = Object.fromEntries(lists.map((l) => [l.name, l.weight]));
  const out: NoteResult[] = [];
  for (const note of notes) {
    if (out.length >= opts.limit) break;
    // A weight above 1 can lift a score past the unweighted best; the share stays a share.
    const relativeScore = max > 0 ? Math.min(1, note.score / max) : 0;
    if (relativeScore < opts.minScore) continue;
    const chunks = (chunksByNote.get(note.id) ?? []).slice(0, Math.max(1, opts.chunksPerNote));
    const matches = chunks.map((c) => toMatch(index, c)).filter((m): m is ChunkMatch => m !== undefined);
    const best = matches[0];
    const entry = best ? index.entry(best.id) : undefined;
    if (!best || !entry) continue;
    out.push({
      path: note.id,
      title: entry.title,
      tags: entry.tags,
      score: note.score,
      relativeScore,
      best,
      chunks: matches,
      explain: { ranks: note.ranks, fused: note.fused, weights, k, ...(note.signals ? { signals: note.signals } : {}) },
    });
  }
  return out;
}

/** Fused notes with `adjust`'s factor applied and sorted again (fusion's order breaks ties); `fused` is the raw score. */
function adjusted(notes: FusedHit[], adjust: ((path: string) => ScoreFactor) | undefined): (FusedHit & { fused: number; signals?: ScoreFactor })[] {
  // Fields written out, not spread: copying a fused hit by spread took a tenth of a keystroke's result assembly.
  if (!adjust) return notes.map((n) => ({ id: n.id, score: n.score, ranks: n.ranks, fused: n.score }));
  const out = notes.map((n, order) => {
    const signals = adjust(n.id);
    return { id: n.id, score: n.score * signals.factor, ranks: n.ranks, fused: n.score, signals, order };
  });
  out.sort((a, b) => b.score - a.score || a.order - b.order);
  return out;
}

function toMatch(index: ChunkIndex, hit: FusedHit): ChunkMatch | undefined {
  const entry = index.entry(hit.id);
  if (!entry) return undefined;
  const c = entry.chunk;
  return { id: c.id, headingPath: c.headingPath, startLine: c.startLine, endLine: c.endLine, text: c.text, score: hit.score, ranks: hit.ranks };
}
