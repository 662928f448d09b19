import { readFile, realpath } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { err, ok, type Result } from "../../core/result";
import { failure } from "../../core/errors/messages";
import { judgeRealPath } from "../../core/sync/notes/real-path";

/** Lines `get` returns unless asked for fewer. */
export const DEFAULT_GET_LINES = 200;
/** Most lines one `get` returns; the agent pages on with `fromLine`. */
export const MAX_GET_LINES = 2000;
/** Most characters of text one `get` returns, whatever the line count, so one huge note can't flood the context. */
const MAX_GET_CHARS = 60_000;
/** A longer line is cut, with an ellipsis. */
const MAX_LINE_CHARS = 2_000;

/** A window of a note's lines. */
export interface NoteLines {
  path: string;
  /** Lines in the whole note. */
  totalLines: number;
  /** First and last line returned, 1-based; `toLine` is `fromLine - 1` when none were. */
  fromLine: number;
  toLine: number;
  /** True when the note goes on after `toLine`: ask again with `fromLine: toLine + 1`. */
  more: boolean;
  /** The lines, each as "<number>\t<text>". */
  text: string;
}

/**
 * Reads lines `fromLine`… of a note, at most `maxLines` and `MAX_GET_CHARS`. As for indexing, a symbolic link is
 * never followed: the file's real path must be the note's own path in the vault (see `judgeRealPath`), so `get`
 * reads exactly the notes that search can return. `missing` in the error code's place: the note does not exist.
 */
export async function readNoteLines(
  vaultDir: string,
  path: string,
  fromLine: number,
  maxLines: number,
): Promise<Result<NoteLines> | { missing: true }> {
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
  const lines = content.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const out: string[] = [];
  let chars = 0;
  let n = fromLine;
  for (; n <= lines.length && out.length < maxLines; n++) {
    const raw = lines[n - 1] ?? "";
    const line = `${n}\t${raw.length > MAX_LINE_CHARS ? `${raw.slice(0, MAX_LINE_CHARS)}…` : raw}`;
    if (chars + line.length > MAX_GET_CHARS && out.length > 0) break;
    out.push(line);
    chars += line.length + 1;
  }
  return ok({ path, totalLines: lines.length, fromLine, toLine: n - 1, more: n <= lines.length, text: out.join("\n") });
}
