import type * as O from "obsidian";
import { Events } from "./events";
import { TFile, type TAbstractFile } from "./files";
import { LinkIndex } from "./link-resolver";
import { parseMarkdownMetadata } from "./markdown-metadata";
import { getLinkpath } from "./path";
import type { Vault } from "./vault";

/**
 * The metadata cache over the fake vault. Like Obsidian it follows vault events and re-indexes Markdown files
 * asynchronously, then fires `changed(file, data, cache)`, `resolve(file)` and `resolved()`; deletions fire
 * `deleted(file, prevCache)`; renames move the entry without a `changed`.
 */
export class MetadataCache extends Events {
  resolvedLinks: Record<string, Record<string, number>> = {};
  unresolvedLinks: Record<string, Record<string, number>> = {};
  private readonly caches = new Map<string, O.CachedMetadata>();
  private readonly pending = new Set<Promise<void>>();
  /** The mtime/size each cache entry was built from, so unchanged files are not re-indexed on `create`. */
  private readonly indexedStat = new Map<string, string>();
  /** Link resolution over the vault's files as of `treeVersion`; rebuilt after the tree changes. */
  private links: { treeVersion: number; index: LinkIndex } | null = null;

  constructor(private readonly vault: Vault) {
    super();
    vault.on("create", (file: TAbstractFile) => {
      if (file instanceof TFile && this.indexedStat.get(file.path) === statKey(file)) return;
      this.schedule(file);
    });
    vault.on("modify", (file: TAbstractFile) => this.schedule(file));
    vault.on("delete", (file: TAbstractFile) => this.forget(file));
    vault.on("rename", (file: TAbstractFile, oldPath: string) => this.moved(file, oldPath));
  }

  getFileCache(file: TFile): O.CachedMetadata | null {
    return this.caches.get(file.path) ?? null;
  }

  getCache(path: string): O.CachedMetadata | null {
    return this.caches.get(path) ?? null;
  }

  getFirstLinkpathDest(linkpath: string, sourcePath: string): TFile | null {
    const treeVersion = this.vault.treeVersion;
    if (this.links?.treeVersion !== treeVersion) this.links = { treeVersion, index: new LinkIndex(this.vault.getFiles()) };
    return this.links.index.resolve(linkpath, sourcePath);
  }

  fileToLinktext(file: TFile, sourcePath: string, omitMdExtension = true): string {
    const bare = omitMdExtension && file.extension === "md";
    const name = bare ? file.basename : file.name;
    const unique = this.getFirstLinkpathDest(name, sourcePath) === file;
    if (unique) return name;
    return bare ? file.path.slice(0, -".md".length) : file.path;
  }

  /** Fake-only: indexes a file right away without events (the state Obsidian has cached before layout ready). */
  indexSilently(file: TFile): void {
    if (file.extension !== "md") return;
    this.caches.set(file.path, parseMarkdownMetadata(this.vault.adapter.readSync(file.path)));
    this.indexedStat.set(file.path, statKey(file));
  }

  /** Fake-only: recomputes `resolvedLinks`/`unresolvedLinks` for every indexed file. */
  resolveAll(): void {
    for (const file of this.vault.getMarkdownFiles()) this.resolveLinks(file);
  }

  /** Fake-only: resolves once every pending re-index has finished and fired its events. */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private schedule(file: TAbstractFile): void {
    if (!(file instanceof TFile) || file.extension !== "md") return;
    const job = this.reindex(file).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  private async reindex(file: TFile): Promise<void> {
    let data: string;
    try {
      data = await this.vault.cachedRead(file);
    } catch (error) {
      // Deleted or moved before the read: Obsidian drops the job silently.
      if (this.vault.getFileByPath(file.path) !== file) return;
      throw error;
    }
    if (this.vault.getFileByPath(file.path) !== file) return;
    const cache = parseMarkdownMetadata(data);
    this.caches.set(file.path, cache);
    this.indexedStat.set(file.path, statKey(file));
    this.trigger("changed", file, data, cache);
    this.resolveLinks(file);
    this.trigger("resolve", file);
    this.trigger("resolved");
  }

  private forget(file: TAbstractFile): void {
    if (!(file instanceof TFile)) return;
    const prev = this.caches.get(file.path) ?? null;
    this.caches.delete(file.path);
    this.indexedStat.delete(file.path);
    delete this.resolvedLinks[file.path];
    delete this.unresolvedLinks[file.path];
    if (file.extension === "md") this.trigger("deleted", file, prev);
  }

  private moved(file: TAbstractFile, oldPath: string): void {
    const cache = this.caches.get(oldPath);
    if (!cache) return;
    this.caches.delete(oldPath);
    this.caches.set(file.path, cache);
    this.indexedStat.delete(oldPath);
    if (file instanceof TFile) this.indexedStat.set(file.path, statKey(file));
    for (const table of [this.resolvedLinks, this.unresolvedLinks]) {
      const entry = table[oldPath];
      delete table[oldPath];
      if (entry) table[file.path] = entry;
    }
  }

  private resolveLinks(file: TFile): void {
    const resolved: Record<string, number> = {};
    const unresolved: Record<string, number> = {};
    const cache = this.caches.get(file.path);
    for (const ref of [...(cache?.links ?? []), ...(cache?.embeds ?? [])]) {
      const linkpath = getLinkpath(ref.link);
      const dest = this.getFirstLinkpathDest(linkpath, file.path);
      const table = dest ? resolved : unresolved;
      const key = dest ? dest.path : linkpath;
      table[key] = (table[key] ?? 0) + 1;
    }
    this.resolvedLinks[file.path] = resolved;
    this.unresolvedLinks[file.path] = unresolved;
  }
}

function statKey(file: TFile): string {
  return `${file.stat.mtime}:${file.stat.size}`;
}
