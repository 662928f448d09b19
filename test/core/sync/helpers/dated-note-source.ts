import { appError, err, ok, type Result } from "../../../../src/core/result";
import type { NoteSource, NoteStat } from "../../../../src/core/sync/notes/note-source";

/** An in-memory vault whose notes have the modification and creation times a test gives them. */
export class DatedNoteSource implements NoteSource {
  readonly files = new Map<string, { text: string; mtime: number; ctime?: number }>();
  /** Every path read, in order. */
  readonly reads: string[] = [];
  /** When false, stats carry no creation time (a source that can't tell it). */
  withCtime = true;

  write(path: string, text: string, mtime: number, ctime?: number): void {
    this.files.set(path, { text, mtime, ...(ctime !== undefined ? { ctime } : {}) });
  }

  list(): Promise<Result<NoteStat[]>> {
    return Promise.resolve(ok([...this.files.keys()].map((p) => this.statOf(p) as NoteStat)));
  }

  stat(path: string): Promise<Result<NoteStat | null>> {
    return Promise.resolve(ok(this.statOf(path)));
  }

  read(path: string): Promise<Result<string>> {
    this.reads.push(path);
    const f = this.files.get(path);
    return Promise.resolve(f ? ok(f.text) : err(appError("IO", `Can't read ${path}.`)));
  }

  private statOf(path: string): NoteStat | null {
    const f = this.files.get(path);
    if (!f) return null;
    const ctime = this.withCtime && f.ctime !== undefined ? { ctime: f.ctime } : {};
    return { path, mtime: f.mtime, ...ctime, size: new TextEncoder().encode(f.text).length };
  }
}
