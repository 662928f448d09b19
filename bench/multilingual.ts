/**
 * Multilingual known-item benchmark (issue 8): phrase, function-word, bag-of-words, inflected, mid-word fragment and
 * typo queries drawn by fixed rules from the obsidian-help vaults and from the notes under bench/fixtures/multilingual,
 * run side by side through our keyword mode (as SearchEngine.search, and as the modal's typing path) and two MiniSearch
 * set-ups. See docs/BENCHMARKS.md. About 40-60 s on 2 busy cores.
 *
 *   npm run bench:multilingual -- [--vaults DIR] [--fixtures DIR] [--langs de,ru] [--seed 8] [--per-note 0] [--per-cell 150]
 *                                  [--out FILE.json] [--no-doc] [--baseline FILE.json] [--engine LABEL] [--builds 3]
 *                                  [--distractors DIR] [--dump FILE.json]
 *
 * --baseline (default bench/results/multilingual-main.json, when present) adds ours-before-and-after tables; make it
 * by running this script in a checkout of main with `--engine main@COMMIT --out FILE --no-doc`. --distractors adds
 * a vault's notes to the fixture vault's index without drawing queries from them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { loadavg } from "node:os";
import { parseArgs } from "./lib/args";
import { authoredInflections, corpusOf, loadFixtures, loadVault, type Corpus } from "./lib/multilingual-corpus";
import { authored, drawQueries, type BenchQuery } from "./lib/multilingual-queries";
import { markdown, misses, versusBaseline, type CorpusSummary, type SavedRun } from "./lib/multilingual-report";
import { cellsOf, runSystem, type Cell, type SystemRun } from "./lib/multilingual-score";
import { buildSystems } from "./lib/multilingual-systems";
import { writeJson, writeSection } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
if (args.has("help")) {
  console.log("usage: npm run bench:multilingual -- [--vaults DIR] [--fixtures DIR] [--langs de,ru] [--seed 8] [--per-note 0] [--per-cell 150] [--out FILE.json] [--no-doc] [--baseline FILE.json] [--engine LABEL] [--builds 3] [--distractors DIR] [--dump FILE.json]");
  process.exit(0);
}
const vaults = args.get("vaults") ?? "../shared/vaults/obsidian-help";
const fixtures = args.get("fixtures") ?? "bench/fixtures/multilingual";
const only = args.get("langs")?.split(",").map((s) => s.trim());
const limits = { seed: args.get("seed") ?? "8", perNote: Number(args.get("per-note") ?? 0), perCell: Number(args.get("per-cell") ?? 150) };
const stage = (msg: string) => process.stderr.write(`[multilingual] ${msg}\n`);

const corpora: { corpus: Corpus; langs: string[] }[] = [];
if (existsSync(vaults)) {
  for (const lang of readdirSync(vaults).sort()) {
    if (!statSync(join(vaults, lang)).isDirectory() || (only && !only.includes(lang))) continue;
    corpora.push({ corpus: loadVault(`obsidian-help-${lang}`, join(vaults, lang), lang), langs: [lang] });
  }
} else stage(`no vaults at ${vaults}: only the fixtures are measured`);
const loaded = loadFixtures(fixtures, only);
const extra = args.get("distractors");
// Distractor notes (e.g. the English help vault) share the fixtures' index but get no queries: a harder, mixed vault.
const fix = extra
  ? corpusOf(`fixtures+${basename(extra)}`, `${fixtures} + ${extra}`, [
      ...loaded.notes,
      ...loadVault("", extra, "en").notes.map((n) => ({ ...n, lang: "_distractor", path: `_distractors/${n.path}` })),
    ])
  : loaded;
if (fix.notes.length > 0) corpora.push({ corpus: fix, langs: [...new Set(loaded.notes.map((n) => n.lang))] });

if (corpora.length === 0) {
  stage(`nothing to measure: no notes under ${vaults} or ${fixtures}${only ? ` for --langs ${only.join(",")}` : ""}`);
  process.exit(2);
}
const t0 = performance.now();
const cells: Cell[] = [];
// With --dump FILE: every query with each system's rank of its target (0 = not in the top 10), for looking at misses.
const dumped: (BenchQuery & { corpus: string; ranks: Record<string, number> })[] = [];
const summaries: CorpusSummary[] = [];
for (const { corpus, langs } of corpora) {
  const tq = performance.now();
  const queries: BenchQuery[] = langs.flatMap((lang) => {
    const drawn = drawQueries(corpus, lang, limits);
    const hand = corpus === fix ? authored(corpus, lang, authoredInflections(fixtures, lang)) : [];
    return [...drawn, ...hand];
  });
  stage(`${corpus.name}: ${corpus.notes.length} notes, ${queries.length} queries drawn in ${Math.round(performance.now() - tq)} ms`);
  const systems = buildSystems(corpus, Number(args.get("builds") ?? 3));
  const runs: SystemRun[] = [];
  for (const s of systems) runs.push(await runSystem(s, queries));
  cells.push(...cellsOf(queries, runs));
  queries.forEach((q, i) => dumped.push({ ...q, corpus: corpus.name, ranks: Object.fromEntries(runs.map((r) => [r.name, r.ranks[i] ?? 0])) }));
  summaries.push({
    name: corpus.name,
    source: corpus.source,
    notes: corpus.notes.length,
    systems: systems.map((s, i) => ({
      name: s.name,
      buildMs: Math.round(s.buildMs * 10) / 10,
      indexBytes: s.indexBytes,
      sizeRule: s.sizeRule,
      p50ms: runs[i]?.p50ms ?? 0,
      p95ms: runs[i]?.p95ms ?? 0,
    })),
  });
}

/** Which engine was measured: the commit, and whether src/ had uncommitted changes (the engine is being worked on). */
function engineVersion(): string {
  const git = (...a: string[]) => execFileSync("git", a, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const head = git("rev-parse", "--short", "HEAD");
    const dirty = git("status", "--porcelain", "src") !== "";
    return dirty ? `${head} with uncommitted changes in src/` : head;
  } catch {
    return "unknown (not a git checkout)";
  }
}

