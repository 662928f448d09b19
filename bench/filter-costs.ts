/**
 * In-process cost of a search per kind of query (the bench:mcp kinds), without the MCP round trip and without the
 * query embedding: each query's vector is made once beforehand and passed in, so what is timed is the engine alone
 * (keyword list, vector list, filters, fusion, snippets). Run it over a vault that bench:mcp kept (`--keep DIR`),
 * e.g. with `node --cpu-prof --import tsx bench/filter-costs.ts …` to see where a kind's time goes.
 *
 *   npx tsx bench/filter-costs.ts --vault DIR --ollama URL [--model standin-hash] [--notes 10000] [--queries 20]
 *     [--kinds phrase,excluded] [--mode hybrid] [--rounds 3] [--out FILE.json] [--profile FILE.cpuprofile] [--only TEXT]
 *     [--warm]
 *
 * `--rounds 1` times each query's first run, as an agent asks it (best of 3 hides what a first run pays for: clause
 * scores, folded note texts); `--warm` first does what the MCP server does between requests once it serves.
 * `--profile`: a CPU profile of the timed searches alone (not the index load), for Chrome DevTools.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { LiveVault } from "../src/cli/live-vault";
import { DEFAULT_CONFIG_DIR } from "../src/cli/node/vault-config";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/mcp-measure";
import { makeQueries, QUERY_KINDS, type QueryKind } from "./lib/mcp-queries";
import { makeMixedVault } from "./lib/mcp-vault";
import { writeJson } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const vaultDir = args.get("vault");
if (!vaultDir) throw new Error("--vault DIR: a vault bench:mcp kept (--keep), with its index");
const url = args.get("ollama") ?? "http://127.0.0.1:11434";
const model = args.get("model") ?? "standin-hash";
const perKind = Number(args.get("queries") ?? 20);
const rounds = Number(args.get("rounds") ?? 3);
const mode = args.get("mode") === "keyword" ? "keyword" : "hybrid";
const kinds = args.get("kinds")?.split(",").filter((k): k is QueryKind => (QUERY_KINDS as readonly string[]).includes(k)) ?? [...QUERY_KINDS];
const log = (m: string): void => console.error(`[filter-costs] ${m}`);

const fixtures = "bench/fixtures/multilingual";
const extra = [
  ...readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => ({ dir: join(fixtures, e.name), under: `multilingual/${e.name}`, lang: e.name })),
  { dir: "../shared/vaults/obsidian-help/zh", under: "help-zh", lang: "zh" },
];
const vault = makeMixedVault(extra, "../shared/vaults/obsidian-hub", Number(args.get("notes") ?? 10_000), vaultDir);
const queries = makeQueries(vault.notes, perKind, fixtures);
/** Only the queries holding this text (e.g. to profile one slow query). */
const only = args.get("only");
if (only) for (const kind of kinds) queries[kind] = queries[kind].filter((q) => q.includes(only));
const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: process.env };
const target = { vault: vault.dir, ollama: { url, model, fallbacks: [] }, configDir: DEFAULT_CONFIG_DIR };
const opened = await LiveVault.open(target, io, { app: "bench filter-costs", watch: false, log: () => undefined });
if (!opened.ok) throw new Error(opened.error.message);
const live = opened.value;
await live.whenReady();
// `--warm`: as the MCP server does once it serves (filter-warmup.ts), before the first query.
if (args.get("warm") === "true") {
  const [s, c] = [performance.now(), process.cpuUsage()];
  const folded = await live.session.warmFilters();
  const cpu = process.cpuUsage(c);
  log(`warmed: ${folded} notes' text folded in ${(performance.now() - s).toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`);
}
const embedder = new OllamaEmbedder(new OllamaClient({ baseUrl: url }), { model, batchSize: 16 });
const profiler = args.get("profile") ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post("Profiler.enable");
}
interface KindCost {
  p50: number;
  p95: number;
  max: number;
  cpuP50: number;
  cpuP95: number;
  perQuery: { query: string; ms: number; cpuMs: number; results: number }[];
}
const out: Record<string, KindCost> = {};
for (const kind of kinds) {
  const vectors: Float32Array[] = [];
  for (const q of queries[kind]) {
    const v = await embedder.embedQuery(q);
    if (!v.ok) throw new Error(v.error.message);
    vectors.push(v.value);
  }
  const best = queries[kind].map(() => Number.POSITIVE_INFINITY);
  const bestCpu = queries[kind].map(() => Number.POSITIVE_INFINITY);
  if (profiler) await profiler.post("Profiler.start");
  const counts: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [i, query] of queries[kind].entries()) {
      const [s, c] = [performance.now(), process.cpuUsage()];
      const r = await live.session.search({ query, mode, limit: 10, queryVector: vectors[i]! });
      best[i] = Math.min(best[i]!, performance.now() - s);
      const cpu = process.cpuUsage(c);
      bestCpu[i] = Math.min(bestCpu[i]!, (cpu.user + cpu.system) / 1000);
      counts[i] = r.results.length;
    }
  }
  if (profiler) writeFileSync(`${args.get("profile")}-${kind}.cpuprofile`, JSON.stringify((await profiler.post("Profiler.stop")).profile));
  const perQuery = queries[kind].map((query, i) => ({ query, ms: best[i]!, cpuMs: bestCpu[i]!, results: counts[i]! }));
  out[kind] = { p50: percentile(best, 50), p95: percentile(best, 95), max: Math.max(...best), cpuP50: percentile(bestCpu, 50), cpuP95: percentile(bestCpu, 95), perQuery };
  const f = (x: number): string => x.toFixed(1);
  log(`${kind}/${mode}: best of ${rounds} per query, wall p50 ${f(out[kind].p50)} p95 ${f(out[kind].p95)} max ${f(out[kind].max)} ms; CPU p50 ${f(out[kind].cpuP50)} p95 ${f(out[kind].cpuP95)} ms`);
}
await live.close();
const load = loadavg().map((x) => x.toFixed(2)).join(" ");
log(`load ${load}`);
if (args.get("out")) writeJson(args.get("out")!, { mode, rounds, loadAverage: load, kinds: out });
