/**
 * The note a link target names, as Obsidian resolves `[[Name]]`: an exact vault path (with or without `.md`), else
 * the note whose path ends with `Name` (a file name, or a folder and file name), the one nearest the vault root (then the first by path) when several are.
 * The `#heading` and `|alias` parts are ignored; case is ignored. Undefined when no note has that name.
 */
export function resolveNoteLink(target: string, paths: Iterable<string>): string | undefined {
  const wanted = target
    .split("|")[0]
    ?.split("#")[0]
    ?.trim()
    .replace(/\\/g, "/")
    .replace(/^\/+/, "")
    .normalize("NFC")
    .toLowerCase();
  if (wanted === undefined || wanted === "") return undefined;
  const withExt = wanted.endsWith(".md") ? wanted : `${wanted}.md`;
  let byName: string | undefined;
  for (const path of paths) {
    const key = path.normalize("NFC").toLowerCase();
    if (key === withExt) return path;
    if (key.endsWith(`/${withExt}`) && nearer(path, byName)) byName = path;
  }
  return byName;
}

function nearer(path: string, than: string | undefined): boolean {
  if (than === undefined) return true;
  const depth = (p: string) => p.split("/").length;
  return depth(path) < depth(than) || (depth(path) === depth(than) && path < than);
}
