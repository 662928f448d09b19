import type * as O from "obsidian";
import { baseName } from "./path";
import type { Vault } from "./vault";

/** A file or folder of the vault; `path` is normalised and vault-relative (`/` for the root). */
export abstract class TAbstractFile {
  path = "";
  name = "";
  parent: TFolder | null = null;

  constructor(
    public vault: Vault,
    path: string,
  ) {
    setFilePath(this, path);
  }
}

/** A file; `basename` is the name without its extension. */
export class TFile extends TAbstractFile {
  stat: O.FileStats = { ctime: 0, mtime: 0, size: 0 };
  // Set by the base constructor through setFilePath; an initialiser here would run later and erase them.
  declare basename: string;
  declare extension: string;
}

/** A folder with its direct children. */
export class TFolder extends TAbstractFile {
  children: TAbstractFile[] = [];

  isRoot(): boolean {
    return this.path === "/";
  }
}

/** Fake-only: moves a file object to a new path, updating name, basename and extension as Obsidian does. */
export function setFilePath(file: TAbstractFile, path: string): void {
  file.path = path;
  file.name = path === "/" ? "" : baseName(path);
  if (file instanceof TFile) {
    const dot = file.name.lastIndexOf(".");
    file.basename = dot > 0 ? file.name.slice(0, dot) : file.name;
    file.extension = dot > 0 ? file.name.slice(dot + 1) : "";
  }
}
