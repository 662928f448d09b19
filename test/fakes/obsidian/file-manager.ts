import type { App } from "./app";
import type { TAbstractFile, TFile, TFolder } from "./files";
import { removeFromVault } from "./vault";

/**
 * Obsidian's `FileManager`, following the vault settings `useMarkdownLinks` (default off: wikilinks) and
 * `newFileLocation` (`root`, the default, or `current`) and `trashOption`. Renames do not rewrite links in other notes.
 */
export class FileManager {
  constructor(private readonly app: App) {}

  getNewFileParent(sourcePath: string): TFolder {
    const vault = this.app.vault;
    if (vault.getConfig("newFileLocation") === "current") {
      const parent = vault.getAbstractFileByPath(sourcePath)?.parent;
      if (parent) return parent;
    }
    return vault.getRoot();
  }

  async renameFile(file: TAbstractFile, newPath: string): Promise<void> {
    await this.app.vault.rename(file, newPath);
  }

  /** Follows the `trashOption` vault setting: `system` (default), `local`, or `none` (delete for good). */
  async trashFile(file: TAbstractFile): Promise<void> {
    const option = this.app.vault.getConfig("trashOption") ?? "system";
    const how = option === "none" ? "delete" : option === "local" ? "local-trash" : "system-trash";
    await removeFromVault(this.app.vault, file, how);
  }

  generateMarkdownLink(file: TFile, sourcePath: string, subpath?: string, alias?: string): string {
    const cache = this.app.metadataCache;
    if (this.app.vault.getConfig("useMarkdownLinks") === true) {
      const target = encodeURI(cache.fileToLinktext(file, sourcePath, false)) + (subpath === undefined ? "" : encodeURI(subpath));
      return `[${alias === undefined || alias === "" ? file.basename : alias}](${target})`;
    }
    const linktext = cache.fileToLinktext(file, sourcePath, true) + (subpath ?? "");
    return alias === undefined || alias === "" ? `[[${linktext}]]` : `[[${linktext}|${alias}]]`;
  }
}
