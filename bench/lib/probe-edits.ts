/**
 * Edits that bench/load-probe.ts makes to a kept vault, and undoes at exit: a line appended to each note, its text
 * and modification time put back afterwards, so that every run on any tree starts from the same files.
 */
import { appendFileSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NodeFileStore } from "../../src/cli/node/node-file-store";
import { readManifests } from "../../src/core/persist/segments/manifest-files";

/** Appends a line to each of `paths` (vault-relative) and pushes onto `undo` what puts each note back. */
export function touchNotes(vault: string, paths: readonly string[], undo: (() => void)[], line: string): void {
  for (const path of paths) {
    const file = join(vault, path);
    const [text, stat] = [readFileSync(file, "utf8"), statSync(file)];
    undo.push(() => {
      writeFileSync(file, text);
      utimesSync(file, stat.atime, stat.mtime);
    });
    appendFileSync(file, `\n\n${line}\n`);
  }
}

/**
 * Segments the manifest lists now, and segment files in the folder: a compaction shows as fewer listed segments
 * (the files it retired stay for their grace time).
 */
export async function segmentCounts(dataDir: string): Promise<{ listed: number; files: number }> {
  const read = await readManifests(new NodeFileStore(), dataDir);
  const files = readdirSync(dataDir).filter((n) => n.startsWith("index-seg-") && n.endsWith(".bin")).length;
  return { listed: read.kind === "read" ? read.manifest.segments.length : -1, files };
}
