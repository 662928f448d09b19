import { watch } from "node:fs";
import type { NoteEvent, NoteSource, NoteStat } from "../../core/sync/notes/note-source";
import { watchFolderTree, type Watching } from "./folder-tree-watch";

/** How a vault folder is watched. */
export interface VaultWatcherOptions {
  /** Where to send the changes; the sync engine debounces them (`settings.debounceMs`), as with Obsidian's events. */
  enqueue: (e: NoteEvent) => void;
  /** Lists the notes for a full comparison (the CLI's `FolderNoteSource`, which skips dot-folders). */
  source: NoteSource;
  /** Logs a line on stderr. */
  log: (line: string) => void;
  /**
   * Compare the whole listing with the last one this often (ms), in case the platform dropped events (network
   * drives, editors that swap files, a watcher error). Default 60,000.
   */
  rescanMs?: number;
  /**
   * Watches the tree below root; tests pass one that fails as on a platform without it. Default: one watch per
   * folder on Linux (`watchFolderTree`: Node's recursive watch there loses a note after an atomic save), Node's
   * recursive `fs.watch` elsewhere (native on macOS and Windows).
   */
  watch?: (root: string, onChange: (name: string | Buffer | null) => void) => Watching;
}

const treeWatch = (root: string, onChange: (name: string | Buffer | null) => void): Watching =>
  process.platform === "linux"
    ? watchFolderTree(root, onChange, skippedName)
    : watch(root, { recursive: true }, (_event, name) => onChange(name));

/** Listing comparisons when the platform gives no events at all. */
const POLL_WITHOUT_EVENTS_MS = 5_000;

/** Folders whose changes are never notes: config, trash, version control, dependencies (the source skips them too). */
function ignored(path: string): boolean {
  return path.split("/").some(skippedName);
}

function skippedName(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/**
 * Turns file-system events under `root` into note events. A markdown path is passed on as is (the engine stats
 * it, so the kind of event doesn't matter); anything else (a folder created, moved or deleted) and a watcher
 * error set off a comparison of the whole listing with the previous one, which passes on exactly the notes that
 * appeared, vanished or changed. Watches one folder at a time on Linux, `fs.watch` recursive elsewhere.
 */
export class VaultWatcher {
  private watcher: Watching | undefined;
  private known = new Map<string, NoteStat>();
  private rescanTimer: ReturnType<typeof setInterval> | undefined;
  private rescanning: Promise<void> | undefined;
  private rescanAgain = false;

  constructor(
    private readonly root: string,
    private readonly opts: VaultWatcherOptions,
  ) {}

  /** Takes the first listing (the baseline) and starts watching. */
  async start(): Promise<void> {
    await this.compare(false);
    let every = this.rescanMs();
    try {
      this.watcher = (this.opts.watch ?? treeWatch)(this.root, (name) => this.onEvent(name));
      this.watcher.on("error", (cause) => {
        this.opts.log(`File watching stopped (${cause.message}); changes are picked up within ${every / 1000} s instead.`);
        this.watcher?.close();
        this.watcher = undefined;
        void this.rescan();
      });
    } catch (cause) {
      // No watching at all here (a platform without recursive fs.watch, or no watches left): compare listings often.
      every = Math.min(every, POLL_WITHOUT_EVENTS_MS);
      this.opts.log(`Can't watch ${this.root} (${cause instanceof Error ? cause.message : String(cause)}); looking for changes every ${every / 1000} s.`);
    }
    this.rescanTimer = setInterval(() => void this.rescan(), every);
    this.rescanTimer.unref();
  }

  close(): void {
    this.watcher?.close();
    this.watcher = undefined;
    if (this.rescanTimer) clearInterval(this.rescanTimer);
  }

  /** Compares the listing with the last one now (also what folder events do). */
  rescan(): Promise<void> {
    if (this.rescanning) {
      this.rescanAgain = true;
      return this.rescanning;
    }
    this.rescanning = this.compare(true).finally(() => {
      this.rescanning = undefined;
      if (this.rescanAgain) {
        this.rescanAgain = false;
        void this.rescan();
      }
    });
    return this.rescanning;
  }

  private onEvent(name: string | Buffer | null): void {
    if (name === null) return void this.rescan();
    const path = name.toString().split("\\").join("/");
    if (ignored(path)) return;
    if (path.toLowerCase().endsWith(".md")) this.opts.enqueue({ kind: "upsert", path });
    else void this.rescan();
  }

  private async compare(report: boolean): Promise<void> {
    const listed = await this.opts.source.list();
    if (!listed.ok) return this.opts.log(listed.error.message);
    const now = new Map(listed.value.map((s) => [s.path, s]));
    if (report) {
      for (const [path, s] of now) {
        const before = this.known.get(path);
        if (!before || before.mtime !== s.mtime || before.size !== s.size) this.opts.enqueue({ kind: "upsert", path });
      }
      for (const path of this.known.keys()) if (!now.has(path)) this.opts.enqueue({ kind: "delete", path });
    }
    this.known = now;
  }

  private rescanMs(): number {
    return this.opts.rescanMs ?? 60_000;
  }
}
