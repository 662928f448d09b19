import { appError, err, ok, type Result } from "../../../../src/core/result";
import type { NoteSource, NoteStat } from "../../../../src/core/sync/notes/note-source";

export interface MemoryFile {
  text: string;
  mtime: number;
  /** Creation time, for sources that know it (see `DatedNoteSource`). */
  ctime?: number;
}

/** An in-memory vault. Every write gets a new, later mtime; a rename keeps it, as file systems do. */
export class MemoryNoteSource implements NoteSource {
  readonly files = new Map<string, MemoryFile>();
  /** Every path read, in order. */
  readonly reads: string[] = [];
  /** When set, `list` fails with this. */
  listFails = false;
  private tick = 1_000_000;

  write(path: string, text: string): void {
    this.files.set(path, { text, mtime: ++this.tick });
  }

  remove(path: string): void {
    this.files.delete(path);
  }

  rename(from: string, to: string): void {
    const f = this.files.get(from);
    if (!f) return;
    this.files.delete(from);
    this.files.set(to, f);
  }

  text(path: string): string | undefined {
    return this.files.get(path)?.text;
  }

  list(): Promise<Result<NoteStat[]>> {
    if (this.listFails) return Promise.resolve(err(appError("IO", "Can't list the vault.")));
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

  protected statOf(path: string): NoteStat | null {
    const f = this.files.get(path);
    if (!f) return null;
    const ctime = f.ctime !== undefined ? { ctime: f.ctime } : {};
    return { path, mtime: f.mtime, ...ctime, size: new TextEncoder().encode(f.text).length };
  }
}
