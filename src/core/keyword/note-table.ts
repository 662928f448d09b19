import type { FieldPostings } from "./field-postings";

/**
 * Which note each indexed chunk belongs to, as small integer ordinals, and each note's field lengths: what scoring a
 * note as one document (see note-scores.ts) needs in its hot loop. Arrays are indexed by Orama's internal chunk id
 * and by note ordinal, never Maps, because a common word touches thousands of chunks per keystroke. An ordinal is
 * given to a note when its first chunk arrives and freed when its last one leaves, so ordinals stay dense however
 * often notes are edited; nothing is ranked by an ordinal's value, so a restored index ranks as the one it came from.
 */
export class NoteTable {
  private noteOfChunk = new Int32Array(64).fill(-1);
  private readonly ordinals = new Map<string, number>();
  private readonly free: number[] = [];
  private chunkCounts = new Int32Array(64);
  private readonly lengths: Record<string, Float64Array> = {};
  private readonly totals: Record<string, number> = {};
  private notes = 0;
  private ordinalCount = 0;

  /**
   * `fields`: the text fields whose lengths are kept. `noteWide`: those that hold the same text in every chunk of a
   * note (title, aliases), so the note's length is one chunk's, not the sum over its chunks.
   */
  constructor(
    readonly fields: readonly string[],
    private readonly noteWide: ReadonlySet<string>,
  ) {
    for (const f of fields) {
      this.lengths[f] = new Float64Array(64);
      this.totals[f] = 0;
    }
  }

  /** Number of notes with at least one chunk. */
  get noteCount(): number {
    return this.notes;
  }

  /** One more than the highest ordinal ever given: the size of a per-note array. */
  get capacity(): number {
    return this.ordinalCount;
  }

  /** Whether `field` repeats note-wide in every chunk (its matches then count once per note). */
  isNoteWide(field: string): boolean {
    return this.noteWide.has(field);
  }

  /** The note ordinal of a chunk by internal id; −1 for a chunk not in the table. */
  noteOf(internalId: number): number {
    return this.noteOfChunk[internalId] ?? -1;
  }

  /** The note lengths of `field` by ordinal (read-only for callers; 0 for a free ordinal). */
  lengthsOf(field: string): Float64Array {
    return this.lengths[field] ?? new Float64Array(0);
  }

  /** Mean note length of `field` over the notes; 0 when there are none. */
  averageLength(field: string): number {
    return this.notes > 0 ? (this.totals[field] ?? 0) / this.notes : 0;
  }

  /** Adds a chunk of the note at `path`; `lengthOf(field)` gives the chunk's field lengths as indexed. */
  add(internalId: number, path: string, lengthOf: (field: string) => number): void {
    if (this.noteOf(internalId) >= 0) return;
    const ordinal = this.ordinalOf(path);
    this.growChunks(internalId);
    this.noteOfChunk[internalId] = ordinal;
    const first = this.chunkCounts[ordinal] === 0;
    this.chunkCounts[ordinal] = (this.chunkCounts[ordinal] ?? 0) + 1;
    for (const f of this.fields) {
      if (this.noteWide.has(f) && !first) continue;
      this.change(f, ordinal, lengthOf(f));
    }
  }

  /** Adds or removes a chunk with its field lengths as the postings `fields` hold them now. */
  track(op: "add" | "remove", internalId: number, path: string, fields: Readonly<Record<string, FieldPostings>>): void {
    this[op](internalId, path, (field) => fields[field]?.lengthOf(internalId) ?? 0);
  }

  /**
   * `track("add", …)` for chunks `from…to` of a restore, `idOf[i]` chunk i's internal id and `pathOf(i)` its note's
   * path: the same ordinals, lengths and totals as adding them one at a time (lengths are whole numbers, so their sums
   * are exact in any order), with one ordinal lookup per run of a note's chunks and no closure or field lookup per
   * chunk (a 10,000-note load adds 30,000 chunks).
   */
  addMany(idOf: Int32Array, pathOf: (i: number) => string, from: number, to: number, fields: Readonly<Record<string, FieldPostings>>): void {
    const names = this.fields;
    const postings = names.map((f) => fields[f]);
    const wide = names.map((f) => this.noteWide.has(f));
    const added = new Float64Array(names.length);
    let lengths = names.map((f) => this.lengths[f]);
    let path: string | undefined;
    let ordinal = -1;
    for (let i = from; i < to; i++) {
      const id = idOf[i]!;
      if (this.noteOf(id) >= 0) continue;
      const p = pathOf(i);
      if (p !== path) {
        path = p;
        const capacity = this.chunkCounts.length;
        ordinal = this.ordinalOf(p);
        if (this.chunkCounts.length !== capacity) lengths = names.map((f) => this.lengths[f]);
      }
      this.growChunks(id);
      this.noteOfChunk[id] = ordinal;
      const first = this.chunkCounts[ordinal] === 0;
      this.chunkCounts[ordinal]!++;
      for (let k = 0; k < names.length; k++) {
        const row = lengths[k];
        if (!row || (wide[k] && !first)) continue;
        const n = postings[k]?.lengthOf(id) ?? 0;
        row[ordinal]! += n;
        added[k]! += n;
      }
    }
    for (let k = 0; k < names.length; k++) this.totals[names[k]!] = (this.totals[names[k]!] ?? 0) + added[k]!;
  }

  /** Takes a chunk out; `lengthOf` must give the lengths it was added with. Unknown chunks are ignored. */
  remove(internalId: number, path: string, lengthOf: (field: string) => number): void {
    const ordinal = this.noteOf(internalId);
    if (ordinal < 0) return;
    this.noteOfChunk[internalId] = -1;
    const left = (this.chunkCounts[ordinal] ?? 1) - 1;
    this.chunkCounts[ordinal] = left;
    for (const f of this.fields) {
      if (!this.noteWide.has(f)) this.change(f, ordinal, -lengthOf(f));
      else if (left === 0) this.change(f, ordinal, -(this.lengths[f]?.[ordinal] ?? 0));
    }
    if (left > 0) return;
    this.ordinals.delete(path);
    this.free.push(ordinal);
    this.notes--;
  }

  /** The ordinal of the note at `path`, given now if it has none. */
  private ordinalOf(path: string): number {
    let ordinal = this.ordinals.get(path);
    if (ordinal === undefined) {
      ordinal = this.free.pop() ?? this.ordinalCount++;
      this.ordinals.set(path, ordinal);
      this.grow(ordinal);
      this.notes++;
    }
    return ordinal;
  }

  private change(field: string, ordinal: number, delta: number): void {
    const lengths = this.lengths[field];
    if (!lengths) return;
    lengths[ordinal] = (lengths[ordinal] ?? 0) + delta;
    this.totals[field] = (this.totals[field] ?? 0) + delta;
  }

  private grow(ordinal: number): void {
    if (ordinal < this.chunkCounts.length) return;
    const size = Math.max(ordinal + 1, this.chunkCounts.length * 2);
    this.chunkCounts = grown(this.chunkCounts, size, 0);
    for (const f of this.fields) this.lengths[f] = grown(this.lengths[f] ?? new Float64Array(0), size, 0);
  }

  private growChunks(internalId: number): void {
    if (internalId < this.noteOfChunk.length) return;
    this.noteOfChunk = grown(this.noteOfChunk, Math.max(internalId + 1, this.noteOfChunk.length * 2), -1);
  }
}

function grown<A extends Int32Array | Float64Array>(a: A, size: number, fill: number): A {
  const next = new (a.constructor as new (n: number) => A)(size);
  next.fill(fill);
  next.set(a);
  return next;
}
