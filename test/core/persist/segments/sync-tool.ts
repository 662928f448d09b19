import type { MemoryFileStore } from "../memory-file-store";

/** A version vector: how many changes each device made to a file. */
type Versions = Map<string, number>;

/** What a device's sync tool knows of one file: its versions, and its bytes (null once deleted: a tombstone). */
interface Entry {
  versions: Versions;
  bytes: Uint8Array | null;
}

/**
 * One device as a sync tool like Syncthing sees it: the files of its index folder with a version vector each. Local
 * changes (the writer's) are found by a scan; files arriving from another device are written straight into the
 * store, past the writer, as a sync tool does.
 */
export class SyncedDevice {
  readonly entries = new Map<string, Entry>();
  private copies = 1;

  constructor(
    readonly id: string,
    readonly store: MemoryFileStore,
    /** How this device's tool names a conflict copy of `index-manifest.bin` (n counts its copies). */
    readonly copyName: (n: number) => string,
    /** In a conflict, whether this side's file stays (iCloud, Dropbox) or the other one takes its place (Syncthing's newer one). */
    readonly keepMine: () => boolean = () => true,
  ) {}

  /** Notices what changed on disk since the last scan, as the tool's watcher would. */
  scan(): void {
    for (const [path, bytes] of this.store.files) {
      if (!synced(path)) continue;
      const e = this.entries.get(path);
      // Files are replaced whole, never changed in place: the same array is the same content.
      if (e?.bytes && (e.bytes === bytes || same(e.bytes, bytes))) continue;
      this.entries.set(path, { versions: bump(e?.versions, this.id), bytes });
    }
    for (const [path, e] of this.entries) {
      if (e.bytes && !this.store.files.has(path)) this.entries.set(path, { versions: bump(e.versions, this.id), bytes: null });
    }
  }

  /** Takes `from`'s version of `path` when it is newer; a concurrent change keeps both (see class). True if anything changed. */
  receive(from: SyncedDevice, path: string, scanned = false): boolean {
    if (!scanned) {
      from.scan();
      this.scan();
    }
    const theirs = from.entries.get(path);
    if (!theirs) return false;
    const mine = this.entries.get(path);
    const order = mine ? compare(theirs.versions, mine.versions) : "newer";
    if (order === "equal" || order === "older") return false;
    if (order === "newer" || !mine) {
      this.apply(path, { versions: new Map(theirs.versions), bytes: theirs.bytes });
      return true;
    }
    const versions = join(mine.versions, theirs.versions);
    if (theirs.bytes === null || (mine.bytes !== null && same(mine.bytes, theirs.bytes))) {
      // A change wins over a deletion (Syncthing does the same); the same bytes on both sides are no conflict.
      this.entries.set(path, { versions: mine.bytes === null ? versions : bump(versions, this.id), bytes: mine.bytes });
      return true;
    }
    if (mine.bytes === null) {
      this.apply(path, { versions, bytes: theirs.bytes });
      return true;
    }
    // Both changed it: one stays, the other is kept beside it as a conflict copy.
    const slash = path.lastIndexOf("/");
    const copy = `${path.slice(0, slash + 1)}${this.copyName(this.copies++)}`;
    if (this.keepMine()) {
      this.store.files.set(copy, theirs.bytes);
      this.entries.set(path, { versions: bump(versions, this.id), bytes: mine.bytes });
    } else {
      this.store.files.set(copy, mine.bytes);
      this.apply(path, { versions, bytes: theirs.bytes });
    }
    return true;
  }

  /** This device's tool over a copy of its disk, keeping its own file in conflicts (to see what a sync would bring). */
  cloneOnto(store: MemoryFileStore): SyncedDevice {
    const copy = new SyncedDevice(this.id, store, this.copyName);
    for (const [path, e] of this.entries) copy.entries.set(path, { versions: new Map(e.versions), bytes: e.bytes });
    copy.copies = this.copies;
    return copy;
  }

  /** Every path either side knows. */
  paths(): string[] {
    this.scan();
    return [...this.entries.keys()];
  }

  private apply(path: string, e: Entry): void {
    if (e.bytes === null) this.store.files.delete(path);
    else this.store.files.set(path, e.bytes);
    this.entries.set(path, e);
  }
}

/** Syncs every file among `devices` until nothing changes (a sync tool left running, every device online). */
export function syncAll(devices: readonly SyncedDevice[]): void {
  for (let round = 0; round < 50; round++) {
    let changed = false;
    for (const to of devices) {
      for (const from of devices) {
        if (from === to) continue;
        from.scan();
        to.scan();
        // Nothing else writes meanwhile, and a conflict copy made here is picked up by the next round's scan.
        for (const p of [...from.entries.keys()]) changed = to.receive(from, p, true) || changed;
      }
    }
    if (!changed) return;
  }
  throw new Error("the sync tool did not settle");
}

/** The temp file of a manifest being replaced is left alone (sync tools skip such files while they change). */
const synced = (path: string): boolean => path.startsWith("idx/") && !path.endsWith(".tmp");

function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function bump(v: Versions | undefined, id: string): Versions {
  const next = new Map(v);
  next.set(id, (next.get(id) ?? 0) + 1);
  return next;
}

function join(a: Versions, b: Versions): Versions {
  const out = new Map(a);
  for (const [k, n] of b) out.set(k, Math.max(n, out.get(k) ?? 0));
  return out;
}

function compare(a: Versions, b: Versions): "equal" | "newer" | "older" | "concurrent" {
  let aAhead = false;
  let bAhead = false;
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const [x, y] = [a.get(k) ?? 0, b.get(k) ?? 0];
    if (x > y) aAhead = true;
    if (y > x) bAhead = true;
  }
  return aAhead && bAhead ? "concurrent" : aAhead ? "newer" : bAhead ? "older" : "equal";
}
