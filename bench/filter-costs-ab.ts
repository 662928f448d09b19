/**
 * bench/filter-costs.ts side by side: this checkout's search engine and another's (`--base DIR`), loaded in one
 * process over the same kept vault (bench:mcp's `--keep DIR`, indexed), each query asked of both in turns with the
 * same query vector (made once, so no embedding is timed). Reports CPU time (user + system) per search, best of
 * `--rounds`, p50/p95 and the sum per kind, and how many answers differ (they must not, where the work is speed). CPU
 * time of a single-threaded search is steadier than wall time on a shared machine, though load still inflates it.
 * Both sides warm their filter caches first, as the MCP server does once it serves.
 *
 *   npx tsx bench/filter-costs-ab.ts --base /work/wt-base14 --vault /tmp/h20f2-vault --ollama URL [--model standin-hash]
 *     [--kinds path,tag,phrase,excluded] [--queries 20] [--rounds 5] [--out FILE.json]
 */
import { readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import type { LiveVault } from "../src/cli/live-vault";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/mcp-measure";
import { makeQueries, QUERY_KINDS, type QueryKind } from "./lib/mcp-queries";
import { makeMixedVault } from "./lib/mcp-vault";
import { writeJson } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const baseDir = args.get("base");
if (!baseDir) throw new Error("--base DIR: the checkout to compare with");
const url = args.get("ollama") ?? "http://127.0.0.1:11434";
const model = args.get("model") ?? "standin-hash";
const rounds = Number(args.get("rounds") ?? 5);
const kinds = (args.get("kinds") ?? "path,tag,phrase,excluded").split(",").filter((k): k is QueryKind => (QUERY_KINDS as readonly string[]).includes(k));
const fixtures = "bench/fixtures/multilingual";
const extra = [
  ...readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => ({ dir: join(fixtures, e.name), under: `multilingual/${e.name}`, lang: e.name })),
  { dir: "../shared/vaults/obsidian-help/zh", under: "help-zh", lang: "zh" },
];
const vault = makeMixedVault(extra, "../shared/vaults/obsidian-hub", Number(args.get("notes") ?? 10_000), args.get("vault") ?? "/tmp/h20f2-vault");
const queries = makeQueries(vault.notes, Number(args.get("queries") ?? 20), fixtures);
const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: process.env };

/** One checkout's live vault, loaded from its own sources. */
async function open(dir: string): Promise<LiveVault> {
  // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
  const { LiveVault: Live } = (await import(resolve(dir, "src/cli/live-vault.ts"))) as typeof import("../src/cli/live-vault");
  // eslint-disable-next-line no-unsanitized/method -- as above
  const { DEFAULT_CONFIG_DIR } = (await import(resolve(dir, "src/cli/node/vault-config.ts"))) as typeof import("../src/cli/node/vault-config");
  const target = { vault: vault.dir, ollama: { url, model, fallbacks: [] }, configDir: DEFAULT_CONFIG_DIR };
  const opened = await Live.open(target, io, { app: "bench filter-costs-ab", watch: false, log: () => undefined });
  if (!opened.ok) throw new Error(opened.error.message);
  await opened.value.whenReady();
  await opened.value.session.warmFilters();
  return opened.value;
}

const sides = [await open(process.cwd()), await open(baseDir)] as const;
const embedder = new OllamaEmbedder(new OllamaClient({ baseUrl: url }), { model, batchSize: 16 });
const report: Record<string, unknown> = {};
const f = (x: number): string => x.toFixed(1);
for (const kind of kinds) {
  const best: [number[], number[]] = [[], []];
  const differ: string[] = [];
  for (const query of queries[kind]) {
    const v = await embedder.embedQuery(query);
    if (!v.ok) throw new Error(v.error.message);
    const cpu = [Infinity, Infinity];
    const answers = ["", ""];
    for (let r = 0; r < rounds; r++) {
      for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const c = process.cpuUsage();
        const res = await sides[i]!.session.search({ query, mode: "hybrid", limit: 10, queryVector: v.value });
        const u = process.cpuUsage(c);
        cpu[i] = Math.min(cpu[i]!, (u.user + u.system) / 1000);
        answers[i] = JSON.stringify(res.results);
      }
    }
    if (answers[0] !== answers[1]) differ.push(query);
    best[0].push(cpu[0]!);
    best[1].push(cpu[1]!);
  }
  const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95), sum: xs.reduce((a, b) => a + b, 0) });
  const [a, b] = [stats(best[0]), stats(best[1])];
  report[kind] = { this: a, base: b, differ, perQuery: queries[kind].map((q, i) => ({ query: q, thisMs: best[0][i], baseMs: best[1][i] })) };
  console.error(`[filter-costs-ab] ${kind}/hybrid CPU ms, best of ${rounds}: this p50 ${f(a.p50)} p95 ${f(a.p95)} sum ${f(a.sum)}; base p50 ${f(b.p50)} p95 ${f(b.p95)} sum ${f(b.sum)}; answers differ ${differ.length}`);
}
for (const s of sides) await s.close();
const load = loadavg().map((x) => x.toFixed(2)).join(" ");
console.error(`[filter-costs-ab] load ${load}`);
if (args.get("out")) writeJson(args.get("out")!, { rounds, loadAverage: load, kinds: report });
