import { contentHash } from "../../shared/hash";

/**
 * Where notes of folders outside the vault live in the index: `.extra/<name>/<path inside the folder>`. A leading
 * dot-folder can never be a vault note's path (Obsidian and the CLI's folder source both skip dot-folders), so a
 * vault folder called `extra` (or `.extra` on disk) never collides with it.
 */
export const EXTRA_PREFIX = ".extra/";

/** One folder outside the vault whose notes join the index. */
export interface ExtraRoot {
  /** The folder as the host gives it (absolute path). */
  dir: string;
  /** Its name in the index: the folder's basename, made unique (see `extraRootsOf`). */
  name: string;
  /** `.extra/<name>/`: every note of the folder has an index path starting with it. */
  prefix: string;
}

/**
 * Names the folders: each by its basename; folders that share a basename each get `-` and 6 hex digits of their
 * full path, so a name depends only on the folder, not on the order or the other folders given (adding a second
 * `notes` folder renames the first's notes once; their vectors are kept, as for any rename). Duplicates and blank
 * entries are dropped. Pure: `dir` is split on both separators.
 */
export function extraRootsOf(dirs: readonly string[]): ExtraRoot[] {
  const unique = [...new Set(dirs.map((d) => trimSlashes(d.trim())).filter((d) => d !== ""))];
  const base = (dir: string): string => safeName(dir.split(/[\\/]/).pop() ?? "");
  const counts = new Map<string, number>();
  for (const d of unique) counts.set(base(d).toLowerCase(), (counts.get(base(d).toLowerCase()) ?? 0) + 1);
  return unique.map((dir) => {
    const b = base(dir);
    const name = (counts.get(b.toLowerCase()) ?? 0) > 1 ? `${b}-${contentHash(dir).slice(0, 6)}` : b;
    return { dir, name, prefix: `${EXTRA_PREFIX}${name}/` };
  });
}

/** Whether an index path names a note of an extra folder. */
export function isExtraPath(path: string): boolean {
  return path.startsWith(EXTRA_PREFIX);
}

/** The extra folder's name and the note's path inside it; undefined for a vault path. */
export function splitExtraPath(path: string): { name: string; inner: string } | undefined {
  if (!isExtraPath(path)) return undefined;
  const rest = path.slice(EXTRA_PREFIX.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  return { name: rest.slice(0, slash), inner: rest.slice(slash + 1) };
}

function trimSlashes(dir: string): string {
  // Keep a root ("/") as is; "notes/" and "notes" are one folder.
  return dir.length > 1 ? dir.replace(/[\\/]+$/, "") : dir;
}

/** A basename usable as one path segment: never empty, never hidden, no separators. */
function safeName(name: string): string {
  const cleaned = name.replace(/[\\/:]/g, "_").replace(/^\.+/, "");
  return cleaned === "" ? "folder" : cleaned;
}
