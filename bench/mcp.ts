/**
 * MCP server benchmark: the `search` tool's round trip through a real MCP client over stdio at 10,000 notes, the
 * query embedding alone, and start-up to the first answer with a saved index. See docs/BENCHMARKS.md.
 *
 *   node ../shared/ollama-standin/server.mjs --port 11509 &      # or a real Ollama
 *   npm run bench:mcp -- --ollama http://127.0.0.1:11509 [--model standin-hash] [--notes 10000] [--vault DIR]
 *
 * Start-up is measured for both ways of running the server: `node dist/cli.mjs` (run `npm run build` first)
 * and `tsx src/cli/main.ts`.
 */
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { run } from "../src/cli/run";
import { parseArgs } from "./lib/args";
import { mcpClient, percentile, queriesFrom, timeSearches, type StartupRun } from "./lib/mcp-measure";
import { table, writeJson, writeSection } from "./lib/report";
import { makeBenchVault } from "./lib/sync-vault";

const args = parseArgs(process.argv.slice(2));
const source = args.get("vault") ?? "../shared/vaults/obsidian-hub";
const notes = Number(args.get("notes") ?? 10_000);
const url = args.get("ollama") ?? "http://127.0.0.1:11434";
const model = args.get("model") ?? "standin-hash";
const rounds = Number(args.get("queries") ?? 200);
const log = (m: string): void => console.error(`[bench:mcp] ${m}`);
const ms = (x: number): string => x.toFixed(1);

log(`copying ${source} (${notes} notes)…`);
const vault = makeBenchVault(source, notes);
const ollama = ["--ollama", url, "--model", model];
try {
  const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (process.stderr.write(s), true) }, env: process.env };
  const t0 = performance.now();
  if ((await run(["index", "--vault", vault.dir, ...ollama], io)) !== 0) throw new Error("index failed; is the Ollama at --ollama up?");
  log(`indexed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const queries = queriesFrom(vault.notes, rounds);

  // Start-up to first answer, saved index: spawn, initialize, one keyword search. Five runs per launcher.
  const launchers: { name: string; command: string[] }[] = [{ name: "tsx src/cli/main.ts", command: ["--import", "tsx", "src/cli/main.ts"] }];
  if (existsSync("dist/cli.mjs")) launchers.unshift({ name: "node dist/cli.mjs", command: ["dist/cli.mjs"] });
  const startup: StartupRun[] = [];
  for (const l of launchers) {
    for (let i = 0; i < 5; i++) {
      const c = await mcpClient([...l.command, "mcp", "--vault", vault.dir, ...ollama]);
      startup.push({ launcher: l.name, ms: c.startedMs });
      await c.close();
    }
  }

  // Round trips over one connection: hybrid (embeds the query) and keyword (no embedding call).
  const c = await mcpClient([...(existsSync("dist/cli.mjs") ? ["dist/cli.mjs"] : ["--import", "tsx", "src/cli/main.ts"]), "mcp", "--vault", vault.dir, ...ollama]);
  await timeSearches(c.client, queries.slice(0, 10), "hybrid"); // warm-up
  const hybrid = await timeSearches(c.client, queries, "hybrid");
  const keyword = await timeSearches(c.client, queries, "keyword");
  await c.close();
  // The query embedding alone, as the server makes it (same client and model), fresh texts so nothing is cached.
  const embedder = new OllamaEmbedder(new OllamaClient({ baseUrl: url }), { model, batchSize: 16 });
  const embed: number[] = [];
  for (const q of queries) {
    const s = performance.now();
    const r = await embedder.embedQuery(`${q} x`);
    if (!r.ok) throw new Error(r.error.message);
    embed.push(performance.now() - s);
  }
  const load = loadavg().map((x) => x.toFixed(2)).join(" ");
  const result = {
    notes,
    model,
    queries: queries.length,
    loadAverage: load,
    hybridRoundTripMs: { p50: percentile(hybrid, 50), p95: percentile(hybrid, 95) },
    keywordRoundTripMs: { p50: percentile(keyword, 50), p95: percentile(keyword, 95) },
    queryEmbeddingMs: { p50: percentile(embed, 50), p95: percentile(embed, 95) },
    startupToFirstAnswerMs: launchers.map((l) => {
      const runs = startup.filter((s) => s.launcher === l.name).map((s) => s.ms);
      return { launcher: l.name, median: percentile(runs, 50), max: Math.max(...runs) };
    }),
  };
  writeJson(`bench/results/mcp-${notes}.json`, result);
  const hybridNet = result.hybridRoundTripMs.p95 - result.queryEmbeddingMs.p50;
  writeSection(
    "mcp",
    [
      `MCP \`search\` tool over stdio, SDK client in the benchmark process, ${notes.toLocaleString("en-US")} notes (obsidian-hub repeated), ` +
        `model \`${model}\` on the Ollama stand-in, ${queries.length} queries (note titles). Load average during the run: ${load} (2 cores, shared).`,
      "",
      table(
        ["measure", "p50 ms", "p95 ms", "target"],
        [
          ["search round trip, hybrid (includes the query embedding)", ms(result.hybridRoundTripMs.p50), ms(result.hybridRoundTripMs.p95), "≤ 50 + embedding"],
          ["search round trip, keyword (no embedding call)", ms(result.keywordRoundTripMs.p50), ms(result.keywordRoundTripMs.p95), "≤ 50"],
          ["query embedding alone (same client and model)", ms(result.queryEmbeddingMs.p50), ms(result.queryEmbeddingMs.p95), "—"],
        ],
      ),
      "",
      `Hybrid p95 minus the median embedding: ${ms(hybridNet)} ms.`,
      "",
      table(
        ["start-up to first answer, saved index", "median ms", "max ms", "target"],
        result.startupToFirstAnswerMs.map((s) => [s.launcher, ms(s.median), ms(s.max), "≤ 1500"]),
      ),
      "",
      `Rerun: \`node ../shared/ollama-standin/server.mjs --port 11509 &\`, \`npm run build\`, then ` +
        `\`npm run bench:mcp -- --ollama http://127.0.0.1:11509 --model ${model} --notes ${notes}\`.`,
    ].join("\n"),
  );
  console.log(JSON.stringify(result, null, 2));
} finally {
  vault.dispose();
}
