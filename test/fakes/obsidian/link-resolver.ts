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

/**
 * Obsidian-style link resolution, case-insensitive: a path relative to the source for `./` and `../` links,
 * then an exact vault path, then any file whose path ends with the link path, preferring the source's folder
 * and then the shortest path. `.md` is implied when the link has no extension match.
 */
export function resolveLinkpath(files: TFile[], linkpath: string, sourcePath: string): TFile | null {
  if (linkpath === "") return files.find((f) => f.path === sourcePath) ?? null;
  const wanted = (p: string): string[] => [p.toLowerCase(), `${p.toLowerCase()}.md`];
  const byPath = (p: string): TFile | null => {
    const keys = wanted(p);
    return files.find((f) => keys.includes(f.path.toLowerCase())) ?? null;
  };
  if (linkpath.startsWith("./") || linkpath.startsWith("../")) {
    const folder = parentPath(sourcePath);
    return byPath(resolveDots(folder === "/" ? linkpath : `${folder}/${linkpath}`));
  }
  const exact = byPath(resolveDots(linkpath));
  if (exact) return exact;
  const suffixes = wanted(resolveDots(linkpath)).map((k) => `/${k}`);
  const matches = files.filter((f) => suffixes.some((s) => `/${f.path.toLowerCase()}`.endsWith(s)));
  const sourceFolder = parentPath(sourcePath);
  matches.sort(
    (a, b) =>
      Number(parentPath(b.path) === sourceFolder) - Number(parentPath(a.path) === sourceFolder) ||
      a.path.length - b.path.length ||
      a.path.localeCompare(b.path),
  );
  return matches[0] ?? null;
}
