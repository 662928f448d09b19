/** What the plugin uses of the `fsPromises` module Obsidian's desktop adapter carries. */
export interface CarriedFsPromises {
  realpath(path: string): Promise<string>;
}

/**
 * Obsidian's desktop adapter over a real folder, as far as the plugin uses it: its base path, full paths, and the
 * `fsPromises` module it carries (Node's own; not in the public API, so the plugin checks that it is there). The
 * module is passed in, because this fake is also bundled for the browser tests, where Node's modules don't exist.
 */
export class FileSystemAdapter {
  readonly fsPromises: CarriedFsPromises | undefined;

  constructor(
    private readonly basePath: string,
    fsPromises?: CarriedFsPromises,
  ) {
    this.fsPromises = fsPromises;
  }

  getName(): string {
    return this.basePath.split(/[\\/]/).pop() ?? "";
  }

  getBasePath(): string {
    return this.basePath;
  }

  getFullPath(normalizedPath: string): string {
    return [this.basePath.replace(/[\\/]+$/, ""), ...normalizedPath.split("/")].join("/");
  }
}
