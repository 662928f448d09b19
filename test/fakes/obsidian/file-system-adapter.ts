import * as fsPromises from "node:fs/promises";
import { join } from "node:path";

/**
 * Obsidian's desktop adapter over a real folder, as far as the plugin uses it: its base path, full paths, and the
 * `fsPromises` module it carries (Node's own; not in the public API, so the plugin checks that it is there).
 */
export class FileSystemAdapter {
  readonly fsPromises: typeof fsPromises = fsPromises;

  constructor(private readonly basePath: string) {}

  getName(): string {
    return this.basePath.split(/[\\/]/).pop() ?? "";
  }

  getBasePath(): string {
    return this.basePath;
  }

  getFullPath(normalizedPath: string): string {
    return join(this.basePath, ...normalizedPath.split("/"));
  }
}
