import type * as O from "obsidian";
import { baseName, joinPath, parentPath } from "./path";

type Entry = { type: "file"; bytes: Uint8Array; ctime: number; mtime: number } | { type: "folder"; ctime: number; mtime: number };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A file-system error carrying the Node-style `code` the desktop adapter's errors have. */
function fsError(code: "ENOENT" | "EEXIST" | "EISDIR" | "ENOTDIR" | "ENOTEMPTY", op: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${op} '${path}'`), { code });
}

const ROOT = "/";
const rootKey = (path: string): string => (path === "" ? ROOT : path);

/**
 * An in-memory `DataAdapter`. Paths are taken as given (callers normalise, as with Obsidian's adapters) and are
 * case-sensitive. Writes need the parent folder to exist, like the desktop file system; `mkdir` is recursive;
 * `trashSystem` reports that no system trash exists, so callers fall back to `trashLocal` (a `.trash` folder).
 */
export class InMemoryAdapter implements O.DataAdapter {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param name what `getName` returns.
   * @param now the clock for ctime/mtime; defaults to `Date.now`.
   */
  constructor(
    private readonly name = "vault",
    private readonly now: () => number = () => Date.now(),
  ) {
    this.entries.set(ROOT, { type: "folder", ctime: 0, mtime: 0 });
  }

  getName(): string {
    return this.name;
  }

  async exists(normalizedPath: string): Promise<boolean> {
    return this.entries.has(rootKey(normalizedPath));
  }

  async stat(normalizedPath: string): Promise<O.Stat | null> {
    return this.statSync(normalizedPath);
  }

  /** Fake-only: `stat` without waiting. */
  statSync(normalizedPath: string): O.Stat | null {
    const entry = this.entries.get(rootKey(normalizedPath));
    if (!entry) return null;
    const size = entry.type === "file" ? entry.bytes.byteLength : 0;
    return { type: entry.type, ctime: entry.ctime, mtime: entry.mtime, size };
  }

  async list(normalizedPath: string): Promise<O.ListedFiles> {
    const folder = rootKey(normalizedPath);
    if (this.entries.get(folder)?.type !== "folder") throw fsError("ENOENT", "scandir", folder);
    const listed: O.ListedFiles = { files: [], folders: [] };
    for (const [path, entry] of this.entries) {
      if (path === ROOT || parentPath(path) !== folder) continue;
      (entry.type === "file" ? listed.files : listed.folders).push(path);
    }
    return listed;
  }

  async read(normalizedPath: string): Promise<string> {
    return this.readSync(normalizedPath);
  }

  /** Fake-only: `read` without waiting. */
  readSync(normalizedPath: string): string {
    return decoder.decode(this.fileEntry(normalizedPath, "open").bytes);
  }

  /** Fake-only: writes a file at once, creating its folders (for building a test vault). */
  seed(normalizedPath: string, data: string): void {
    const folders: string[] = [];
    for (let p = parentPath(normalizedPath); p !== ROOT && !this.entries.has(p); p = parentPath(p)) folders.unshift(p);
    const t = this.now();
    for (const folder of folders) this.entries.set(folder, { type: "folder", ctime: t, mtime: t });
    this.store(normalizedPath, encoder.encode(data), {});
  }

  async readBinary(normalizedPath: string): Promise<ArrayBuffer> {
    return this.fileEntry(normalizedPath, "open").bytes.slice().buffer;
  }

  async write(normalizedPath: string, data: string, options?: O.DataWriteOptions): Promise<void> {
    this.store(normalizedPath, encoder.encode(data), options);
  }

  async writeBinary(normalizedPath: string, data: ArrayBuffer, options?: O.DataWriteOptions): Promise<void> {
    this.store(normalizedPath, new Uint8Array(data.slice(0)), options);
  }

  async append(normalizedPath: string, data: string, options?: O.DataWriteOptions): Promise<void> {
    const old = this.entries.get(normalizedPath)?.type === "file" ? await this.read(normalizedPath) : "";
    await this.write(normalizedPath, old + data, options);
  }

  async process(normalizedPath: string, fn: (data: string) => string, options?: O.DataWriteOptions): Promise<string> {
    const next = fn(await this.read(normalizedPath));
    await this.write(normalizedPath, next, options);
    return next;
  }

  getResourcePath(normalizedPath: string): string {
    const mtime = this.entries.get(normalizedPath)?.mtime ?? 0;
    return `app://fake-vault/${encodeURI(normalizedPath)}?${mtime}`;
  }

  async mkdir(normalizedPath: string): Promise<void> {
    const path = rootKey(normalizedPath);
    if (path === ROOT) return;
    const existing = this.entries.get(path);
    if (existing?.type === "file") throw fsError("EEXIST", "mkdir", path);
    if (existing) return;
    await this.mkdir(parentPath(path));
    const t = this.now();
    this.entries.set(path, { type: "folder", ctime: t, mtime: t });
  }

  async trashSystem(): Promise<boolean> {
    return false;
  }

  async trashLocal(normalizedPath: string): Promise<void> {
    await this.mkdir(".trash");
    let target = joinPath(".trash", baseName(normalizedPath));
    for (let n = 1; this.entries.has(target); n++) target = joinPath(".trash", `${n} ${baseName(normalizedPath)}`);
    await this.rename(normalizedPath, target);
  }

  async rmdir(normalizedPath: string, recursive: boolean): Promise<void> {
    const path = rootKey(normalizedPath);
    if (this.entries.get(path)?.type !== "folder") throw fsError("ENOTDIR", "rmdir", path);
    const inside = this.descendants(path);
    if (inside.length > 0 && !recursive) throw fsError("ENOTEMPTY", "rmdir", path);
    for (const p of [...inside, path]) this.entries.delete(p);
  }

  async remove(normalizedPath: string): Promise<void> {
    this.fileEntry(normalizedPath, "unlink");
    this.entries.delete(normalizedPath);
  }

  async rename(normalizedPath: string, normalizedNewPath: string): Promise<void> {
    const entry = this.entries.get(normalizedPath);
    if (!entry) throw fsError("ENOENT", "rename", normalizedPath);
    if (this.entries.has(normalizedNewPath)) throw new Error("Destination file already exists!");
    this.requireFolder(parentPath(normalizedNewPath), "rename");
    for (const p of this.descendants(normalizedPath)) {
      const moved = this.entries.get(p);
      this.entries.delete(p);
      if (moved) this.entries.set(normalizedNewPath + p.slice(normalizedPath.length), moved);
    }
    this.entries.delete(normalizedPath);
    this.entries.set(normalizedNewPath, entry);
  }

  async copy(normalizedPath: string, normalizedNewPath: string): Promise<void> {
    const entry = this.fileEntry(normalizedPath, "copyfile");
    if (this.entries.has(normalizedNewPath)) throw fsError("EEXIST", "copyfile", normalizedNewPath);
    this.store(normalizedNewPath, entry.bytes.slice(), {});
  }

  private fileEntry(path: string, op: string): Extract<Entry, { type: "file" }> {
    const entry = this.entries.get(rootKey(path));
    if (!entry) throw fsError("ENOENT", op, path);
    if (entry.type !== "file") throw fsError("EISDIR", op, path);
    return entry;
  }

  private requireFolder(path: string, op: string): void {
    if (this.entries.get(rootKey(path))?.type !== "folder") throw fsError("ENOENT", op, path);
  }

  private store(path: string, bytes: Uint8Array, options: O.DataWriteOptions | undefined): void {
    const existing = this.entries.get(path);
    if (existing?.type === "folder") throw fsError("EISDIR", "open", path);
    this.requireFolder(parentPath(path), "open");
    const t = this.now();
    const ctime = options?.ctime ?? existing?.ctime ?? t;
    this.entries.set(path, { type: "file", bytes, ctime, mtime: options?.mtime ?? t });
  }

  private descendants(folder: string): string[] {
    const prefix = folder === ROOT ? "" : `${folder}/`;
    return [...this.entries.keys()].filter((p) => p !== ROOT && p !== folder && p.startsWith(prefix));
  }
}
