/** The API version the fake stands in for: that of the `obsidian` typings the project builds against. */
export const apiVersion = "1.8.7";

/** Obsidian's `requireApiVersion`: whether `apiVersion` is at least `version` (dotted numbers). */
export function requireApiVersion(version: string): boolean {
  const have = apiVersion.split(".").map(Number);
  const want = version.split(".").map(Number);
  for (let i = 0; i < Math.max(have.length, want.length); i++) {
    const diff = (have[i] ?? 0) - (want[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}
