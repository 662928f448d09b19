import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { listNotes } from "./sync-vault";

/** Marks a kept vault whose copy finished (a dot file: no note). */
const COMPLETE = ".bench-vault-complete";

/** One source folder of a benchmark vault and the folder its notes land in. */
export interface VaultPart {
  dir: string;
  under: string;
  /** Language of the part's notes, "en" when mixed or English. */
  lang: string;
}

/** A note of the benchmark vault, with its text for making queries. */
export interface MixedNote {
  path: string;
  lang: string;
  text: string;
}

/** A throwaway mixed vault: every note of `extra` once, then `filler` repeated until `count` notes. */
export interface MixedVault {
  dir: string;
  notes: MixedNote[];
  dispose(): void;
}

/**
 * Copies the multilingual parts once and the English filler vault as many times as it takes to reach `count`
 * notes (`copy-2/`, `copy-3/` …), into a temp folder, or into `keep`, which is then left in place and reused as it
 * is by the next run (with the index saved in it). The sources are only read.
 */
export function makeMixedVault(extra: readonly VaultPart[], filler: string, count: number, keep?: string): MixedVault {
  const dir = keep ?? mkdtempSync(join(tmpdir(), "hvs-bench-mcp-"));
  const reuse = keep !== undefined && existsSync(join(keep, COMPLETE));
  const notes: MixedNote[] = [];
  const copy = (src: string, rel: string, dest: string, lang: string): void => {
    if (!reuse) {
      mkdirSync(dirname(join(dir, dest)), { recursive: true });
      cpSync(join(src, rel), join(dir, dest));
    }
    notes.push({ path: dest, lang, text: readFileSync(join(src, rel), "utf8") });
  };
  for (const part of extra) {
    for (const rel of listNotes(part.dir)) if (notes.length < count) copy(part.dir, rel, `${part.under}/${rel}`, part.lang);
  }
  const fill = listNotes(filler);
  for (let i = 0; notes.length < count; i++) {
    const round = Math.floor(i / fill.length);
    const rel = fill[i % fill.length] ?? "";
    copy(filler, rel, round === 0 ? rel : `copy-${round + 1}/${rel}`, "en");
  }
  if (keep) writeFileSync(join(dir, COMPLETE), "");
  return { dir, notes, dispose: () => (keep ? undefined : rmSync(dir, { recursive: true, force: true })) };
}
