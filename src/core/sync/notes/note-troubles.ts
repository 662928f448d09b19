import { failure } from "../../errors/messages";
import type { AppError } from "../../result";

/** Where a note that failed to index is reported: its error stands while any such note is left. */
export interface TroubleHooks {
  fail(e: AppError): void;
  /** No note that failed to index is left. */
  cleared(): void;
}

/** What a round of notes reports about single notes. */
export interface NoteReport {
  /** The note was larger than `maxNoteBytes` and only its beginning is indexed. */
  noteCut(path: string): void;
  /** The file is named .md but is not text: it is recorded without chunks (not read again until it changes). */
  noteBinary(path: string): void;
  /**
   * Indexing the note failed on an unexpected error: it is left out of the index and the record (so the next scan
   * tries it again) and must be reported by name.
   */
  noteFailed(path: string, cause: unknown): void;
  /** The note was indexed or removed: a failure reported for it is over. */
  noteIndexed(path: string): void;
}

/**
 * Notes the user must hear about: cut at `maxNoteBytes`, named .md but not text (both told in one notice when the
 * actor goes idle), and failed to index on an unexpected error (named in the status until each indexes or is gone).
 */
export class NoteTroubles implements NoteReport {
  private cut: string[] = [];
  private binary: string[] = [];
  private readonly unindexed = new Map<string, string>();

  constructor(private readonly hooks: TroubleHooks) {}

  noteCut(path: string): void {
    this.cut.push(path);
  }

  noteBinary(path: string): void {
    this.binary.push(path);
  }

  noteFailed(path: string, cause: unknown): void {
    this.unindexed.set(path, cause instanceof Error ? cause.message : String(cause));
    this.hooks.fail(notIndexedError([...this.unindexed.keys()], cause));
  }

  noteIndexed(path: string): void {
    if (!this.unindexed.delete(path)) return;
    if (this.unindexed.size === 0) this.hooks.cleared();
    else this.hooks.fail(notIndexedError([...this.unindexed.keys()], undefined));
  }

  /**
   * A scan listed the source: a failed note is not in the record, so the scan queues it again (`queued`) unless it
   * is gone, and then its failure is over.
   */
  scanned(queued: (path: string) => boolean): void {
    for (const path of [...this.unindexed.keys()]) if (!queued(path)) this.noteIndexed(path);
  }

  /** Notes that failed to index, with the error's message. */
  failedNotes(): { path: string; reason: string }[] {
    return [...this.unindexed].map(([path, reason]) => ({ path, reason }));
  }

  /** The notices for notes cut or not text since the last call. */
  takeNotices(maxNoteBytes: number): string[] {
    const notices: string[] = [];
    if (this.cut.length > 0) notices.push(cutNotice(this.cut, maxNoteBytes));
    if (this.binary.length > 0) notices.push(binaryNotice(this.binary));
    this.cut = [];
    this.binary = [];
    return notices;
  }
}

function firstFew(paths: readonly string[]): string {
  return paths.slice(0, 3).join(", ") + (paths.length > 3 ? ", …" : "");
}

function binaryNotice(paths: readonly string[]): string {
  return `${paths.length} file(s) named .md are not text, so they are skipped: ${firstFew(paths)}.`;
}

function notIndexedError(paths: readonly string[], cause: unknown): AppError {
  return failure("notesNotIndexed", { count: paths.length, names: firstFew(paths) }, cause);
}

function cutNotice(paths: readonly string[], maxBytes: number): string {
  const mb = (maxBytes / (1024 * 1024)).toFixed(1);
  return `${paths.length} note(s) are larger than ${mb} MB, so only their first ${mb} MB are searchable: ${firstFew(paths)}.`;
}
