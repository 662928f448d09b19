import type { Chunk, NoteMeta } from "../../types";
import { splitExtraPath } from "../sources/extra-roots";
import type { IndexSettings } from "./index-settings";

/** Which notes are left out of the index, compiled once per settings change. */
export interface Exclusions {
  /** True when the path alone rules the note out (folders, globs, the host's excluded files); it is then not read. */
  byPath(path: string): boolean;
  /** True when the note's content rules it out (an excluded tag, too little prose). */
  byContent(meta: NoteMeta, proseChars: number): boolean;
}

/** Compiles the exclusion settings. Invalid regex entries in `hostIgnore` are skipped, as Obsidian does. */
export function compileExclusions(s: IndexSettings): Exclusions {
  const folders = s.excludeFolders.map((f) => f.replace(/^\/+|\/+$/g, "")).filter((f) => f !== "");
  const globs = s.excludeGlobs.map((g) => ({ re: globToRegExp(g.replace(/^\/+/, "")), nameOnly: !g.includes("/") }));
  const hostPrefixes: string[] = [];
  const hostRegexes: RegExp[] = [];
  for (const entry of s.hostIgnore) {
    const re = regexEntry(entry);
    if (re) hostRegexes.push(re);
    else if (!isRegexForm(entry)) hostPrefixes.push(entry.replace(/^\/+/, ""));
  }
  const tags = s.excludeTags.map(normalizeTag).filter((t) => t !== "");
  // Compiled into plain lists once: `byPath` runs for every listed note on every start (50,000 at a time), and a
  // closure, a basename and a "folder/" string made on each call were 30 MB of a 50,000-note load's garbage.
  const folderPrefixes = folders.map((f) => `${f}/`);
  const nameGlobs = globs.filter((g) => g.nameOnly).map((g) => g.re);
  const pathGlobs = globs.filter((g) => !g.nameOnly).map((g) => g.re);
  const byRules = (p: string): boolean => {
    for (const f of folderPrefixes) if (p.startsWith(f)) return true;
    if (nameGlobs.length > 0) {
      const name = p.slice(p.lastIndexOf("/") + 1);
      for (const re of nameGlobs) if (re.test(name)) return true;
    }
    for (const re of pathGlobs) if (re.test(p)) return true;
    for (const h of hostPrefixes) if (p.startsWith(h)) return true;
    for (const re of hostRegexes) if (re.test(p)) return true;
    return false;
  };
  return {
    byPath(path) {
      if (byRules(path)) return true;
      // An extra folder's note answers to the rules as its index path and as its path inside that folder.
      const inner = splitExtraPath(path)?.inner;
      return inner !== undefined && byRules(inner);
    },
    byContent(meta, proseChars) {
      if (proseChars < s.minNoteChars) return true;
      return meta.tags.some((raw) => {
        const tag = normalizeTag(raw);
        return tags.some((t) => tag === t || tag.startsWith(`${t}/`));
      });
    },
  };
}

/**
 * How much prose a chunked note has: the length of its chunk texts. A note that chunked to nothing but its title
 * (the chunker's fallback for notes without text) counts 0.
 */
export function proseChars(note: { meta: NoteMeta; chunks: readonly Chunk[] }): number {
  const only = note.chunks.length === 1 ? note.chunks[0] : undefined;
  if (only?.text === note.meta.title) return 0;
  let n = 0;
  for (const c of note.chunks) n += c.text.length;
  return n;
}

function normalizeTag(tag: string): string {
  return tag.trim().replace(/^#/, "").toLowerCase();
}

function isRegexForm(entry: string): boolean {
  return entry.length >= 2 && entry.startsWith("/") && entry.endsWith("/");
}

function regexEntry(entry: string): RegExp | undefined {
  if (!isRegexForm(entry)) return undefined;
  try {
    return new RegExp(entry.slice(1, -1));
  } catch {
    return undefined;
  }
}

/**
 * Compiles a path glob to an anchored RegExp. `*` is any run of characters except "/", `**` any run including "/",
 * and a `**` that fills a whole folder segment may also stand for no folder at all (so a pattern "Daily", then
 * "/**", then "/x.md" matches "Daily/x.md"). `?` is one character except "/". Everything else, including regex metacharacters, matches itself.
 */
export function globToRegExp(glob: string): RegExp {
  let out = "";
  let i = 0;
  while (i < glob.length) {
    const c = glob.charAt(i);
    if (c === "*" && glob.charAt(i + 1) === "*") {
      const wholeSegment = (i === 0 || glob.charAt(i - 1) === "/") && glob.charAt(i + 2) === "/";
      // "**/" at a segment start: zero or more whole folders. Otherwise: anything at all.
      out += wholeSegment ? "(?:.*/)?" : ".*";
      i += wholeSegment ? 3 : 2;
    } else if (c === "*") {
      out += "[^/]*";
      i++;
    } else if (c === "?") {
      out += "[^/]";
      i++;
    } else {
      out += c.replace(/[.+^${}()|[\]\\/]/g, "\\$&");
      i++;
    }
  }
  return new RegExp(`^${out}$`);
}
