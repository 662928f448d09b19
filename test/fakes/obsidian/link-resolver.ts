import type { TFile } from "./files";
import { parentPath } from "./path";

function resolveDots(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  return out.join("/");
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Obsidian-style link resolution over a fixed list of files, case-insensitive: a path relative to the source for
 * `./` and `../` links, then an exact vault path, then any file whose path ends with the link path, preferring the
 * source's folder and then the shortest path. `.md` is implied when the link has no extension match.
 *
 * Built once per list, it answers each link from maps instead of scanning every file: resolving every link of a
 * large vault was quadratic in its size (a 50,000-note vault took a quarter of an hour to start in bench:ui).
 * Ties keep the list's order, as a scan would.
 */
export class LinkIndex {
  private readonly byExactPath = new Map<string, TFile>();
  /** Lower-cased path → the files with that path, in list order. */
  private readonly byLowerPath = new Map<string, TFile[]>();
  /** Every lower-cased path's tail after a `/` (the whole path included) → the files with that tail, in list order. */
  private readonly byTail = new Map<string, TFile[]>();
  private readonly order = new Map<TFile, number>();

  constructor(files: readonly TFile[]) {
    files.forEach((file, i) => {
      if (!this.byExactPath.has(file.path)) this.byExactPath.set(file.path, file);
      if (!this.order.has(file)) this.order.set(file, i);
      const lower = file.path.toLowerCase();
      pushTo(this.byLowerPath, lower, file);
      const slashed = `/${lower}`;
      for (let at = slashed.indexOf("/"); at >= 0; at = slashed.indexOf("/", at + 1)) pushTo(this.byTail, slashed.slice(at + 1), file);
    });
  }

  /** The file `linkpath` points to from `sourcePath`, or `null`. */
  resolve(linkpath: string, sourcePath: string): TFile | null {
    if (linkpath === "") return this.byExactPath.get(sourcePath) ?? null;
    if (linkpath.startsWith("./") || linkpath.startsWith("../")) {
      const folder = parentPath(sourcePath);
      return this.byPath(resolveDots(folder === "/" ? linkpath : `${folder}/${linkpath}`));
    }
    const exact = this.byPath(resolveDots(linkpath));
    if (exact) return exact;
    const matches = this.inOrder(wanted(resolveDots(linkpath)).map((k) => this.byTail.get(k)));
    const sourceFolder = parentPath(sourcePath);
    matches.sort(
      (a, b) =>
        Number(parentPath(b.path) === sourceFolder) - Number(parentPath(a.path) === sourceFolder) ||
        a.path.length - b.path.length ||
        a.path.localeCompare(b.path),
    );
    return matches[0] ?? null;
  }

  private byPath(p: string): TFile | null {
    return this.inOrder(wanted(p).map((k) => this.byLowerPath.get(k)))[0] ?? null;
  }

  /** The files of `lists`, each once, in the order of the list the index was built from. */
  private inOrder(lists: (TFile[] | undefined)[]): TFile[] {
    const files = [...new Set(lists.flatMap((list) => list ?? []))];
    return files.sort((a, b) => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0));
  }
}

function wanted(p: string): string[] {
  return [p.toLowerCase(), `${p.toLowerCase()}.md`];
}

/** Resolves one link against `files` (see `LinkIndex`); for many links over one file list, build the index once. */
export function resolveLinkpath(files: readonly TFile[], linkpath: string, sourcePath: string): TFile | null {
  return new LinkIndex(files).resolve(linkpath, sourcePath);
}
