import type { NoteStat } from "../../../../src/core/sync/notes/note-source";
import { MemoryNoteSource } from "./memory-note-source";

/** An in-memory vault whose notes have the modification and creation times a test gives them. */
export class DatedNoteSource extends MemoryNoteSource {
  /** When false, stats carry no creation time (a source that can't tell it). */
  withCtime = true;

  /** Writes a note with the times given; without `mtime`, as `MemoryNoteSource` does (a new, later mtime). */
  override write(path: string, text: string, mtime?: number, ctime?: number): void {
    if (mtime === undefined) return super.write(path, text);
    this.files.set(path, { text, mtime, ...(ctime !== undefined ? { ctime } : {}) });
  }

  protected override statOf(path: string): NoteStat | null {
    const stat = super.statOf(path);
    if (!stat || this.withCtime) return stat;
    return { path: stat.path, mtime: stat.mtime, size: stat.size };
  }
}
