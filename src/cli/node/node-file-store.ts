import * as fs from "node:fs/promises";
import { FsFileStore } from "../../core/persist/fs-file-store";

/**
 * `FileStore` over Node's file system, for the CLI, the benchmarks and the tests (see `FsFileStore`). Relative paths
 * resolve against the process's working directory.
 */
export class NodeFileStore extends FsFileStore {
  constructor() {
    super(fs);
  }
}
