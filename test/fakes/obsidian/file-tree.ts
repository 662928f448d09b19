import { setFilePath, TAbstractFile, TFile, TFolder } from "./files";
import { parentPath } from "./path";
import type { Vault } from "./vault";

/** The vault's tree of file objects, indexed by path. Keeps parents and children consistent on every change. */
export class FileTree {
  readonly root: TFolder;
  private readonly byPath = new Map<string, TAbstractFile>();
  /** Fake-only: goes up on every change to the tree, so lookups built over it know when to rebuild. */
  version = 0;

  constructor(private readonly vault: Vault) {
    this.root = new TFolder(vault, "/");
    this.byPath.set("/", this.root);
  }

  get(path: string): TAbstractFile | null {
    return this.byPath.get(path) ?? null;
  }

  /** Every file and folder, the root first, in creation order. */
  all(): TAbstractFile[] {
    return [...this.byPath.values()];
  }

  /** Adds a file under an existing folder. */
  addFile(path: string): TFile {
    const parent = this.byPath.get(parentPath(path));
    if (!(parent instanceof TFolder)) throw new Error(`No folder "${parentPath(path)}" to hold "${path}".`);
    return this.attach(new TFile(this.vault, path), parent);
  }

  /** Creates the folder and any missing ancestors; returns the folders created, outermost first. */
  ensureFolder(path: string): TFolder[] {
    const existing = this.byPath.get(path);
    if (existing instanceof TFolder) return [];
    if (existing) throw new Error(`"${path}" is a file, not a folder.`);
    const created = this.ensureFolder(parentPath(path));
    const parent = this.byPath.get(parentPath(path));
    if (!(parent instanceof TFolder)) throw new Error(`"${parentPath(path)}" is a file, not a folder.`);
    created.push(this.attach(new TFolder(this.vault, path), parent));
    return created;
  }

  /** The files and folders inside a folder, at any depth, parents before children. */
  descendants(folder: TAbstractFile): TAbstractFile[] {
    if (!(folder instanceof TFolder)) return [];
    return folder.children.flatMap((child) => [child, ...this.descendants(child)]);
  }

  /** Removes an entry and everything inside it. */
  detach(file: TAbstractFile): void {
    this.version++;
    for (const inner of [file, ...this.descendants(file)]) this.byPath.delete(inner.path);
    if (file.parent) file.parent.children = file.parent.children.filter((c) => c !== file);
    file.parent = null;
  }

  /** Moves an entry (and its contents) to `newPath`; returns each moved entry with its old path. */
  move(file: TAbstractFile, newPath: string): { file: TAbstractFile; oldPath: string }[] {
    const parent = this.byPath.get(parentPath(newPath));
    if (!(parent instanceof TFolder)) throw new Error(`No folder "${parentPath(newPath)}" to move "${file.path}" into.`);
    this.version++;
    const oldPath = file.path;
    const moved = [file, ...this.descendants(file)].map((f) => ({ file: f, oldPath: f.path }));
    this.detach(file);
    for (const entry of moved) {
      setFilePath(entry.file, newPath + entry.oldPath.slice(oldPath.length));
      this.byPath.set(entry.file.path, entry.file);
    }
    file.parent = parent;
    parent.children.push(file);
    return moved;
  }

  private attach<T extends TAbstractFile>(file: T, parent: TFolder): T {
    this.version++;
    file.parent = parent;
    parent.children.push(file);
    this.byPath.set(file.path, file);
    return file;
  }
}
