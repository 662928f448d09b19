import type { NoteEvent, NoteSource, NoteStat } from "../notes/note-source";
import { extraRootsOf, type ExtraRoot } from "./extra-roots";
import type { MultiNoteSource } from "./multi-note-source";

/** What the keeper works on. */
export interface ExtraFolderKeeperDeps {
  /** The index's source; its extra folders are replaced on `apply`. */
  source: MultiNoteSource;
  /**
   * A source for one extra folder (the host reads the disk). Absent on a host that can't read folders outside the
   * vault (mobile): the folders of the setting are still known, so their indexed notes are kept as they are.
   */
  open?: (root: ExtraRoot) => NoteSource;
  /** Where note events go (the index service). */
  enqueue: (e: NoteEvent) => void;
  /** Paths the index holds now. */
  indexed: () => Iterable<string>;
}

/**
 * Keeps a host's extra folders in step with its setting and with the disk, for a host without file-system events
 * for them (the plugin: Obsidian only reports the vault). `apply` swaps the folders in at once: the notes of a folder
 * taken out leave the index, those of a new one come in. `rescan` compares each folder's listing with the last one
 * and sends what changed.
 */
export class ExtraFolderKeeper {
  private roots: ExtraRoot[] = [];
  private readonly listings = new Map<string, ListingChanges>();
  /** Folders whose last listing failed. */
  private readonly unread = new Set<string>();

  constructor(private readonly deps: ExtraFolderKeeperDeps) {}

  /** The folders in force. */
  get current(): readonly ExtraRoot[] {
    return this.roots;
  }

  /**
   * Takes the folders at start-up, before the index reconciles with its source (which then finds their notes):
   * nothing is sent now; the first listing is the baseline of later `rescan`s.
   */
  async start(dirs: readonly string[]): Promise<void> {
    this.roots = extraRootsOf(dirs);
    this.hand(this.roots);
    for (const r of this.roots) this.listings.set(r.prefix, new ListingChanges());
    await this.rescan();
  }

  /** Where an index path of an extra folder is on disk, joined with `sep`; undefined when no folder has it. */
  fileOf(path: string, sep: string): string | undefined {
    const root = this.roots.find((r) => path.startsWith(r.prefix));
    return root ? [root.dir.replace(/[\\/]+$/, ""), ...path.slice(root.prefix.length).split("/")].join(sep) : undefined;
  }

  /** Switches to the folders `dirs`; resolves once the new folders' notes are sent to the index. */
  async apply(dirs: readonly string[]): Promise<void> {
    const next = extraRootsOf(dirs);
    const gone = this.roots.filter((r) => !next.some((n) => n.prefix === r.prefix && n.dir === r.dir));
    const added = next.filter((n) => !this.roots.some((r) => n.prefix === r.prefix && n.dir === r.dir));
    this.roots = next;
    this.hand(next);
    if (gone.length > 0) {
      for (const path of this.deps.indexed()) {
        if (gone.some((r) => path.startsWith(r.prefix)) && !added.some((r) => path.startsWith(r.prefix))) this.deps.enqueue({ kind: "delete", path });
      }
    }
    for (const r of gone) {
      this.listings.delete(r.prefix);
      this.unread.delete(r.prefix);
    }
    for (const r of added) this.listings.set(r.prefix, new ListingChanges());
    await this.rescan(added, true);
  }

  private hand(roots: readonly ExtraRoot[]): void {
    const open = this.deps.open;
    if (open) this.deps.source.setExtras(roots.map((root) => ({ root, source: open(root) })));
    else this.deps.source.setExtras([], roots);
  }

  /** Compares the folders' listings with the last ones and sends what changed (a new folder: all its notes). */
  async rescan(roots: readonly ExtraRoot[] = this.roots, fresh = false): Promise<void> {
    for (const root of roots) {
      const extra = this.deps.source.extras.find((e) => e.root.prefix === root.prefix);
      const changes = this.listings.get(root.prefix);
      if (!extra || !changes) continue;
      const listed = await extra.source.list();
      // An unreadable folder (a drive not mounted) keeps its notes until it is readable or taken out of the setting;
      // then every note it lists is looked at again (by stat: only what changed meanwhile is read).
      if (!listed.ok) {
        this.unread.add(root.prefix);
        continue;
      }
      const events = changes.next(listed.value);
      const all = fresh || this.unread.delete(root.prefix);
      const out: NoteEvent[] = all ? listed.value.map((s) => ({ kind: "upsert", path: s.path })) : events;
      for (const e of out) this.deps.enqueue({ ...e, path: root.prefix + e.path });
    }
  }
}

/**
 * Turns successive listings of a folder into note events: what appeared or changed (mtime or size) is an upsert,
 * what vanished a delete. For sources without file-system events (the plugin's extra folders); the first listing
 * is the baseline and reports nothing.
 */
export class ListingChanges {
  private known: Map<string, NoteStat> | undefined;

  next(listing: readonly NoteStat[]): NoteEvent[] {
    const now = new Map(listing.map((s) => [s.path, s]));
    const before = this.known;
    this.known = now;
    if (!before) return [];
    const out: NoteEvent[] = [];
    for (const [path, s] of now) {
      const was = before.get(path);
      if (!was || was.mtime !== s.mtime || was.size !== s.size) out.push({ kind: "upsert", path });
    }
    for (const path of before.keys()) if (!now.has(path)) out.push({ kind: "delete", path });
    return out;
  }
}
