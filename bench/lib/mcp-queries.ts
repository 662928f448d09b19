import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { MixedNote } from "./mcp-vault";

/** The kinds of query an agent sends, each measured on its own. */
export const QUERY_KINDS = ["title", "path", "tag", "phrase", "excluded", "long", "multilingual"] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

const WORD = /[\p{L}\p{N}]{3,}/gu;

/** Body without frontmatter, code and markup, one line per paragraph line. */
function prose(text: string): string[] {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, "").replace(/```[\s\S]*?```/g, " ");
  return body.split("\n").map((l) => l.replace(/\[\[|\]\]|[#*_`>|[\]()]/g, " ").trim()).filter((l) => l.length > 0);
}

/** Tags as the note states them: frontmatter `tags:` (list or inline) and inline `#tags`. */
export function tagsOf(text: string): string[] {
  const out = new Set<string>();
  const fm = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
  const block = /^tags:[ \t]*(.*)\n((?:[ \t]*-.*\n?)*)/m.exec(fm);
  if (block) {
    for (const t of (block[1] ?? "").replace(/[[\]]/g, "").split(/[, ]+/)) if (t) out.add(t);
    for (const m of (block[2] ?? "").matchAll(/-\s*(\S+)/g)) out.add(m[1] ?? "");
  }
  for (const m of text.matchAll(/(?:^|\s)#([\p{L}_][\p{L}\p{N}_/-]*)/gu)) out.add(m[1] ?? "");
  return [...out].filter((t) => t !== "" && !/^\d+$/.test(t)).map((t) => t.toLowerCase());
}

/** Every `step`-th element of `xs`, up to `n` of them, so that queries spread over the whole vault. */
function spread<T>(xs: readonly T[], n: number): T[] {
  const step = Math.max(1, Math.floor(xs.length / n));
  const out: T[] = [];
  for (let i = 0; out.length < n && i < xs.length; i += step) out.push(xs[i]!);
  return out;
}

const title = (n: MixedNote): string => basename(n.path, ".md").replace(/[^\p{L}\p{N} ]+/gu, " ").replace(/\s+/g, " ").trim();

/**
 * `n` queries of each kind, made from the vault's own notes so that they find something: note titles; a title's
 * words under the note's folder (`path:`); a title's words with a tag of the note (`tag:`, frequent and rare tags
 * alike); three consecutive words of a note in quotes; a title without a frequent word (`-word`); a sentence of
 * 12 to 25 words; and multilingual ones: the fixtures' hand-written inflected queries and Chinese note titles.
 */
export function makeQueries(notes: readonly MixedNote[], n: number, fixtures: string): Record<QueryKind, string[]> {
  const english = notes.filter((x) => x.lang === "en" && !x.path.startsWith("copy-") && title(x).length > 3);
  const df = new Map<string, number>();
  for (const x of english) for (const w of new Set(x.text.toLowerCase().match(WORD) ?? [])) df.set(w, (df.get(w) ?? 0) + 1);
  const common = [...df.entries()].filter(([w]) => /^[a-z]{4,}$/.test(w)).sort((a, b) => b[1] - a[1]).slice(20, 120).map(([w]) => w);
  // Lines of the notes' own prose: a line that many notes share is template text, not what anyone searches for.
  const lineCount = new Map<string, number>();
  for (const x of english) for (const l of new Set(prose(x.text))) lineCount.set(l, (lineCount.get(l) ?? 0) + 1);
  const phrases = new Set<string>();
  const sentences = new Set<string>();
  for (const x of spread(english, n * 8)) {
    const lines = prose(x.text).filter((l) => lineCount.get(l) === 1);
    // Three words separated by single spaces, as the note has them, so the phrase is really in it.
    const run = lines.map((l) => /[\p{L}\p{N}]{3,} [\p{L}\p{N}]{3,} [\p{L}\p{N}]{3,}/u.exec(l)?.[0]).find((m) => m !== undefined);
    if (run && phrases.size < n) phrases.add(`"${run}"`);
    const long = lines.find((l) => (l.match(WORD) ?? []).length >= 12 && !/:\/\/|[<@^]/.test(l));
    if (long && sentences.size < n) sentences.add(long.split(/\s+/).slice(0, 25).join(" ").replace(/["%]/g, ""));
  }
  const tagged = english.flatMap((x) => tagsOf(x.text).map((t) => ({ x, t })));
  const byTag = new Map<string, typeof tagged>();
  for (const e of tagged) byTag.set(e.t, [...(byTag.get(e.t) ?? []), e]);
  // One note per tag in turn, so rare tags are asked as often as the tags of half the vault.
  const tagPicks = spread([...byTag.values()].flatMap((es) => spread(es, 3)), n);
  const multilingual: string[] = [];
  const langs = notes.filter((x) => x.lang !== "en").map((x) => x.lang);
  for (const lang of new Set(langs)) {
    const file = join(fixtures, lang, "inflected.json");
    if (!existsSync(file)) continue;
    for (const q of spread(JSON.parse(readFileSync(file, "utf8")) as { q: string }[], 3)) multilingual.push(q.q);
  }
  for (const x of spread(notes.filter((y) => y.lang === "zh"), n)) if (multilingual.length < n * 2) multilingual.push(title(x));
  return {
    title: spread(english, n).map(title),
    path: spread(english.filter((x) => dirname(x.path) !== "."), n).map((x) => `${title(x).split(" ").slice(0, 2).join(" ")} path:"${dirname(x.path)}"`),
    tag: tagPicks.map(({ x, t }) => `${title(x).split(" ").slice(0, 2).join(" ")} tag:${t}`),
    phrase: [...phrases],
    excluded: spread(english, n).map((x, i) => `${title(x)} -${common[i % common.length] ?? "the"}`),
    long: [...sentences],
    multilingual: spread(multilingual, n),
  };
}