const engine = args.get("engine") ?? engineVersion();
const load = loadavg().map((x) => x.toFixed(2)).join(" ");
const command = `npm run bench:multilingual${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
const date = new Date().toISOString().slice(0, 16).replace("T", " ");
const result = { command, date, engine, loadAverage: load, seed: limits.seed, perCell: limits.perCell, corpora: summaries, cells };
writeJson(args.get("out") ?? "bench/results/multilingual.json", result);
const dump = args.get("dump");
if (dump) writeJson(dump, dumped);
const baseFile = args.get("baseline") ?? "bench/results/multilingual-main.json";
const base = existsSync(baseFile) && baseFile !== args.get("out") ? (JSON.parse(readFileSync(baseFile, "utf8")) as SavedRun) : undefined;
const howBase =
  "made by running this benchmark's files (bench/multilingual.ts, bench/lib/multilingual-*.ts, bench/fixtures) in an " +
  "export of main (`git archive main`, node_modules linked) with `--engine main@COMMIT --out FILE --no-doc`";
const versus = base ? `\n\n${versusBaseline(result, base)}\n\nBaseline \`${baseFile}\`: ${howBase}.` : "";
if (!args.has("no-doc")) writeSection("multilingual", `${markdown(cells, summaries, { command, load, engine, date: `${date} UTC` })}${versus}`);
stage(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
for (const c of cells) {
  const s = (n: string) => c.systems[n]?.s10.toFixed(2) ?? "-";
  console.log(`${c.lang.padEnd(3)} ${c.type.padEnd(10)} n=${String(c.n).padEnd(4)} s@10 ours ${s("ours")}  ms ${s("minisearch")}  ms+fz ${s("minisearch+fuzzy")}`);
}
for (const m of misses(cells)) console.log(`target missed: ${m}`);
