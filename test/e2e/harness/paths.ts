import { fileURLToPath } from "node:url";

/** An absolute path for a path relative to the repository root. */
export function repoPath(relative: string): string {
  return fileURLToPath(new URL(relative, new URL("../../../", import.meta.url)));
}
