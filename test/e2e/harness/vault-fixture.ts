import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/** Reads a folder of notes into a vault listing: vault path (with `/`) → text, in path order. */
export async function readVaultFolder(folder: string): Promise<Record<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const vault: Record<string, string> = {};
  for (const file of files) vault[relative(folder, file).split(sep).join("/")] = await readFile(file, "utf8");
  return vault;
}
