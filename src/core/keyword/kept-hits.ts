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
 * passed over, so a filtered list is ranked as deep as it is read, not sorted whole.
 */
export function keptTopHits(scored: ScoredHits, limit: number, perNote: number, kept: KeptChunks): Bm25Hit[] {
  const { table, notes } = scored;
  const ids = table.ids;
  let count = 0;
  const positions = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) if (kept.has(ids[i] ?? 0)) positions[count++] = i;
  const among = positions.subarray(0, count);
  const capped = notes ? (table.capPerNote(notes.noteOf, notes.size, perNote, among) ?? among) : among;
  return table.top(limit, capped).map((i) => ({ id: ids[i] ?? 0, score: table.score[i] ?? 0, chunk: table.chunk[i] ?? 0 }));
}
