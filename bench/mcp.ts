/**
 * MCP server benchmark: the `search` tool's round trip through a real MCP client over stdio at 10,000 notes, per
 * kind of query (titles, `path:` and `tag:` filters, quoted phrases, exclusions, question-length and multilingual
 * queries) in keyword and hybrid mode, the query embedding alone, and start-up to the first answer with a saved
 * index. With `--base DIR` (another worktree of the repository, e.g. at the commit before a change) both servers
 * are measured side by side in one run, query by query in turns. See docs/BENCHMARKS.md.
 *
 *   node ../shared/ollama-standin/server.mjs --port 11435 &      # or a real Ollama
 *   npm run build   # in each worktree, to measure `node dist/cli.mjs` as well as tsx
 *   npm run bench:mcp -- --ollama http://127.0.0.1:11435 [--model standin-hash] [--notes 10000] [--queries 40] [--base DIR] [--keep DIR]
 *     [--kinds phrase,excluded] [--modes hybrid] [--startups 0] [--out FILE.json] [--no-docs]
 *
 * With `--base`, every answer of the two servers is compared whole (paths, scores, snippets, notices): the JSON's
 * `differences` lists the queries whose answers differ. Each side's server CPU time (user + system, /proc) over a
 * kind's queries is reported as well, steadier than round trips on a shared machine.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { run } from "../src/cli/run";
import { parseArgs } from "./lib/args";
import { mcpClient, percentile, timeSearch, type McpConnection } from "./lib/mcp-measure";
import { makeQueries, QUERY_KINDS, type QueryKind } from "./lib/mcp-queries";
import { mcpReport, type Side } from "./lib/mcp-report";
import { makeMixedVault } from "./lib/mcp-vault";
import { writeJson, writeSection } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const filler = args.get("vault") ?? "../shared/vaults/obsidian-hub";
const notes = Number(args.get("notes") ?? 10_000);
const url = args.get("ollama") ?? "http://127.0.0.1:11434";
const model = args.get("model") ?? "standin-hash";
const perKind = Number(args.get("queries") ?? 40);
const startups = Number(args.get("startups") ?? 5);
const kinds = args.get("kinds")?.split(",").filter((k): k is QueryKind => (QUERY_KINDS as readonly string[]).includes(k)) ?? [...QUERY_KINDS];
const modes = (args.get("modes")?.split(",") ?? ["keyword", "hybrid"]).filter((m): m is "keyword" | "hybrid" => m === "keyword" || m === "hybrid");
const out = args.get("out") ?? `bench/results/mcp-${notes}.json`;
const log = (m: string): void => console.error(`[bench:mcp] ${m}`);
const commitOf = (dir: string): string => execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();

const dirs = [process.cwd(), ...(args.get("base") ? [resolve(args.get("base") ?? "")] : [])];
const sides: Side[] = dirs.map((dir, i) => ({ name: i === 0 ? "this" : "base", dir, commit: commitOf(dir), search: {}, startup: [] }));
const fixtures = "bench/fixtures/multilingual";
const extra = [
  ...readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => ({ dir: join(fixtures, e.name), under: `multilingual/${e.name}`, lang: e.name })),
  { dir: "../shared/vaults/obsidian-help/zh", under: "help-zh", lang: "zh" },
];
log(`copying ${notes} notes (multilingual fixtures, Chinese help, then ${filler} repeated)…`);
const vault = makeMixedVault(extra, filler, notes, args.get("keep"));
const ollama = ["--ollama", url, "--model", model];
const serverArgs = (launcher: string[]): string[] => [...launcher, "mcp", "--vault", vault.dir, ...ollama];
const launchersOf = (dir: string): { name: string; command: string[] }[] => [
  ...(existsSync(join(dir, "dist/cli.mjs")) ? [{ name: "node dist/cli.mjs", command: ["dist/cli.mjs"] }] : []),
  { name: "tsx src/cli/main.ts", command: ["--import", "tsx", "src/cli/main.ts"] },
];
try {
  const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (process.stderr.write(s), true) }, env: process.env };
  const t0 = performance.now();
  if ((await run(["index", "--vault", vault.dir, ...ollama], io)) !== 0) throw new Error("index failed; is the Ollama at --ollama up?");
  log(`indexed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const queries = makeQueries(vault.notes, perKind, fixtures);

  // Start-up to the first answer with the saved index, each server alone, the sides in turns.
  for (let round = 0; round < startups; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      for (const l of launchersOf(side.dir)) {
        const c = await mcpClient(serverArgs(l.command), side.dir);
        side.startup.push({ launcher: l.name, ms: c.startedMs, readyMs: await c.readyMs() });
        await c.close();
      }
    }
  }
  log("start-up measured");

  // Round trips, one connection per side; each query goes to every side in turns, so load swings hit both alike.
  const conns: McpConnection[] = [];
  for (const side of sides) conns.push(await mcpClient(serverArgs(launchersOf(side.dir)[0]!.command), side.dir));
  for (const c of conns) await c.readyMs();
  for (const c of conns) for (const q of queries.title.slice(0, 10)) await timeSearch(c.client, q, "hybrid");
  const differences: { kind: string; mode: string; query: string; answers: string[][] }[] = [];
  let compared = 0;
  for (const kind of kinds) {
    for (const mode of modes) {
      const samples = sides.map(() => ({ ms: [] as number[], results: [] as number[], cpuMs: 0 }));
      for (const [i, q] of queries[kind].entries()) {
        const order = sides.map((_, k) => k);
        if (i % 2 === 1) order.reverse();
        const answers: { full: string; ranked: string[] }[] = [];
        for (const k of order) {
          const cpu0 = conns[k]!.cpuMs();
          const r = await timeSearch(conns[k]!.client, q, mode);
          samples[k]!.cpuMs += (conns[k]!.cpuMs() ?? 0) - (cpu0 ?? 0);
          samples[k]!.ms.push(r.ms);
          samples[k]!.results.push(r.results);
          answers[k] = r;
        }
        compared++;
        if (answers.some((a) => a.full !== answers[0]!.full)) differences.push({ kind, mode, query: q, answers: answers.map((a) => a.ranked) });
      }
      sides.forEach((side, k) => {
        const s = samples[k]!;
        side.search[`${kind}/${mode}`] = {
          p50: percentile(s.ms, 50),
          p95: percentile(s.ms, 95),
          meanResults: s.results.reduce((a, b) => a + b, 0) / s.results.length,
          cpuMs: s.cpuMs,
        };
      });
      log(`${kind}/${mode} measured${sides.length > 1 ? `, ${differences.length} of ${compared} answers differ so far` : ""}`);
    }
  }
  for (const c of conns) await c.close();

  // The query embedding alone, as the server makes it (same client and model), fresh texts so nothing is cached.
  const embedder = new OllamaEmbedder(new OllamaClient({ baseUrl: url }), { model, batchSize: 16 });
  const embedding: Record<string, { p50: number; p95: number }> = {};
  for (const kind of kinds) {
    const ms: number[] = [];
    for (const q of queries[kind]) {
      const s = performance.now();
      const r = await embedder.embedQuery(`${q} x`);
      if (!r.ok) throw new Error(r.error.message);
      ms.push(performance.now() - s);
    }
    embedding[kind] = { p50: percentile(ms, 50), p95: percentile(ms, 95) };
  }
  const load = loadavg().map((x) => x.toFixed(2)).join(" ");
  const result = { notes, model, queriesPerKind: perKind, loadAverage: load, queries, embedding, sides, compared, differences };
  writeJson(out, result);
  if (args.get("no-docs") !== "true") writeSection("mcp", mcpReport(result, `npm run bench:mcp -- --ollama ${url} --model ${model} --notes ${notes} --queries ${perKind}${sides.length > 1 ? " --base DIR" : ""}`));
  console.log(JSON.stringify({ ...result, queries: undefined }, null, 2));
} finally {
  vault.dispose();
}
