import type { FileStore } from "../../src/core/persist/file-store";

/** A `FileStore` that counts the bytes written through it (writes and exclusive creates). */
export class CountingStore implements FileStore {
  bytesWritten = 0;
  writes = 0;

  constructor(private readonly inner: FileStore) {}

  read(path: string): ReturnType<FileStore["read"]> {
    return this.inner.read(path);
  }
  write(path: string, data: Uint8Array): ReturnType<FileStore["write"]> {
    this.bytesWritten += data.length;
    this.writes++;
    return this.inner.write(path, data);
  }
  rename(from: string, to: string): ReturnType<FileStore["rename"]> {
    return this.inner.rename(from, to);
  }
  remove(path: string): ReturnType<FileStore["remove"]> {
    return this.inner.remove(path);
  }
  createExclusive(path: string, data: Uint8Array): ReturnType<FileStore["createExclusive"]> {
    this.bytesWritten += data.length;
    return this.inner.createExclusive(path, data);
  }
  list(dir: string): ReturnType<FileStore["list"]> {
    return this.inner.list(dir);
  }
}
