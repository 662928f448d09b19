import { normalizePath, TFile, type Component, type TAbstractFile, type Vault } from "obsidian";
import { err, ok, type Result } from "../core/result";
import type { NoteEvent, NoteSource, NoteStat } from "../core/sync/notes/note-source";
import { failure } from "../core/errors/messages";
import type { RealPathCheck } from "./vault-real-path";

/** The part of Obsidian's `Vault` the note source reads. */
export type NoteVault = Pick<Vault, "getMarkdownFiles" | "getFileByPath" | "cachedRead">;

/** Real paths checked at once while listing. */
const CHECK_BATCH = 64;

/**
 * Markdown notes of the vault, read through Obsidian's cache (`cachedRead`). With `realPath` (the desktop app), a
 * note whose file is reached through a symbolic link is left out and never read, as the CLI does: Obsidian follows
 * links out of the vault, and what they point to was never put in the vault by the user.
 */
export class VaultNoteSource implements NoteSource {
  constructor(
    private readonly vault: NoteVault,
    private readonly realPath?: RealPathCheck,
  ) {}

  async list(): Promise<Result<NoteStat[]>> {
    const files = this.vault.getMarkdownFiles();
    const check = this.realPath;
    if (!check) return ok(files.map(statOf));
    const out: NoteStat[] = [];
    for (let i = 0; i < files.length; i += CHECK_BATCH) {
      const batch = files.slice(i, i + CHECK_BATCH);
      const verdicts = await Promise.all(batch.map((f) => check(normalizePath(f.path))));
      for (const [j, f] of batch.entries()) if (verdicts[j] === "same") out.push(statOf(f));
    }
    return ok(out);
  }

  async stat(path: string): Promise<Result<NoteStat | null>> {
    const file = this.vault.getFileByPath(normalizePath(path));
    if (!file || !isNote(file)) return ok(null);
    if (this.realPath && (await this.realPath(normalizePath(path))) !== "same") return ok(null);
    return ok(statOf(file));
  }

  async read(path: string): Promise<Result<string>> {
    const file = this.vault.getFileByPath(normalizePath(path));
    if (!file) return err(failure("noteGone", { path }));
    const verdict = this.realPath ? await this.realPath(normalizePath(path)) : "same";
    if (verdict === "missing") return err(failure("noteGone", { path }));
    if (verdict !== "same") return err(failure(verdict === "outside" ? "noteLinksOutside" : "noteIsLink", { path }));
    try {
      return ok(await this.vault.cachedRead(file));
    } catch (cause) {
      return err(failure("fileUnreadable", { path }, cause));
    }
  }
}

/**
 * Forwards the vault's file events to `sink` as `NoteEvent`s, registered on `owner` so they stop when it unloads.
 * Call it inside `onLayoutReady`, or the vault's start-up `create` events for every file arrive too. Only markdown
 * files count; a folder rename arrives from Obsidian as one rename per file, and a rename that turns a note into
 * another kind of file is a delete.
 */
export function forwardVaultEvents(
  owner: Pick<Component, "registerEvent">,
  vault: Pick<Vault, "on">,
  sink: (e: NoteEvent) => void,
): void {
  const upsert = (f: TAbstractFile): void => {
    if (isNote(f)) sink({ kind: "upsert", path: normalizePath(f.path) });
  };
  owner.registerEvent(vault.on("create", upsert));
  owner.registerEvent(vault.on("modify", upsert));
  owner.registerEvent(
    vault.on("delete", (f) => {
      if (isNote(f)) sink({ kind: "delete", path: normalizePath(f.path) });
    }),
  );
  owner.registerEvent(
    vault.on("rename", (f, oldPath) => {
      const old = normalizePath(oldPath);
      if (isNote(f)) sink({ kind: "rename", path: normalizePath(f.path), oldPath: old });
      else if (old.toLowerCase().endsWith(".md")) sink({ kind: "delete", path: old });
    }),
  );
}

/** Obsidian's "Excluded files" setting (`userIgnoreFilters`, not in the public API), for `IndexSettings.hostIgnore`. */
export function hostIgnoreFilters(vault: Vault): string[] {
  const read = (vault as unknown as { getConfig?: (key: string) => unknown }).getConfig;
  const value = typeof read === "function" ? read.call(vault, "userIgnoreFilters") : null;
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === "string" && x.trim() !== "") : [];
}

function isNote(f: TAbstractFile): f is TFile {
  return f instanceof TFile && f.extension === "md";
}

function statOf(f: TFile): NoteStat {
  // Obsidian's ctime is the file's creation time; 0 (a file system that has none) counts as unknown.
  const ctime = f.stat.ctime > 0 ? { ctime: f.stat.ctime } : {};
  return { path: normalizePath(f.path), mtime: f.stat.mtime, ...ctime, size: f.stat.size };
}
