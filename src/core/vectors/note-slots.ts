/**
 * Which note each slot of a `VectorStore` belongs to, as small note numbers, so that a scan keeps one best score per
 * note in a plain array. A note's number is freed with its last vector and given to the next new note.
 */
export class NoteSlots {
  private noteOf = new Int32Array(0);
  private readonly numberOf = new Map<string, number>();
  private readonly paths: (string | undefined)[] = [];
  private readonly vectorsOf: number[] = [];
  private readonly freeNumbers: number[] = [];

  /** Note numbers in use or free: arrays indexed by note number need this length. */
  get count(): number {
    return this.paths.length;
  }

  /** Note number of the vector in `slot` (meaningless for a free slot). */
  noteOfSlot(slot: number): number {
    return this.noteOf[slot] ?? -1;
  }

  /** Path of note number `note`, undefined when the number is free. */
  pathOf(note: number): string | undefined {
    return this.paths[note];
  }

  /** Note number of `path`, undefined when it has no vector. */
  numberOfPath(path: string): number | undefined {
    return this.numberOf.get(path);
  }

  grow(slots: number): void {
    if (this.noteOf.length >= slots) return;
    const next = new Int32Array(Math.max(slots, this.noteOf.length * 2));
    next.set(this.noteOf);
    this.noteOf = next;
  }

  place(slot: number, path: string): void {
    let note = this.numberOf.get(path);
    if (note === undefined) {
      note = this.freeNumbers.pop() ?? this.paths.length;
      this.numberOf.set(path, note);
      this.paths[note] = path;
      this.vectorsOf[note] = 0;
    }
    this.vectorsOf[note] = (this.vectorsOf[note] ?? 0) + 1;
    this.noteOf[slot] = note;
  }

  release(slot: number): void {
    const note = this.noteOf[slot] ?? -1;
    const path = this.paths[note];
    if (path === undefined) return;
    const left = (this.vectorsOf[note] ?? 1) - 1;
    this.vectorsOf[note] = left;
    if (left > 0) return;
    this.numberOf.delete(path);
    this.paths[note] = undefined;
    this.freeNumbers.push(note);
  }
}
