import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { err, ok, type Result } from "../../core/result";
import type { FileStore } from "../../core/persist/file-store";
import { failure } from "../../core/errors/messages";

/**
 * `FileStore` over Node's file system, for the CLI, the benchmarks and the tests. Relative paths resolve against
 * the process's working directory. `rename` is atomic on one file system (POSIX rename, MoveFileEx on Windows).
 * Files are not fsynced: a crash of the process loses nothing written, a power cut may lose the last save, and the
 * checksums then turn that into a rebuild rather than a bad index.
 */
export class NodeFileStore implements FileStore {
  async read(path: string): Promise<Result<Uint8Array | null>> {
    try {
      const data = await readFile(path);
      // A plain view, so no caller sees Buffer's different `slice` semantics.
      return ok(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    } catch (cause) {
      if (errorCode(cause) === "ENOENT") return ok(null);
      return err(failure("fileUnreadable", { path: path }, cause));
    }
  }

  async write(path: string, data: Uint8Array): Promise<Result<void>> {
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
      return ok(undefined);
    } catch (cause) {
      return err(failure("fileUnwritable", { path: path }, cause));
    }
  }

  async rename(from: string, to: string): Promise<Result<void>> {
    try {
      await rename(from, to);
      return ok(undefined);
    } catch (cause) {
      return err(failure("fileUnmovable", { from: from, to: to }, cause));
    }
  }

  /** `O_CREAT | O_EXCL` ("wx"): atomic on local file systems, so two processes can't both create the file. */
  async createExclusive(path: string, data: Uint8Array): Promise<Result<boolean>> {
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data, { flag: "wx" });
      return ok(true);
    } catch (cause) {
      if (errorCode(cause) === "EEXIST") return ok(false);
      return err(failure("fileUncreatable", { path }, cause));
    }
  }

  async list(dir: string): Promise<Result<string[]>> {
    try {
      const entries = await readdir(dir === "" ? "." : dir, { withFileTypes: true });
      return ok(entries.filter((e) => e.isFile()).map((e) => e.name));
    } catch (cause) {
      if (errorCode(cause) === "ENOENT") return ok([]);
      return err(failure("fileUnreadable", { path: dir }, cause));
    }
  }

  async remove(path: string): Promise<Result<void>> {
    try {
      await rm(path, { force: true });
      return ok(undefined);
    } catch (cause) {
      return err(failure("fileUndeletable", { path: path }, cause));
    }
  }
}

function errorCode(cause: unknown): unknown {
  return typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
}

