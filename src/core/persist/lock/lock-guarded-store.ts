import { ok, type Result } from "../../result";
import type { FileStore } from "../file-store";

/**
 * A `FileStore` that writes only while `mayWrite()` says so (the process holds the writer lock): otherwise every
 * write, rename and delete is skipped and reported done. So a process that does not hold the lock runs the same
 * sync engine, keeps its index current in memory and serves searches, but never touches the files another
 * process is writing. Reads always go through.
 */
export function lockGuardedStore(store: FileStore, mayWrite: () => boolean): FileStore {
  const skipped = <T>(value: T): Promise<Result<T>> => Promise.resolve(ok(value));
  return {
    read: (path) => store.read(path),
    list: (dir) => store.list(dir),
    write: (path, data) => (mayWrite() ? store.write(path, data) : skipped(undefined)),
    rename: (from, to) => (mayWrite() ? store.rename(from, to) : skipped(undefined)),
    remove: (path) => (mayWrite() ? store.remove(path) : skipped(undefined)),
    createExclusive: (path, data) => (mayWrite() ? store.createExclusive(path, data) : skipped(false)),
  };
}
