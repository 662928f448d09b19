import { err, ok, type Result } from "../result";
import type { FileStore } from "./file-store";
import { failure } from "../errors/messages";

/** The part of Node's `fs.promises` a `FsFileStore` uses: the CLI passes Node's, the desktop app the one it carries. */
export interface StoreFs {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array, options?: { flag?: string }): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
  readdir(path: string): Promise<string[]>;
}

/**
 * `FileStore` over a Node-style file system, at absolute paths ("/"-separated; Windows takes them too). `rename` is
 * atomic on one file system (POSIX rename, MoveFileEx on Windows). Files are not fsynced: a crash of the process
 * loses nothing written, a power cut may lose the last save, and the checksums then turn that into a rebuild rather
 * than a bad index.
 */
export class FsFileStore implements FileStore {
  constructor(private readonly fs: StoreFs) {}

  async read(path: string): Promise<Result<Uint8Array | null>> {
    try {
      const data = await this.fs.readFile(path);
      // A plain view, so no caller sees Buffer's different `slice` semantics.
      return ok(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    } catch (cause) {
      if (errorCode(cause) === "ENOENT") return ok(null);
      return err(failure("fileUnreadable", { path }, cause));
    }
  }

  async write(path: string, data: Uint8Array): Promise<Result<void>> {
    try {
      await this.fs.mkdir(parentOf(path), { recursive: true });
      await this.fs.writeFile(path, data);
      return ok(undefined);
    } catch (cause) {
      return err(failure("fileUnwritable", { path }, cause));
    }
  }

  async rename(from: string, to: string): Promise<Result<void>> {
    try {
      await this.fs.rename(from, to);
      return ok(undefined);
    } catch (cause) {
      return err(failure("fileUnmovable", { from, to }, cause));
    }
  }

  /** `O_CREAT | O_EXCL` ("wx"): atomic on local file systems, so two processes can't both create the file. */
  async createExclusive(path: string, data: Uint8Array): Promise<Result<boolean>> {
    try {
      await this.fs.mkdir(parentOf(path), { recursive: true });
      await this.fs.writeFile(path, data, { flag: "wx" });
      return ok(true);
    } catch (cause) {
      if (errorCode(cause) === "EEXIST") return ok(false);
      return err(failure("fileUncreatable", { path }, cause));
    }
  }

  async list(dir: string): Promise<Result<string[]>> {
    try {
      return ok(await this.fs.readdir(dir === "" ? "." : dir));
    } catch (cause) {
      if (errorCode(cause) === "ENOENT") return ok([]);
      return err(failure("fileUnreadable", { path: dir }, cause));
    }
  }

  async remove(path: string): Promise<Result<void>> {
    try {
      await this.fs.rm(path, { force: true });
      return ok(undefined);
    } catch (cause) {
      return err(failure("fileUndeletable", { path }, cause));
    }
  }
}

/** The folder above `path`, by either separator; "." for a bare name (Node's `dirname` gives the same). */
function parentOf(path: string): string {
  const i = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  if (i < 0) return ".";
  return i === 0 ? path.slice(0, 1) : path.slice(0, i);
}

function errorCode(cause: unknown): unknown {
  return typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
}
