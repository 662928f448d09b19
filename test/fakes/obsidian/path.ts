/** Vault paths, as Obsidian normalises and parses them. */

/**
 * Obsidian's path normalisation: backslashes and runs of slashes become one `/`, leading and trailing slashes go,
 * an empty result is the root `/`, non-breaking spaces become plain spaces, and the string is NFC-composed.
 */
export function normalizePath(path: string): string {
  let result = path.replace(/[\\/]+/g, "/").replace(/^\/+|\/+$/g, "");
  if (result === "") result = "/";
  return result.replace(/[\u00A0\u202F]/g, " ").normalize("NFC");
}

/** Splits `path#subpath` (the text inside `[[...]]`, without an alias) the way Obsidian does. */
export function parseLinktext(linktext: string): { path: string; subpath: string } {
  const hash = linktext.indexOf("#");
  if (hash < 0) return { path: linktext, subpath: "" };
  return { path: linktext.slice(0, hash), subpath: linktext.slice(hash) };
}

/** The link path part of a link text (everything before `#`). */
export function getLinkpath(linktext: string): string {
  return parseLinktext(linktext).path;
}

/** The parent folder of a normalised path; `/` for top-level entries. */
export function parentPath(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash <= 0 ? "/" : path.slice(0, slash);
}

/** The last segment of a normalised path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Joins a folder and a name, treating `/` as the root. */
export function joinPath(folder: string, name: string): string {
  return folder === "/" || folder === "" ? name : `${folder}/${name}`;
}
