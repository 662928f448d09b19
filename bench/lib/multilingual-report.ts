import { table } from "./report";
import type { Cell } from "./multilingual-score";

/** Typo queries (one edit in a word of 5+ letters) should reach this success@10 (issue 8). */
export const TYPO_TARGET = 0.9;

export interface CorpusSummary {
  name: string;
  source: string;
  notes: number;
  systems: { name: string; buildMs: number; indexBytes: number; sizeRule: string; p50ms: number; p95ms: number }[];
}

export const RULES_TEXT = `Corpora, each indexed as one vault by every system: \`../shared/vaults/obsidian-help/en\` and \`zh\` (every
language folder found there), and \`bench/fixtures/multilingual\`: 19–20 short everyday notes in each of bg, da, de,
es, fi, fr, hu, it, ja, km, ko, nl, no, pl, pt, ru, sv, th, tr and uk written for this benchmark, all in one mixed vault without \`lang\`
frontmatter. With so few notes per language, success@10 there is near 1 for most types; success@1 and MRR@10 separate the systems more.

Query rules (each drawn per note with a seeded RNG, seed \`--seed\`, default 8; per note and type at most enough for
about 60 per language, 2 to 6, then at most \`--per-cell\` (150) per language and type drawn at random). A query is a
hit when its target note is in the top 10.
Queries whose target is not the only note that fits are dropped, never scored with several right answers.
- **phrase**: 2–4 consecutive words of one punctuation-free run of the note's prose (title included), as plain words
  (for zh/ja/th/km the substring itself); kept only if no other note contains it (case-folded substring).
- **function-words** (not ja): 3–4 consecutive words that are each in at least a quarter (and 3+) of the notes of the
  language, as plain words (zh/th/km: the substring), e.g. "is only available on"; kept only if no other note contains
  them. Few such phrases single out one note in the small fixture languages, so those cells are small.
- **bag**: 3–5 of the note's 15 highest-tf·idf words among words (3+ letters, 2+ in unspaced scripts, not bare
  hiragana) in at most 5 % (at least 2) of the notes of the same language, shuffled; kept only if no other note
  has them all.
- **inflected**: fixtures: queries written by hand in \`bench/fixtures/multilingual/<lang>/inflected.json\` (one or two
  per note, single words and 2–4 word queries), every word in a form the note never uses (the bench checks this),
  e.g. German "Fahrrädern" for a note that says "Fahrrad"; none for Thai and Khmer (no inflection). en vault: 2–3
  distinctive words, each replaced by another form (plural/singular, -ing, -ed) that the vault uses elsewhere but this note never;
  kept only if no other note has all the original words. zh: none (no inflection).
- **fragment** (zh, ja, th, km): 2–3 graphemes from inside one ICU word of 3+ graphemes of Han, kana, Thai or Khmer
  (a Khmer subscript consonant stays in its base's grapheme), not at the word's start (that is a prefix query), not
  all hiragana, not starting on a length mark or small kana, not splitting
  a Thai vowel from its consonant (so "识库" from 知识库); kept only if no other note contains them.
- **typo**: a bag query with one word of 5+ letters misspelt by one random edit (insert, delete, substitute,
  transpose) into a string that is no word of the vault. Alphabetic scripts only (not zh/ja/th/km).
- **typo-word**: one word of 5+ letters that only the target note uses, misspelt the same way (like "canvs").`;

const f2 = (x: number | undefined) => (x === undefined ? "–" : x.toFixed(2));

/** "ours / MiniSearch / MiniSearch+fuzzy" for one metric, ours in bold with ▼ when below either baseline. */
function triple(c: Cell, metric: "s1" | "s10" | "mrr10"): string {
  const o = c.systems.ours?.[metric];
  const a = c.systems.minisearch?.[metric];
  const b = c.systems["minisearch+fuzzy"]?.[metric];
  const below = o !== undefined && ((a !== undefined && o < a) || (b !== undefined && o < b));
  return `${below ? `**${f2(o)}▼**` : f2(o)} / ${f2(a)} / ${f2(b)}`;
}

/** The targets, checked for ours in mode "keyword" and, prefixed "typing", for ours as the modal searches. */
function flags(c: Cell): string {
  const out: string[] = [];
  const best = Math.max(c.systems.minisearch?.s10 ?? 0, c.systems["minisearch+fuzzy"]?.s10 ?? 0);
  for (const [name, label] of [["ours", ""], ["ours-typing", "typing "]] as const) {
    const o = c.systems[name]?.s10;
    if (o === undefined) continue;
    if (o < best) out.push(`${label}s@10 below MiniSearch by ${(best - o).toFixed(2)}`);
    if ((c.type === "typo" || c.type === "typo-word") && o < TYPO_TARGET) out.push(`${label}typo s@10 < ${TYPO_TARGET}`);
  }
  return out.join("; ") || "ok";
}

