import type * as O from "obsidian";
import type { InMemoryAdapter } from "./data-adapter";
import { Events } from "./events";
import { FileTree } from "./file-tree";
import { TAbstractFile, TFile, TFolder } from "./files";
import { normalizePath, parentPath } from "./path";

/** How a fake vault is set up. */
export interface VaultOptions {
  /** The config folder's name; Obsidian's default is used when omitted. */
  configDir: string;
  /** Values `getConfig` returns (e.g. `userIgnoreFilters`); missing keys read as `null`. Default: none. */
  config?: Record<string, unknown>;
}

/**
 * The vault over an in-memory adapter. File events carry the same `TFile`/`TFolder` objects that lookups
 * return, fire after the adapter has changed, and follow Obsidian's names and arguments
 * (`create`, `modify`, `delete`, `rename(file, oldPath)`).
 */
export class Vault extends Events {
  readonly adapter: InMemoryAdapter;
  configDir: string;
  private readonly tree: FileTree;
  private readonly config: Record<string, unknown>;

  constructor(adapter: InMemoryAdapter, options: VaultOptions) {
    super();
    this.adapter = adapter;
    this.configDir = options.configDir;
    this.config = { ...options.config };
    this.tree = new FileTree(this);
  }

  static recurseChildren(root: TFolder, cb: (file: TAbstractFile) => unknown): void {
    for (const child of root.children) {
      cb(child);
      if (child instanceof TFolder) Vault.recurseChildren(child, cb);
    }
  }

  getName(): string {
    return this.adapter.getName();
  }

  /** Private in Obsidian but widely used: a value of the vault's app settings, `null` when unset. */
  getConfig(key: string): unknown {
    return this.config[key] ?? null;
  }

  /** Private in Obsidian: changes a vault setting. */
  setConfig(key: string, value: unknown): void {
    this.config[key] = value;
  }

  getRoot(): TFolder {
    return this.tree.root;
  }
  getAbstractFileByPath(path: string): TAbstractFile | null {
    return this.tree.get(normalizePath(path));
  }
  getFileByPath(path: string): TFile | null {
    const file = this.getAbstractFileByPath(path);
    return file instanceof TFile ? file : null;
  }
  getFolderByPath(path: string): TFolder | null {
    const folder = this.getAbstractFileByPath(path);
    return folder instanceof TFolder ? folder : null;
  }
  getAllLoadedFiles(): TAbstractFile[] {
    return this.tree.all();
  }
  getAllFolders(includeRoot = false): TFolder[] {
    return this.tree.all().filter((f): f is TFolder => f instanceof TFolder && (includeRoot || !f.isRoot()));
  }
  /** Fake-only: changes whenever a file or folder is added, moved or removed. */
  get treeVersion(): number {
    return this.tree.version;
  }
  getFiles(): TFile[] {
    return this.tree.all().filter((f): f is TFile => f instanceof TFile);
  }
  getMarkdownFiles(): TFile[] {
    return this.getFiles().filter((f) => f.extension === "md");
  }

  async read(file: TFile): Promise<string> {
    return this.adapter.read(file.path);
  }
  async cachedRead(file: TFile): Promise<string> {
    return this.adapter.read(file.path);
  }
  async readBinary(file: TFile): Promise<ArrayBuffer> {
    return this.adapter.readBinary(file.path);
  }
  getResourcePath(file: TFile): string {
    return this.adapter.getResourcePath(file.path);
  }

  async create(path: string, data: string, options?: O.DataWriteOptions): Promise<TFile> {
    const normalized = this.assertFree(path, "File already exists.");
    await this.adapter.write(normalized, data, options);
    return this.added(normalized);
  }
  async createBinary(path: string, data: ArrayBuffer, options?: O.DataWriteOptions): Promise<TFile> {
    const normalized = this.assertFree(path, "File already exists.");
    await this.adapter.writeBinary(normalized, data, options);
    return this.added(normalized);
  }
  async createFolder(path: string): Promise<TFolder> {
    const normalized = this.assertFree(path, "Folder already exists.");
    await this.adapter.mkdir(normalized);
    const created = this.tree.ensureFolder(normalized);
    for (const folder of created) this.trigger("create", folder);
    const folder = created[created.length - 1];
    if (!folder) throw new Error(`"${normalized}" could not be created.`);
    return folder;
  }

