/**
 * Rerank cost: the latency a rerank adds to a search at 20 candidates (p50/p95), beside the fused search's own, and
 * how often the quality gate skips it, over a BEIR query set. Plumbing and timing only: with `standin-judge` (a
 * USE-lite cosine, not a language model) no quality figure is reported. See docs/BENCHMARKS.md.
 *
 *   node /work/shared/ollama-standin/server.mjs --port 11442 &
 *   npm run bench:rerank -- [--dataset DIR] [--ollama URL] [--model standin-use-lite] [--judge standin-judge]
 *                           [--candidates 20] [--latency-queries 60]
 */
import { loadavg } from "node:os";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { OllamaRelevanceJudge } from "../src/core/ollama/relevance-judge";
import { rerankGate, type GateSkip } from "../src/core/search/rerank-gate";
import { SearchEngine } from "../src/core/search/search-engine";
import type { SearchResponse } from "../src/core/search/search-result";
import type { SearchMode } from "../src/core/types";
import { parseArgs } from "./lib/args";
import { indexCorpus } from "./lib/bench-corpus";
import { loadBeir } from "./lib/beir";
import { embedDataset } from "./lib/embedded-dataset";
import { mean, percentile } from "./lib/metrics";
import { table, writeJson, writeSection } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const dataset = args.get("dataset") ?? "/work/shared/datasets/cranfield";
const split = args.get("split") ?? "test";
const url = args.get("ollama") ?? "http://127.0.0.1:11442";
const model = args.get("model") ?? "standin-hash";
const judgeModel = args.get("judge") ?? "standin-judge";
const candidates = Number(args.get("candidates") ?? 20);
const latencyQueries = Number(args.get("latency-queries") ?? 30);
const stage = (msg: string): void => void process.stderr.write(`[rerank] ${msg}\n`);
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(" ");

const ds = loadBeir(dataset, split);
const loadStart = load();
stage(`load ${loadStart}; embedding ${ds.name} with ${model} (cached in .cache/embeddings)`);
const { corpus, qids, queryVecs } = await embedDataset(ds, url, model);
const index = indexCorpus(corpus);
const engine = new SearchEngine({ index });

/** The fused top `candidates` of every query, and how long each search took. */
async function fusedAnswers(mode: SearchMode): Promise<{ answers: SearchResponse[]; ms: number[] }> {
  const answers: SearchResponse[] = [];
  const ms: number[] = [];
  for (const id of qids) {
    const t0 = performance.now();
    answers.push(await engine.search({ query: ds.queries.get(id) ?? "", mode, limit: candidates, queryVector: queryVecs.get(id) }));
    ms.push(performance.now() - t0);
  }
  return { answers, ms };
}

/** How often the gate skips, by reason, over every query. */
function gateRate(answers: readonly SearchResponse[]): { skipRate: number; skipped: Record<GateSkip, number> } {
  const skipped: Record<GateSkip, number> = { lead: 0, title: 0, few: 0 };
  for (const a of answers) {
    const why = rerankGate(a.results, a.query.text);
    if (why) skipped[why]++;
  }
  return { skipRate: (skipped.lead + skipped.title + skipped.few) / answers.length, skipped };
}

const rows: Record<string, unknown>[] = [];
// A long limit: a loaded machine must show up as slow answers, not as a failed run.
const judge = new OllamaRelevanceJudge(new OllamaClient({ baseUrl: url, timeoutMs: 300_000 }), { model: judgeModel, timeoutMs: 300_000 });
// One question first, so the judge's model load is not counted as a query's latency.
const warm = await judge.judge("warm up", ["warm up"]);
if (!warm.ok) throw new Error(warm.error.message);
for (const mode of ["hybrid", "keyword"] as const) {
  stage(`${mode}: fused searches (load ${load()})`);
  const fused = await fusedAnswers(mode);
  const gate = gateRate(fused.answers);
  // The judge is timed on the queries in order, gate or not: this is what a rerank costs when it runs. The judge's
  // work does not depend on the mode, so it is timed once, on the hybrid lists.
  const timed = mode === "hybrid" ? fused.answers.slice(0, latencyQueries).filter((a) => a.results.length >= 2) : [];
  const loadBefore = load();
  stage(`${mode}: judging ${timed.length} queries × ${candidates} candidates (load ${loadBefore})`);
  const added: number[] = [];
  for (const a of timed) {
    const t0 = performance.now();
    const judged = await judge.judge(a.query.text, a.results.slice(0, candidates).map((r) => `${r.best.headingPath.join(" > ")}\n${r.best.text}`));
    added.push(performance.now() - t0);
    if (!judged.ok) throw new Error(judged.error.message);
  }
  const row = {
    mode,
    queries: fused.answers.length,
    candidates,
    fusedP50ms: round(percentile(fused.ms, 50)),
    fusedP95ms: round(percentile(fused.ms, 95)),
    timedQueries: added.length,
    addedP50ms: round(percentile(added, 50)),
    addedP95ms: round(percentile(added, 95)),
    addedMeanMs: round(mean(added)),
    skipRate: round(gate.skipRate, 3),
    skipped: gate.skipped,
    meanAddedWithGateMs: round(mean(added) * (1 - gate.skipRate)),
    loadBefore,
    loadAfter: load(),
  };
  stage(JSON.stringify(row));
  rows.push(row);
}

function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

const result = { dataset: ds.name, split, embedModel: model, judge: judgeModel, candidates, parallel: 4, loadStart, rows, at: new Date().toISOString() };
writeJson(`bench/results/rerank.json`, result);
writeSection(
  "rerank",
  `### Rerank: added latency and gate skip rate (${ds.name} ${split}, ${model} vectors, judge ${judgeModel}, ${candidates} candidates)

Timing and plumbing only: \`standin-judge\` scores a USE-lite cosine, so no quality figure is reported from it. "Added"
is the time of the ${candidates} yes/no questions of one query (4 in flight), on the first queries in order whether or not
the gate would skip them (timed once, on the hybrid lists: the judge's work does not depend on the mode); "with gate"
is the mean added time once skipped queries cost nothing. The fused lists' vectors come from \`${model}\`${model === "standin-hash" ? " (lexical hashing, chosen to keep the run short on a loaded machine: the skip rate with a real embedding model will differ)" : ""}. Load average (1, 5,
15 min) as measured before and after each row; absolute times swing 2–3x with load.

${table(
  ["mode", "queries", "fused p50 ms", "fused p95 ms", "timed queries", "added p50 ms", "added p95 ms", "gate skip rate", "skipped (lead/title/few)", "mean added with gate ms", "load before → after"],
  rows.map((r) => {
    const s = r.skipped as Record<GateSkip, number>;
    return [
      String(r.mode),
      String(r.queries),
      String(r.fusedP50ms),
      String(r.fusedP95ms),
      String(r.timedQueries),
      r.timedQueries === 0 ? "–" : String(r.addedP50ms),
      r.timedQueries === 0 ? "–" : String(r.addedP95ms),
      `${Math.round(Number(r.skipRate) * 1000) / 10} %`,
      `${s.lead}/${s.title}/${s.few}`,
      r.timedQueries === 0 ? "–" : String(r.meanAddedWithGateMs),
      `${String(r.loadBefore)} → ${String(r.loadAfter)}`,
    ];
  }),
)}

Command: \`npm run bench:rerank\` (defaults: \`--dataset /work/shared/datasets/cranfield --ollama http://127.0.0.1:11442
--model ${model} --judge standin-judge --candidates ${candidates} --latency-queries ${latencyQueries}\`), with
\`node /work/shared/ollama-standin/server.mjs --port 11442\` running.`,
);
stage("done");
