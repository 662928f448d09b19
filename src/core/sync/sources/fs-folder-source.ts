import { err, ok, type Result } from "../../result";
import { failure } from "../../errors/messages";
import type { NoteSource, NoteStat } from "../notes/note-source";
import { judgeRealPath } from "../notes/real-path";

/** The part of Node's `fs.promises` a folder is read with; the host hands it in, so core imports no Node module. */
export interface FolderFs {
  readdir(path: string, opts: { withFileTypes: true }): Promise<{ name: string; isDirectory(): boolean; isFile(): boolean }[]>;
  lstat(path: string): Promise<{ isFile(): boolean; mtimeMs: number; size: number }>;
  realpath(path: string): Promise<string>;
  readFile(path: string, encoding: "utf8"): Promise<string>;
}

/**
 * The Markdown notes below `root` on disk, through an `fs` the host hands in (the plugin's extra folders, read with
 * the desktop app's Node). As the CLI's folder source: dot-folders and `node_modules` are skipped, symbolic links are
 * never followed (the walk skips them, and `read` compares the file's real path with where its path says it is, so
 * a link out of the folder is refused). `sep` is the platform's separator.
 */
export class FsFolderSource implements NoteSource {
  private realRoot: Promise<string> | undefined;

  constructor(
    readonly root: string,
    private readonly fs: FolderFs,
    private readonly sep: string,
  ) {}

  async list(): Promise<Result<NoteStat[]>> {
    const out: NoteStat[] = [];
    const walked = await this.walk("", out);
    return walked.ok ? ok(out) : walked;
  }

  async stat(path: string): Promise<Result<NoteStat | null>> {
    try {
      const s = await this.fs.lstat(this.abs(path));
      return ok(s.isFile() && path.toLowerCase().endsWith(".md") ? { path, mtime: s.mtimeMs, size: s.size } : null);
    } catch {
      return ok(null);
    }
  }

  async read(path: string): Promise<Result<string>> {
    if (path.split("/").some((p) => p === ".." || p === "")) return err(failure("pathOutsideVault", { path, vault: this.root }));
    const abs = this.abs(path);
    let real: string;
    try {
      real = await this.fs.realpath(abs);
    } catch (cause) {
      return err(failure("vaultNoteUnreadable", { path, vault: this.root }, cause));
    }
    this.realRoot ??= this.fs.realpath(this.root).catch(() => this.root);
    const verdict = judgeRealPath(await this.realRoot, real, path, this.sep);
    if (verdict !== "same") return err(failure(verdict === "outside" ? "noteLinksOutside" : "noteIsLink", { path }));
    try {
      return ok(await this.fs.readFile(real, "utf8"));
    } catch (cause) {
      return err(failure("vaultNoteUnreadable", { path, vault: this.root }, cause));
    }
  }

  private abs(path: string): string {
    return [this.root.replace(/[\\/]+$/, ""), ...path.split("/")].join(this.sep);
  }

  private async walk(dir: string, out: NoteStat[]): Promise<Result<void>> {
    let entries;
    try {
      entries = await this.fs.readdir(dir === "" ? this.root : this.abs(dir), { withFileTypes: true });
    } catch (cause) {
      return dir === "" ? err(failure("vaultUnreadable", { path: this.root }, cause)) : ok(undefined);
    }
    for (const e of entries) {
      const path = dir === "" ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules") {
        await this.walk(path, out);
      } else if (e.isFile() && e.name.toLowerCase().endsWith(".md")) {
        const s = await this.stat(path);
        if (s.ok && s.value) out.push(s.value);
      }
    }
    return ok(undefined);
  }
}