  async modify(file: TFile, data: string, options?: O.DataWriteOptions): Promise<void> {
    await this.adapter.write(file.path, data, options);
    await this.changed(file);
  }
  async modifyBinary(file: TFile, data: ArrayBuffer, options?: O.DataWriteOptions): Promise<void> {
    await this.adapter.writeBinary(file.path, data, options);
    await this.changed(file);
  }
  async append(file: TFile, data: string, options?: O.DataWriteOptions): Promise<void> {
    await this.adapter.append(file.path, data, options);
    await this.changed(file);
  }
  async process(file: TFile, fn: (data: string) => string, options?: O.DataWriteOptions): Promise<string> {
    const next = await this.adapter.process(file.path, fn, options);
    await this.changed(file);
    return next;
  }

  async copy<T extends TAbstractFile>(file: T, newPath: string): Promise<T> {
    if (!(file instanceof TFile)) throw new Error("The fake vault copies files only, not folders.");
    const normalized = this.assertFree(newPath, "File already exists.");
    await this.adapter.copy(file.path, normalized);
    return (await this.added(normalized)) as unknown as T;
  }

  async delete(file: TAbstractFile, _force?: boolean): Promise<void> {
    await removeFromVault(this, file, "delete");
  }

  async trash(file: TAbstractFile, system: boolean): Promise<void> {
    await removeFromVault(this, file, system ? "system-trash" : "local-trash");
  }

  async rename(file: TAbstractFile, newPath: string): Promise<void> {
    const normalized = this.assertFree(newPath, "Destination file already exists!");
    await this.adapter.rename(file.path, normalized);
    for (const moved of this.tree.move(file, normalized)) {
      if (moved.file instanceof TFile) await this.refreshStat(moved.file);
      this.trigger("rename", moved.file, moved.oldPath);
    }
  }

  /** Fake-only: indexes a file already written to the adapter, without events (the initial vault load). */
  indexExisting(path: string): TFile {
    this.tree.ensureFolder(parentPath(path));
    const file = this.tree.addFile(path);
    const stat = this.adapter.statSync(path);
    if (stat) file.stat = { ctime: stat.ctime, mtime: stat.mtime, size: stat.size };
    return file;
  }

  private assertFree(path: string, message: string): string {
    const normalized = normalizePath(path);
    if (this.tree.get(normalized)) throw new Error(message);
    return normalized;
  }

  private async added(path: string): Promise<TFile> {
    const file = this.tree.addFile(path);
    await this.refreshStat(file);
    this.trigger("create", file);
    return file;
  }

  private async changed(file: TFile): Promise<void> {
    await this.refreshStat(file);
    this.trigger("modify", file);
  }

  /** Fake-internal: drops an entry (and its contents) from the tree, firing `delete` innermost first. */
  removed(file: TAbstractFile): void {
    const gone = [...this.tree.descendants(file).reverse(), file];
    this.tree.detach(file);
    for (const f of gone) this.trigger("delete", f);
  }

  private async refreshStat(file: TFile): Promise<void> {
    const stat = await this.adapter.stat(file.path);
    if (stat) file.stat = { ctime: stat.ctime, mtime: stat.mtime, size: stat.size };
  }
}

/**
 * Removes a file or folder from the vault: deleted for good, or moved to the system trash (the fake has none,
 * so this falls back) or to the vault's `.trash` folder.
 */
export async function removeFromVault(
  vault: Vault,
  file: TAbstractFile,
  how: "delete" | "system-trash" | "local-trash",
): Promise<void> {
  if (how === "delete") {
    if (file instanceof TFolder) await vault.adapter.rmdir(file.path, true);
    else await vault.adapter.remove(file.path);
  } else if (how === "local-trash" || !(await vault.adapter.trashSystem())) {
    await vault.adapter.trashLocal(file.path);
  }
  vault.removed(file);
}
