import { err, ok, type Result } from "../../result";
import { failure } from "../../errors/messages";
import type { NoteSource, NoteStat } from "../notes/note-source";
import { EXTRA_PREFIX, splitExtraPath, type ExtraRoot } from "./extra-roots";

/** An extra folder's notes, as the host reads them (paths relative to the folder). */
export interface ExtraSource {
  root: ExtraRoot;
  source: NoteSource;
}

/**
 * The vault's notes plus those of folders outside it, as one source: an extra folder's note `a/b.md` is
 * `.extra/<name>/a/b.md` here. Each folder's source guards its own root (a link out of it is refused, as in the
 * vault). A folder that is configured but can't be read here (`unreadable`: mobile has no Node; or its listing
 * fails: a drive not mounted, a path of another computer) is one of `keptPrefixes`, so its indexed notes stay as
 * they are instead of being removed here and added back by the device that reads it (index churn in the sync tool).
 * Leaving the folder out of the configuration removes them.
 */
export class MultiNoteSource implements NoteSource {
  private readonly byName = new Map<string, ExtraSource>();
  private unreadable: string[] = [];
  private unlisted: string[] = [];

  constructor(
    private readonly vault: NoteSource,
    extras: readonly ExtraSource[],
    unreadable: readonly ExtraRoot[] = [],
  ) {
    this.setExtras(extras, unreadable);
  }

  /**
   * Replaces the extra folders (the plugin's setting changed); `unreadable` are configured folders this host has no
   * way to read (their notes are kept). The index learns of it from the events the host sends (see
   * `ExtraFolderKeeper`) or at its next full comparison.
   */
  setExtras(extras: readonly ExtraSource[], unreadable: readonly ExtraRoot[] = []): void {
    this.byName.clear();
    for (const e of extras) this.byName.set(e.root.name, e);
    this.unreadable = unreadable.map((r) => r.prefix);
    this.unlisted = [];
  }

  /** The prefixes of configured folders the last listing could not see (see `NoteSource.keptPrefixes`). */
  keptPrefixes(): readonly string[] {
    return [...this.unreadable, ...this.unlisted];
  }

  /** The extra folders, in the order given. */
  get extras(): ExtraSource[] {
    return [...this.byName.values()];
  }

  async list(): Promise<Result<NoteStat[]>> {
    const listed = await this.vault.list();
    if (!listed.ok) return listed;
    const out = listed.value.filter((s) => !s.path.startsWith(EXTRA_PREFIX));
    const unlisted: string[] = [];
    for (const { root, source } of this.byName.values()) {
      const more = await source.list();
      if (!more.ok) unlisted.push(root.prefix);
      else for (const s of more.value) out.push({ ...s, path: root.prefix + s.path });
    }
    this.unlisted = unlisted;
    return ok(out);
  }

  async stat(path: string): Promise<Result<NoteStat | null>> {
    const at = this.route(path);
    if (!at) return ok(null);
    const s = await at.source.stat(at.inner);
    if (!s.ok || !s.value) return s;
    return ok({ ...s.value, path });
  }

  async read(path: string): Promise<Result<string>> {
    const at = this.route(path);
    if (!at) return err(failure("noteGone", { path }));
    return at.source.read(at.inner);
  }

  /** The source and its own path for an index path; undefined for an extra folder not (or no longer) configured. */
  route(path: string): { source: NoteSource; inner: string; root?: ExtraRoot } | undefined {
    if (!path.startsWith(EXTRA_PREFIX)) return { source: this.vault, inner: path };
    const split = splitExtraPath(path);
    const extra = split ? this.byName.get(split.name) : undefined;
    return split && extra ? { source: extra.source, inner: split.inner, root: extra.root } : undefined;
  }
}