/** One line per cell that misses an issue-8 target (ours below a MiniSearch set-up at success@10, typos below 0.9). */
export function misses(cells: readonly Cell[]): string[] {
  return cells
    .filter((c) => flags(c) !== "ok")
    .map((c) => `${c.lang} ${c.type}: ${flags(c)} (ours ${f2(c.systems.ours?.s10)}, typing ${f2(c.systems["ours-typing"]?.s10)})`);
}

const sizeRule = (corpora: readonly CorpusSummary[], name: string): string =>
  corpora[0]?.systems.find((s) => s.name === name)?.sizeRule ?? "";

/** The markdown table of every cell, plus build cost per corpus and system. */
export function markdown(cells: readonly Cell[], corpora: readonly CorpusSummary[], meta: { command: string; load: string; date: string; engine: string }): string {
  const typing = (c: Cell) => f2(c.systems["ours-typing"]?.s10);
  const rows = cells.map((c) => [c.lang, c.type, c.n, triple(c, "s10"), triple(c, "s1"), triple(c, "mrr10"), typing(c), flags(c)]);
  const build = corpora.flatMap((c) =>
    c.systems.map((s) => [c.name, c.notes, s.name, Math.round(s.buildMs), (s.indexBytes / 1024).toFixed(1), s.p50ms.toFixed(2), s.p95ms.toFixed(2)]),
  );
  return [
    `### Multilingual known-item search (keyword mode against MiniSearch)`,
    "",
    `\`${meta.command}\` — ${meta.date}, engine ${meta.engine}, load average ${meta.load} (2 shared cores: timings are indicative).`,
    "",
    "Each metric cell is ours / MiniSearch default / MiniSearch `prefix: true, fuzzy: 0.2` (Omnisearch's set-up).",
    "Bold ▼: ours below either MiniSearch set-up. Flags: success@10 below a baseline; typo success@10 below 0.9; both for",
    "ours in mode keyword and, marked \"typing\", for ours as the modal searches.",
    "\"ours typing\": the same index as the search modal queries it while the cursor is on the last word (last word as a prefix).",
    "",
    table(["lang", "type", "queries", "success@10", "success@1", "MRR@10", "ours typing s@10", "flags"], rows),
    "",
    misses(cells).length > 0 ? `Targets missed:\n\n${misses(cells).map((m) => `- ${m}`).join("\n")}` : "Every cell meets the success@10 targets.",
    "",
    "Index build (median of `--builds` builds, default 3; ours includes chunking) and size; ours and ours-typing share one index, as do MiniSearch's two set-ups:",
    "",
    table(["corpus", "notes", "system", "build ms", "index KiB", "query p50 ms", "query p95 ms"], build),
    "",
    `Sizes: ours = ${sizeRule(corpora, "ours")}; MiniSearch = ${sizeRule(corpora, "minisearch")}.`,
    "",
    RULES_TEXT,
  ].join("\n");
}

/** A saved run of this benchmark (bench/results/multilingual*.json), as far as the comparison reads it. */
export interface SavedRun {
  engine: string;
  corpora: CorpusSummary[];
  cells: Cell[];
}

/**
 * Ours now against ours in an earlier run (normally the engine on main, before issue 8), on the same queries: the
 * quality change per cell, and how build time and index size grew.
 */
export function versusBaseline(now: SavedRun, before: SavedRun): string {
  const key = (c: Cell) => `${c.lang}/${c.type}`;
  const old = new Map(before.cells.map((c) => [key(c), c]));
  const rows = now.cells.map((c) => {
    const b = old.get(key(c));
    const same = b?.n === c.n;
    const arrow = (m: "s10" | "mrr10") => `${f2(b?.systems.ours?.[m])} → ${f2(c.systems.ours?.[m])}`;
    return [c.lang, c.type, same ? c.n : `${b?.n ?? 0} vs ${c.n} (queries differ)`, arrow("s10"), arrow("mrr10")];
  });
  const growth = now.corpora.map((c) => {
    const o = c.systems.find((s) => s.name === "ours");
    const b = before.corpora.find((x) => x.name === c.name)?.systems.find((s) => s.name === "ours");
    const pct = (x = 0, y = 0) => (y > 0 ? `${x >= y ? "+" : ""}${(((x - y) / y) * 100).toFixed(0)} %` : "–");
    return [c.name, `${((b?.indexBytes ?? 0) / 1024).toFixed(1)} → ${((o?.indexBytes ?? 0) / 1024).toFixed(1)} (${pct(o?.indexBytes, b?.indexBytes)})`,
      `${Math.round(b?.buildMs ?? 0)} → ${Math.round(o?.buildMs ?? 0)} (${pct(o?.buildMs, b?.buildMs)})`];
  });
  return [
    `Ours against the engine of the baseline run (${before.engine}), same queries:`,
    "",
    table(["lang", "type", "queries", "success@10 before → now", "MRR@10 before → now"], rows),
    "",
    table(["corpus", "keyword index KiB before → now", "build ms before → now"], growth),
  ].join("\n");
}
