import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { chunkNote } from "../../src/core/chunk/chunker";
import type { ChunkedNote } from "../../src/core/types";
import { seededRandom } from "./ui-vault";

/** A vault read for link prediction: every note, and the notes each one links to that exist. */
export interface LinkVault {
  name: string;
  /** Raw markdown by vault-relative path. */
  raw: Map<string, string>;
  /** Distinct existing link targets of each note (itself left out). */
  links: Map<string, Set<string>>;
}

const WIKILINK = /!?\[\[([^\]|#^]*)(?:[#^][^\]|]*)?(?:\|[^\]]*)?\]\]/g;
const COMMENT = /%%[\s\S]*?%%|<!--[\s\S]*?-->/g;

/** Reads every .md file under `dir` (dot folders left out) and resolves wikilinks by file name, as Obsidian does. */
export function readLinkVault(name: string, dir: string): LinkVault {
  const raw = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      if (e.startsWith(".")) continue;
      const full = join(d, e);
      if (statSync(full).isDirectory()) walk(full);
      else if (e.endsWith(".md")) raw.set(relative(dir, full).split("\\").join("/"), readFileSync(full, "utf8"));
    }
  };
  walk(dir);
  const byName = new Map<string, string>();
  for (const path of raw.keys()) {
    const base = baseName(path);
    if (!byName.has(base)) byName.set(base, path);
    byName.set(path.replace(/\.md$/i, "").toLowerCase(), path);
  }
  const links = new Map<string, Set<string>>();
  for (const [path, md] of raw) {
    const found = new Set<string>();
    // Links inside comments are no links in Obsidian's reading view, and the chunker drops comments.
    for (const m of md.replace(COMMENT, " ").matchAll(WIKILINK)) {
      if (m[0].startsWith("!")) continue;
      const target = byName.get((m[1] ?? "").trim().toLowerCase()) ?? byName.get(baseName(m[1] ?? ""));
      if (target && target !== path) found.add(target);
    }
    links.set(path, found);
  }
  return { name, raw, links };
}

/** The note with every wikilink and embed (target and display text) taken out: what "strict" indexes for a source. */
export function withoutLinks(md: string): string {
  return md.replace(WIKILINK, " ");
}

/** Chunks every note; the notes in `strict` with their links taken out. */
export function chunkVault(v: LinkVault, strict: ReadonlySet<string>): ChunkedNote[] {
  return [...v.raw].map(([path, md]) => chunkNote(path, strict.has(path) ? withoutLinks(md) : md));
}

/** `count` sources with at least `minLinks` existing targets among `pool`, drawn by `seed`. */
export function drawSources(v: LinkVault, pool: readonly string[], count: number, seed: number, minLinks = 2): string[] {
  const eligible = pool.filter((p) => (v.links.get(p)?.size ?? 0) >= minLinks).sort();
  const rnd = seededRandom(seed);
  for (let i = eligible.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [eligible[i], eligible[j]] = [eligible[j] as string, eligible[i] as string];
  }
  return eligible.slice(0, count);
}

function baseName(path: string): string {
  return (path.split("/").pop() ?? path).replace(/\.md$/i, "").trim().toLowerCase();
}
