import { FileSystemAdapter, Platform, type DataAdapter } from "obsidian";
import { judgeRealPath, type RealPathVerdict } from "../core/sync/notes/real-path";

/**
 * Where a vault path's file really is, judged against the vault folder (see `judgeRealPath`); "missing" when its
 * real path can't be found (gone, or a broken link).
 */
export type RealPathCheck = (path: string) => Promise<RealPathVerdict | "missing">;

/** Node's `fs.promises`, which Obsidian's desktop adapter carries as `fsPromises` (not in the public API). */
interface CarriedFs {
  realpath(path: string): Promise<string>;
}

/**
 * The real-path check of the desktop app, where Obsidian follows symbolic links out of the vault: the file's real
 * path through the adapter's own `fsPromises.realpath`. Undefined on mobile (its adapter follows no links) and if a
 * later Obsidian stops carrying `fsPromises`.
 */
export function realPathCheckOf(adapter: DataAdapter): RealPathCheck | undefined {
  if (!(adapter instanceof FileSystemAdapter)) return undefined;
  const carried = (adapter as unknown as { fsPromises?: Partial<CarriedFs> }).fsPromises;
  if (typeof carried?.realpath !== "function") return undefined;
  const fs = carried as CarriedFs;
  const sep = Platform.isWin ? "\\" : "/";
  let root: Promise<string> | undefined;
  return async (path) => {
    root ??= fs.realpath(adapter.getBasePath()).catch(() => adapter.getBasePath());
    const real = await fs.realpath(adapter.getFullPath(path)).catch(() => undefined);
    return real === undefined ? "missing" : judgeRealPath(await root, real, path, sep);
  };
}
