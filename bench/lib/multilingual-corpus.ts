import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { norm, plainText, segments, words } from "./multilingual-text";

/** One note of a benchmark vault, with what the query rules need precomputed. */
export interface BenchNote {
  /** Vault-relative path: the id every system returns. */
  path: string;
  lang: string;
  /** File name without ".md". */
  title: string;
  markdown: string;
  /** Markdown without frontmatter: what MiniSearch indexes as `text`. */
  body: string;
  /** Title and prose, cut into runs without punctuation (see `segments`). */
  segments: string[];
  /** Normalised title and prose, for substring checks. */
  normPlain: string;
  /** Lower-cased words of title and prose, with counts. */
  counts: Map<string, number>;
}

/** A vault indexed as one index: every system sees all its notes, queries are reported per language. */
export interface Corpus {
  name: string;
  /** Where the notes came from, for the report. */
  source: string;
  notes: BenchNote[];
  /** In how many notes each lower-cased word occurs. */
  df: Map<string, number>;
  /** The same per language, and the language's note count: a mixed vault's German notes are judged among German ones. */
  byLang: Map<string, { notes: number; df: Map<string, number> }>;
}

function mdFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...mdFiles(p));
    else if (e.name.endsWith(".md")) out.push(p);
  }
  return out.sort();
}

export function benchNote(path: string, lang: string, markdown: string): BenchNote {
  const title = basename(path, ".md");
  const body = markdown.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, "");
  const segs = segments(`${title}\n${plainText(markdown)}`);
  const counts = new Map<string, number>();
  for (const s of segs) for (const w of words(s, lang)) {
    const k = w.text.toLocaleLowerCase();
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return { path, lang, title, markdown, body, segments: segs, normPlain: norm(segs.join("\n")), counts };
}

export function corpusOf(name: string, source: string, notes: BenchNote[]): Corpus {
  const df = new Map<string, number>();
  const byLang = new Map<string, { notes: number; df: Map<string, number> }>();
  for (const n of notes) {
    const lang = byLang.get(n.lang) ?? { notes: 0, df: new Map<string, number>() };
    byLang.set(n.lang, lang);
    lang.notes++;
    for (const w of n.counts.keys()) {
      df.set(w, (df.get(w) ?? 0) + 1);
      lang.df.set(w, (lang.df.get(w) ?? 0) + 1);
    }
  }
  return { name, source, notes, df, byLang };
}

/** A vault folder in one language, e.g. ../shared/vaults/obsidian-help/en. */
export function loadVault(name: string, dir: string, lang: string): Corpus {
  const notes = mdFiles(dir).map((f) => benchNote(relative(dir, f), lang, readFileSync(f, "utf8")));
  return corpusOf(name, dir, notes);
}

/** The notes written for this benchmark: one folder per language, all indexed together as one mixed vault. */
export function loadFixtures(dir: string, only?: readonly string[]): Corpus {
  const notes: BenchNote[] = [];
  if (!existsSync(dir)) return corpusOf("fixtures", dir, notes);
  for (const lang of readdirSync(dir).sort()) {
    if (!statSync(join(dir, lang)).isDirectory() || (only && !only.includes(lang))) continue;
    for (const f of mdFiles(join(dir, lang))) notes.push(benchNote(relative(dir, f), lang, readFileSync(f, "utf8")));
  }
  return corpusOf("fixtures", dir, notes);
}

/** A hand-written query in another inflected form than the note uses, and the note it is about. */
export interface AuthoredQuery {
  q: string;
  /** File name of the target note inside the language's folder. */
  note: string;
}

/** `<fixtures>/<lang>/inflected.json`, or nothing when the language has none. */
export function authoredInflections(dir: string, lang: string): AuthoredQuery[] {
  const f = join(dir, lang, "inflected.json");
  return existsSync(f) ? (JSON.parse(readFileSync(f, "utf8")) as AuthoredQuery[]) : [];
}
