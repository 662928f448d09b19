import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

/** A throwaway copy of a vault for one benchmark run. */
export interface BenchVault {
  /** Folder of the copy. */
  dir: string;
  /** Vault-relative paths of its notes, sorted. */
  notes: string[];
  /** Deletes the copy. */
  dispose(): void;
}

/** Markdown files under `dir`, vault-relative with "/" separators, skipping dot folders such as .obsidian. */
export function listNotes(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string): void => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      if (e.name.startsWith(".")) continue;
      const full = join(folder, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && e.name.toLowerCase().endsWith(".md")) out.push(relative(dir, full).split("\\").join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Copies `source` (read-only) into a temp folder with exactly `notes` notes: fewer takes the first ones in path
 * order; more repeats the vault under `copy-2/`, `copy-3/`, ... until the count is reached. Without `notes`, the
 * copy holds the whole vault.
 */
export function makeBenchVault(source: string, notes?: number): BenchVault {
  const all = listNotes(source);
  if (all.length === 0) throw new Error(`No notes found under ${source}.`);
  const want = notes ?? all.length;
  const dir = mkdtempSync(join(tmpdir(), "hvs-bench-sync-"));
  const paths: string[] = [];
  for (let i = 0; i < want; i++) {
    const src = all[i % all.length] ?? "";
    const round = Math.floor(i / all.length);
    const dest = round === 0 ? src : `copy-${round + 1}/${src}`;
    mkdirSync(dirname(join(dir, dest)), { recursive: true });
    cpSync(join(source, src), join(dir, dest));
    paths.push(dest);
  }
  return { dir, notes: paths.sort(), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
