import { normalizePath, type DataAdapter } from "obsidian";
import { err, ok, type Result } from "../core/result";
import type { FileStore } from "../core/persist/file-store";
import { failure } from "../core/errors/messages";

/** The part of Obsidian's `DataAdapter` (`app.vault.adapter`) this store uses. */
export type FileAdapter = Pick<DataAdapter, "exists" | "readBinary" | "writeBinary" | "rename" | "remove" | "mkdir" | "list">;

/**
 * `FileStore` over the vault's data adapter, for files under the plugin's folder in the config dir. Every path goes
 * through `normalizePath`, as the adapter requires.
 */
export class VaultFileStore implements FileStore {
  constructor(private readonly adapter: FileAdapter) {}

  async read(path: string): Promise<Result<Uint8Array | null>> {
    const at = normalizePath(path);
    try {
      if (!(await this.adapter.exists(at))) return ok(null);
      return ok(new Uint8Array(await this.adapter.readBinary(at)));
    } catch (cause) {
      return err(failure("fileUnreadable", { path: at }, cause));
    }
  }

  async write(path: string, data: Uint8Array): Promise<Result<void>> {
    const at = normalizePath(path);
    try {
      await this.ensureFolders(at);
      await this.adapter.writeBinary(at, toArrayBuffer(data));
      return ok(undefined);
    } catch (cause) {
      return err(failure("fileUnwritable", { path: at }, cause));
    }
  }

  async rename(from: string, to: string): Promise<Result<void>> {
    const source = normalizePath(from);
    const target = normalizePath(to);
    try {
      await this.adapter.rename(source, target);
      return ok(undefined);
    } catch (first) {
      // Obsidian's adapters refuse to rename onto an existing file. Removing it first opens a short window with no
      // file at `target`; loadIndexFiles recovers from the temp files if the app dies right then.
      try {
        const refusedToReplace = (await this.adapter.exists(source)) && (await this.adapter.exists(target));
        if (!refusedToReplace) throw first;
        await this.adapter.remove(target);
        await this.adapter.rename(source, target);
        return ok(undefined);
      } catch (cause) {
        return err(failure("fileUnmovable", { from: source, to: target }, cause));
      }
    }
  }

  /**
   * The data adapter has no exclusive create, so this checks, then writes: two creators racing inside that gap
   * could both succeed. The writer lock reads its file back after creating it and on every heartbeat, so the loser
   * of such a race finds out and stops writing.
   */
  async createExclusive(path: string, data: Uint8Array): Promise<Result<boolean>> {
    const at = normalizePath(path);
    try {
      if (await this.adapter.exists(at)) return ok(false);
    } catch (cause) {
      return err(failure("fileUnreadable", { path: at }, cause));
    }
    const written = await this.write(at, data);
    return written.ok ? ok(true) : written;
  }

  async remove(path: string): Promise<Result<void>> {
    const at = normalizePath(path);
    try {
      if (await this.adapter.exists(at)) await this.adapter.remove(at);
      return ok(undefined);
    } catch (cause) {
      return err(failure("fileUndeletable", { path: at }, cause));
    }
  }

  async list(dir: string): Promise<Result<string[]>> {
    const at = normalizePath(dir === "" ? "/" : dir);
    try {
      if (!(await this.adapter.exists(at))) return ok([]);
      // The adapter lists full paths from the vault root.
      return ok((await this.adapter.list(at)).files.map((f) => f.slice(f.lastIndexOf("/") + 1)));
    } catch (cause) {
      return err(failure("fileUnreadable", { path: at }, cause));
    }
  }

  /** Creates the missing folders above `file`, top down. */
  private async ensureFolders(file: string): Promise<void> {
    const parts = file.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (!(await this.adapter.exists(folder))) await this.adapter.mkdir(folder);
    }
  }
}

/** The adapter wants a whole ArrayBuffer; pass ours as is when the view covers all of it (the encoder's do). */
function toArrayBuffer(data: Uint8Array): ArrayBuffer {
  const { buffer } = data;
  if (buffer instanceof ArrayBuffer && data.byteOffset === 0 && data.byteLength === buffer.byteLength) return buffer;
  return data.slice().buffer;
}

