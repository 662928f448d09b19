import { EventEmitter } from "node:events";
import { lstatSync, readdirSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";

/** What `VaultWatcher` needs of a watcher: a way to stop it, and word when it fails. */
export interface Watching {
  close(): void;
  on(event: "error", listener: (cause: Error) => void): unknown;
}

/**
 * Watches the folder `root` and every folder below it, each with its own non-recursive `fs.watch` (inotify on
 * Linux), and calls `onChange` with the changed name relative to `root` ("/"-separated). Folders for which `skip`
 * says so by name, and symbolic links, are not entered. Throws like `fs.watch` when `root` itself can't be watched;
 * a later failure (the system's limit of watches reached) is an "error" event.
 *
 * Why not Node's recursive watch on Linux: Node 20 watches every file by its inode besides the folders, and takes
 * a file's later events from that watch only. An editor's atomic save renames a temp file over the note, which
 * replaces the note's inode: the watch stays on the old one, so the note's next changes and its delete are never
 * reported. A folder's watch reports names, whichever file they lead to, and needs no watch per file.
 */
export function watchFolderTree(root: string, onChange: (name: string | null) => void, skip: (name: string) => boolean): Watching {
  const tree = new FolderTree(root, onChange, skip);
  tree.add("", true);
  return tree;
}

class FolderTree extends EventEmitter implements Watching {
  /** Watched folders by path relative to the root ("" is the root), with the inode each watch is on. */
  private readonly folders = new Map<string, { watcher: FSWatcher; ino: number }>();
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly onChange: (name: string | null) => void,
    private readonly skip: (name: string) => boolean,
  ) {
    super();
  }

  close(): void {
    this.closed = true;
    for (const f of this.folders.values()) f.watcher.close();
    this.folders.clear();
  }

  /** Watches folder `rel` and every folder below it; a folder that vanished meanwhile is no failure. */
  add(rel: string, isRoot = false): void {
    if (this.closed) return;
    const abs = this.absolute(rel);
    let watcher: FSWatcher;
    let ino: number;
    try {
      ino = lstatSync(abs).ino;
      watcher = watch(abs, { persistent: true }, (_event, name) => this.onEvent(rel, name));
    } catch (cause) {
      if (isRoot) throw cause;
      if (!isMissing(cause)) this.emit("error", cause);
      return;
    }
    watcher.on("error", (cause) => {
      this.drop(rel);
      if (!isMissing(cause)) this.emit("error", cause);
    });
    this.folders.set(rel, { watcher, ino });
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory() && !this.skip(e.name)) this.add(rel === "" ? e.name : `${rel}/${e.name}`);
    }
  }

  private onEvent(folder: string, name: string | Buffer | null): void {
    if (this.closed) return;
    if (name === null) return this.onChange(null);
    const child = folder === "" ? name.toString() : `${folder}/${name.toString()}`;
    this.follow(child);
    this.onChange(child);
  }

  /**
   * Keeps the watches in step with a name that changed: a folder that appeared (made, moved in, or put in place
   * of another) is watched with everything below it; one that is gone is no longer watched.
   */
  private follow(child: string): void {
    const name = child.slice(child.lastIndexOf("/") + 1);
    if (this.skip(name)) return;
    let ino: number | undefined;
    try {
      const s = lstatSync(this.absolute(child));
      if (s.isDirectory()) ino = s.ino;
    } catch {
      // Gone: dropped below.
    }
    const watched = this.folders.get(child);
    if (watched ? watched.ino === ino : ino === undefined) return;
    this.drop(child);
    if (ino !== undefined) this.add(child);
  }

  /** Stops watching `rel` and every folder below it. */
  private drop(rel: string): void {
    for (const [path, f] of this.folders) {
      if (path === rel || path.startsWith(`${rel}/`)) {
        f.watcher.close();
        this.folders.delete(path);
      }
    }
  }

  private absolute(rel: string): string {
    return rel === "" ? this.root : join(this.root, ...rel.split("/"));
  }
}

function isMissing(cause: unknown): boolean {
  const code = typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
  return code === "ENOENT" || code === "ENOTDIR";
}
