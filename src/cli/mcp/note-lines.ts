import { readFile, realpath } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { err, ok, type Result } from "../../core/result";
import { failure } from "../../core/errors/messages";
import { looksBinary } from "../../core/sync/notes/note-prep";
import { judgeRealPath } from "../../core/sync/notes/real-path";

/** Lines `get` returns unless asked for fewer. */
export const DEFAULT_GET_LINES = 200;
/** Most lines one `get` returns; the agent pages on with `fromLine`. */
export const MAX_GET_LINES = 2000;
/**
 * Most characters of text one `get` returns, whatever the line count, so one huge note can't flood the context.
 * Lines come whole; only a line longer than this alone is served in pieces (see `fromChar`).
 */
export const MAX_GET_CHARS = 60_000;
/** Smallest `maxChars` an agent may ask for: below it, paging a long line would take absurdly many calls. */
export const MIN_GET_CHARS = 100;

/** Where the next `get` of a note starts: the arguments to pass back. */
export interface NextRead {
  fromLine: number;
  /** Present when line `fromLine` was cut: the character of it to go on from. */
  fromChar?: number;
}

/** A window of a note's lines. */
export interface NoteLines {
  path: string;
  /** Lines in the whole note. */
  totalLines: number;
  /** First and last line returned, 1-based; `toLine` is `fromLine - 1` when none were. */
  fromLine: number;
  toLine: number;
  /** Present when the first line starts mid-line: the character it starts at (0-based, as asked). */
  fromChar?: number;
  /** True when anything of the note is left after this window: ask again with `next`. */
  more: boolean;
  /** Present when `more`: the `fromLine` (and `fromChar`, when line `toLine` was cut) to ask for next. */
  next?: NextRead;
  /** The lines, each as "<number>\t<text>"; a line cut for length ends where `next.fromChar` picks it up. */
  text: string;
}

/** Which part of the note to read. */
export interface LineWindow {
  /** First line, 1-based. */
  fromLine: number;
  /** Character of `fromLine` to start at, 0-based (a long line's continuation). Default 0. */
  fromChar?: number;
  /** Most lines. */
  maxLines: number;
  /** Most characters of text. Default `MAX_GET_CHARS`. */
  maxChars?: number;
}

/**
 * Reads a window of a note's lines (see `LineWindow`). The file's real path (symbolic links resolved) must stay
 * inside the vault, and it must be text as the indexer decides (`looksBinary`). `missing` in the error's place: the
 * note does not exist.
 */
export async function readNoteLines(vaultDir: string, path: string, window: LineWindow): Promise<Result<NoteLines> | { missing: true }> {
  const root = await realpath(vaultDir).catch(() => resolve(vaultDir));
  let file: string;
  try {
    file = await realpath(resolve(root, ...path.split("/")));
  } catch {
    return { missing: true };
  }
  const verdict = judgeRealPath(root, file, path, sep);
  if (verdict !== "same") return err(failure(verdict === "outside" ? "noteLinksOutside" : "noteIsLink", { path }));
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (cause) {
    return err(failure("fileUnreadable", { path }, cause));
  }
  if (looksBinary(content)) return err(failure("noteBinary", { path }));
  return windowOf(path, content, window);
}

/** The window of `content`'s lines: whole lines while they fit `maxChars`; a line too long alone comes in pieces. */
export function windowOf(path: string, content: string, window: LineWindow): Result<NoteLines> {
  const lines = content.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const { fromLine, maxLines } = window;
  const budget = Math.max(1, window.maxChars ?? MAX_GET_CHARS);
  const fromChar = window.fromChar ?? 0;
  const first = lines[fromLine - 1];
  if (fromChar > 0 && (first === undefined || fromChar >= first.length)) {
    return err(failure("getPastLineEnd", { fromChar, line: fromLine, length: first?.length ?? 0 }));
  }
  const out: string[] = [];
  let chars = 0;
  let next: NextRead | undefined;
  for (let n = fromLine; n <= lines.length; n++) {
    if (out.length >= maxLines) {
      next = { fromLine: n };
      break;
    }
    const start = n === fromLine ? fromChar : 0;
    const raw = (lines[n - 1] ?? "").slice(start);
    const prefix = `${n}\t`;
    if (out.length > 0 && chars + prefix.length + raw.length > budget) {
      next = { fromLine: n };
      break;
    }
    if (raw.length > budget) {
      // Alone and still too long: serve a piece, never splitting a surrogate pair.
      let end = budget;
      if (isHighSurrogate(raw.charCodeAt(end - 1))) end--;
      out.push(prefix + raw.slice(0, end));
      next = { fromLine: n, fromChar: start + end };
      break;
    }
    out.push(prefix + raw);
    chars += prefix.length + raw.length + 1;
  }
  return ok({
    path,
    totalLines: lines.length,
    fromLine,
    toLine: fromLine + out.length - 1,
    ...(fromChar > 0 ? { fromChar } : {}),
    more: next !== undefined,
    ...(next ? { next } : {}),
    text: out.join("\n"),
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
