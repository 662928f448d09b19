/**
 * Long natural-language queries (issue 8): paragraph-long questions (40–340 words) made from the vault by the rule in
 * bench/lib/link-questions.ts (a paragraph that links to exactly one other note, link removed, asks for that note),
 * searched by our keyword mode and by a Porter-stemmed Lucene-style BM25 (k1 1.2, b 0.75, query terms counted; see
 * bench/lib/lucene-bm25.ts), side by side in one run, each with the full question and with its first 30 words.
 * The note the paragraph came from is left out of every ranking. See docs/BENCHMARKS.md, "Long queries".
 *
 *   npm run bench:long-queries -- [--vaults ../shared/vaults] [--count 300] [--out FILE.json] [--no-doc]
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { chunkNote } from "../src/core/chunk/chunker";
import { ChunkIndex } from "../src/core/index/chunk-index";
import { SearchEngine } from "../src/core/search/search-engine";
import { parseArgs } from "./lib/args";
import { linkQuestions, type LinkQuestion } from "./lib/link-questions";
import { LuceneBm25 } from "./lib/lucene-bm25";
import { mean, mrrAt, ndcgAt, percentile } from "./lib/metrics";
import { table, writeJson, writeSection } from "./lib/report";
import { listNotes } from "./lib/sync-vault";

const args = parseArgs(process.argv.slice(2));
const root = args.get("vaults") ?? "../shared/vaults";
const count = Number(args.get("count") ?? 300);
const stage = (msg: string) => process.stderr.write(`[long-queries] ${msg}\n`);
const r4 = (x: number) => Math.round(x * 10000) / 10000;
const PREFIX_WORDS = 30;

type Search = (q: string, limit: number) => Promise<string[]>;

async function score(questions: readonly LinkQuestion[], search: Search, cut: boolean) {
  const ndcg: number[] = [];
  const mrr: number[] = [];
  const hit: number[] = [];
  const times: number[] = [];
  for (const q of questions) {
    const text = cut ? q.text.split(" ").slice(0, PREFIX_WORDS).join(" ") : q.text;
    const t0 = performance.now();
    const ranked = (await search(text, 11)).filter((p) => p !== q.source).slice(0, 10);
    times.push(performance.now() - t0);
    const rel = new Map([[q.target, 1]]);
    ndcg.push(ndcgAt(ranked, rel, 10));
    mrr.push(mrrAt(ranked, rel, 10));
    hit.push(ranked.includes(q.target) ? 1 : 0);
  }
  return { ndcg10: r4(mean(ndcg)), mrr10: r4(mean(mrr)), success10: r4(mean(hit)), p95ms: r4(percentile(times, 95)) };
}

const load = loadavg()[0] ?? 0;
const results = [];
for (const [name, dir] of [["obsidian-hub", join(root, "obsidian-hub")], ["obsidian-help-en", join(root, "obsidian-help/en")]] as const) {
  const raw = new Map(listNotes(dir).map((p) => [p, readFileSync(join(dir, p), "utf8")] as const));
  const questions = linkQuestions(raw, count);
  stage(`${name}: ${raw.size} notes, ${questions.length} questions`);
  const index = new ChunkIndex(0);
  const lucene = new LuceneBm25();
  for (const [path, md] of raw) {
    const note = chunkNote(path, md);
    index.addNote(note);
    lucene.add(path, [note.meta.title, ...note.chunks.map((c) => c.text)].join("\n"));
  }
  const engine = new SearchEngine({ index });
  const ours: Search = async (q, limit) => (await engine.search({ query: q, mode: "keyword", limit })).results.map((r) => r.path);
  const baseline: Search = (q, limit) => Promise.resolve(lucene.search(q, limit));
  const words = questions.map((q) => q.words);
  const quoted = questions.filter((q) => /["“„]/.test(q.text)).length;
  const row = {
    vault: name,
    questions: questions.length,
    wordsMedian: percentile(words, 50),
    wordsMax: Math.max(...words),
    withQuotes: quoted,
    ours: await score(questions, ours, false),
    ours30: await score(questions, ours, true),
    lucene: await score(questions, baseline, false),
    lucene30: await score(questions, baseline, true),
  };
  stage(JSON.stringify(row));
  results.push(row);
}
const loadAfter = loadavg()[0] ?? 0;
writeJson(args.get("out") ?? "bench/results/long-queries.json", { load: [load, loadAfter], results });
if (!args.has("no-doc")) {
  const rows = results.flatMap((r) => [
    [r.vault, "ours (keyword mode)", r.ours.ndcg10, r.ours30.ndcg10, r.ours.mrr10, r.ours.success10, r.ours.p95ms],
    [r.vault, "Lucene BM25 (Porter, k1 1.2, b 0.75)", r.lucene.ndcg10, r.lucene30.ndcg10, r.lucene.mrr10, r.lucene.success10, r.lucene.p95ms],
  ]);
  const sets = results.map((r) => `${r.vault}: ${r.questions} questions, median ${r.wordsMedian} words (max ${r.wordsMax}), ${r.withQuotes} with quotes`).join("; ");
  writeSection(
    "long-queries",
    `### Long queries (\`npm run bench:long-queries\`, load ${load.toFixed(2)}–${loadAfter.toFixed(2)})

Questions: every paragraph of 40–340 words that links to exactly one other note becomes, with its link removed, a
question whose one relevant answer is the linked note (seeded sample; the paragraph's own note is left out of the
ranking). ${sets}.

${table(["vault", "system", "nDCG@10", "nDCG@10, first 30 words", "MRR@10", "success@10", "p95 ms"], rows)}`,
  );
}
console.log(JSON.stringify(results, null, 2));
