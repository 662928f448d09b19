import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { err, ok, type Result } from "../core/result";
import { failure } from "../core/errors/messages";
import type { NoteSource, NoteStat } from "../core/sync/notes/note-source";

/** Folders never walked besides dot-folders (`.obsidian`, `.trash`, `.git`, ...): dependencies, not notes. */
const SKIPPED_FOLDERS = new Set(["node_modules"]);

/** Stat calls in flight at once while listing. */
const STAT_BATCH = 64;

/**
 * The notes of a vault folder on disk, for the CLI, the benchmarks and the tests: every `*.md` file below `root`,
 * skipping dot-folders and `node_modules`. Symbolic links are not followed, so a link loop can't hang the walk.
 * Paths are relative to `root` with "/" separators, like vault paths.
 */
export class FolderNoteSource implements NoteSource {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async list(): Promise<Result<NoteStat[]>> {
    const files: string[] = [];
    const walked = await this.walk("", files, true);
    if (!walked.ok) return walked;
    const out: NoteStat[] = [];
    for (let i = 0; i < files.length; i += STAT_BATCH) {
      const stats = await Promise.all(files.slice(i, i + STAT_BATCH).map((p) => this.stat(p)));
      for (const s of stats) if (s.ok && s.value) out.push(s.value);
    }
    return ok(out);
  }

  async stat(path: string): Promise<Result<NoteStat | null>> {
    const abs = this.absolute(path);
    if (!abs.ok) return abs;
    try {
      const s = await stat(abs.value);
      return ok(s.isFile() ? { path, mtime: s.mtimeMs, size: s.size } : null);
    } catch (cause) {
      if (isMissing(cause)) return ok(null);
      return err(failure("vaultNoteUnreadable", { path, vault: this.root }, cause));
    }
  }

  async read(path: string): Promise<Result<string>> {
    const abs = this.absolute(path);
    if (!abs.ok) return abs;
    try {
      return ok(await readFile(abs.value, "utf8"));
    } catch (cause) {
      return err(failure("vaultNoteUnreadable", { path, vault: this.root }, cause));
    }
  }

  /** Collects markdown paths below `dir`; only a failure to read the root itself is an error. */
  private async walk(dir: string, out: string[], isRoot: boolean): Promise<Result<void>> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir === "" ? this.root : join(this.root, dir), { withFileTypes: true });
    } catch (cause) {
      if (!isRoot) return ok(undefined);
      return err(failure("vaultUnreadable", { path: this.root }, cause));
    }
    for (const e of entries) {
      const path = dir === "" ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory() && !e.name.startsWith(".") && !SKIPPED_FOLDERS.has(e.name)) await this.walk(path, out, false);
      else if (e.isFile() && e.name.toLowerCase().endsWith(".md")) out.push(path);
    }
    return ok(undefined);
  }

  /** The file behind a vault path; paths that would leave the root are refused. */
  private absolute(path: string): Result<string> {
    const abs = resolve(this.root, ...path.split("/"));
    if (abs !== this.root && abs.startsWith(this.root + sep)) return ok(abs);
    return err(failure("pathOutsideVault", { path, vault: this.root }));
  }
}

function isMissing(cause: unknown): boolean {
  const code = typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
  return code === "ENOENT" || code === "ENOTDIR";
}
