import type { Result } from "../result";

/**
 * Byte-level file access, so the index format and the atomic save live in the core and run the same over Node's
 * file system (CLI, tests, benchmarks) and over Obsidian's vault adapter. Paths use "/" separators. Failures are
 * IO errors whose message names the path; no method throws.
 */
export interface FileStore {
  /** The whole file, or null when it does not exist. */
  read(path: string): Promise<Result<Uint8Array | null>>;
  /** Creates or replaces the file, creating missing parent folders. */
  write(path: string, data: Uint8Array): Promise<Result<void>>;
  /** Moves `from` to `to`, replacing `to` if it exists; as atomic as the platform allows. */
  rename(from: string, to: string): Promise<Result<void>>;
  /** Deletes the file; succeeds when it is already gone. */
  remove(path: string): Promise<Result<void>>;
  /**
   * Creates the file only if it does not exist yet: true when this call created it, false when it was already
   * there. Used for the writer lock; as exclusive as the platform allows (see the implementations).
   */
  createExclusive(path: string, data: Uint8Array): Promise<Result<boolean>>;
  /**
   * Names (not paths) of the files directly inside folder `dir` ("" is the store's root), in no particular order;
   * empty when the folder does not exist. The segmented index lists its folder to find segments and the conflict
   * copies sync tools leave.
   */
  list(dir: string): Promise<Result<string[]>>;
}
