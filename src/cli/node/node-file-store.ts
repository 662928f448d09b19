import * as fs from "node:fs/promises";
import { FsFileStore } from "../../core/persist/fs-file-store";
import { readWholeFile } from "./whole-file-read";

/**
 * `FileStore` over Node's file system, for the CLI, the benchmarks and the tests (see `FsFileStore`). Relative paths
 * resolve against the process's working directory. Files are read in one call each (see `readWholeFile`).
 */
export class NodeFileStore extends FsFileStore {
  constructor() {
    super({ ...fs, readFile: readWholeFile });
  }
}
