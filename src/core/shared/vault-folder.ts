/** A vault folder as exclusions compare it: `/`-separated, no `./`, no leading or trailing slash. */
export function normalizeFolder(raw: string): string {
  return raw
    .trim()
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .replace(/^(?:\.\/)+/, "")
    .replace(/^\/+|\/+$/g, "");
}
