import type { Bm25Hit, ScoredHits } from "./bm25-search";
import type { NoteTable } from "./note-table";

/**
 * Which chunks, by Orama's internal id, belong to notes a filtered search keeps (`KeywordSearchOptions.keepsNote`):
 * the note filter is asked once per note, and only about notes that some hit falls in, whatever their chunk count.
 */
export class KeptChunks {
  /** Per note ordinal: 0 not asked yet, 1 kept, 2 dropped. */
  private readonly byNote: Uint8Array;

  constructor(
    private readonly table: NoteTable,
    /** The note path of a chunk by internal id. */
    private readonly pathOf: (internalId: number) => string,
    private readonly keeps: (path: string) => boolean,
  ) {
    this.byNote = new Uint8Array(table.capacity + 1);
  }

  has(internalId: number): boolean {
    const note = this.table.noteOf(internalId);
    if (note < 0 || note >= this.byNote.length) return this.keeps(this.pathOf(internalId));
    let known = this.byNote[note];
    if (known === 0) {
      known = this.keeps(this.pathOf(internalId)) ? 1 : 2;
      this.byNote[note] = known;
    }
    return known === 1;
  }
}

/**
 * `topHits` of the kept notes alone: the `limit` best hits whose note `kept` keeps, at most `perNote` of each note,
 * best first. They have the scores, and so the order, they have in the whole list; only the other notes' hits are
 * passed over. The whole list is walked from its best hit, deep enough to meet `limit` kept hits at the share of
 * kept hits seen so far, asking the filter only about the notes met: enough when many notes pass (an exclusion,
 * a large folder). When few do (a rare phrase, a small folder), that would be most of the list: every hit's note is
 * asked instead and the kept ones ranked.
 */
export function keptTopHits(scored: ScoredHits, limit: number, perNote: number, kept: KeptChunks): Bm25Hit[] {
  const { table, notes } = scored;
  const hit = (i: number): Bm25Hit => ({ id: table.ids[i] ?? 0, score: table.score[i] ?? 0, chunk: table.chunk[i] ?? 0 });
  const want = Math.max(1, limit);
  for (let depth = Math.min(table.length, want * FIRST_WALK); Number.isFinite(depth); ) {
    const walk = walkKept(scored, want, perNote, kept, depth);
    if (walk.out.length >= want || depth >= table.length) return walk.out.map(hit);
    const needed = Math.ceil((2 * want * depth) / Math.max(walk.out.length, 1));
    if (needed > table.length * MOST) break;
    depth = Math.min(table.length, Math.max(needed, depth * 2));
  }
  const ids = table.ids;
  let count = 0;
  const positions = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) if (kept.has(ids[i] ?? 0)) positions[count++] = i;
  const among = positions.subarray(0, count);
  const capped = notes ? (table.capPerNote(notes.noteOf, notes.size, perNote, among) ?? among) : among;
  return table.top(limit, capped).map(hit);
}

/** The first walk of the whole list goes this many times `limit` deep. */
const FIRST_WALK = 4;
/** A walk that would have to go deeper than this share of the list gives way to asking about every hit's note. */
const MOST = 0.5;

/**
 * The positions `keptTopHits` gives, read off the whole list's best `depth` hits in order: the k best hits, whatever
 * the cap, hold the best capped hits of the notes met among them. Stops at `limit`.
 */
function walkKept(scored: ScoredHits, limit: number, perNote: number, kept: KeptChunks, depth: number): { out: number[] } {
  const { table, notes } = scored;
  const order = table.top(depth);
  // As `capPerNote` counts: at least one a note, and hits of no note left out.
  const width = Math.max(1, Math.floor(perNote));
  const listed = notes && Number.isFinite(perNote) ? new Map<number, number>() : undefined;
  const out: number[] = [];
  for (const i of order) {
    if (out.length >= limit) break;
    const id = table.ids[i] ?? 0;
    if (!kept.has(id)) continue;
    if (listed && notes) {
      const note = notes.noteOf(id);
      const n = listed.get(note) ?? 0;
      if (note < 0 || n >= width) continue;
      listed.set(note, n + 1);
    }
    out.push(i);
  }
  return { out };
}
