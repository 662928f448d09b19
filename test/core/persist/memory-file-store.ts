import { appError, err, ok, type Result } from "../../../src/core/result";
import type { FileStore } from "../../../src/core/persist/file-store";

export type StoreOp = "read" | "write" | "rename" | "remove" | "list";

/**
 * An in-memory `FileStore` that can fail or "crash". `failWhen` turns an operation into an IO error. After
 * `crashAfter` mutating steps the store freezes: further calls never settle, like a process that died, and
 * `crashed` resolves so the test can inspect what reached the disk. With `renameReplaces: false` it behaves like
 * Obsidian's adapter seen through VaultFileStore: replacing a file is a remove step, then a rename step.
 */
export class MemoryFileStore implements FileStore {
  readonly files = new Map<string, Uint8Array>();
  failWhen: (op: StoreOp, path: string) => boolean = () => false;
  crashAfter = Infinity;
  renameReplaces = true;
  readonly crashed: Promise<void>;
  private steps = 0;
  private markCrashed: () => void = () => undefined;

  constructor() {
    this.crashed = new Promise((resolve) => (this.markCrashed = resolve));
  }

  read(path: string): Promise<Result<Uint8Array | null>> {
    if (this.failWhen("read", path)) return Promise.resolve(err(appError("IO", `Can't read ${path}.`)));
    return Promise.resolve(ok(this.files.get(path)?.slice() ?? null));
  }

  write(path: string, data: Uint8Array): Promise<Result<void>> {
    return this.step("write", path, () => this.files.set(path, data.slice()));
  }

  async rename(from: string, to: string): Promise<Result<void>> {
    if (!this.renameReplaces && this.files.has(to)) {
      const removed = await this.remove(to);
      if (!removed.ok) return removed;
    }
    return this.step("rename", from, () => {
      const data = this.files.get(from);
      if (data === undefined) return false;
      this.files.delete(from);
      this.files.set(to, data);
    });
  }

  remove(path: string): Promise<Result<void>> {
    return this.step("remove", path, () => {
      this.files.delete(path);
    });
  }

  createExclusive(path: string, data: Uint8Array): Promise<Result<boolean>> {
    if (this.files.has(path)) return Promise.resolve(ok(false));
    return this.step("write", path, () => this.files.set(path, data.slice())).then((r) => (r.ok ? ok(true) : r));
  }

  list(dir: string): Promise<Result<string[]>> {
    if (this.failWhen("list", dir)) return Promise.resolve(err(appError("IO", `Can't list ${dir}.`)));
    const base = dir === "" || dir.endsWith("/") ? dir : `${dir}/`;
    const names = [...this.files.keys()].filter((k) => k.startsWith(base) && !k.slice(base.length).includes("/"));
    return Promise.resolve(ok(names.map((k) => k.slice(base.length))));
  }

  /** The disk as it is now, to start a new store from (a restart). */
  snapshotFiles(): Map<string, Uint8Array> {
    return new Map([...this.files].map(([k, v]) => [k, v.slice()]));
  }

  private step(op: StoreOp, path: string, apply: () => unknown): Promise<Result<void>> {
    if (this.steps >= this.crashAfter) {
      this.markCrashed();
      return new Promise(() => undefined);
    }
    this.steps++;
    if (this.failWhen(op, path)) return Promise.resolve(err(appError("IO", `Can't ${op} ${path}.`)));
    const applied = apply();
    return Promise.resolve(applied === false ? err(appError("IO", `No file at ${path}.`)) : ok(undefined));
  }
}

/** A fresh store holding `files`. */
export function storeWith(files: Map<string, Uint8Array>): MemoryFileStore {
  const store = new MemoryFileStore();
  for (const [k, v] of files) store.files.set(k, v.slice());
  return store;
}
