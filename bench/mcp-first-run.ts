/**
 * One pass of bench:mcp's filtered queries through one MCP server, each query asked once (an agent asks once), with
 * every query's round trip and server CPU printed, and optionally the server's CPU profile (`--prof DIR`, node's
 * `--cpu-prof`), to see what a query's first run pays for. Uses a vault kept by bench:mcp (`--keep DIR`), indexed.
 *
 *   npm run build
 *   npx tsx bench/mcp-first-run.ts --vault /tmp/h20f2-vault --ollama http://127.0.0.1:11470 [--model standin-hash]
 *     [--queries 20] [--kinds path,tag,phrase,excluded] [--modes hybrid] [--dir WORKTREE] [--prof DIR] [--out FILE.json]
 *     [--warm-titles 10] [--passes 1]
 *
 * `--warm-titles N`: title queries asked first, as bench:mcp's warm-up (10). `--passes N` asks the whole list N times
 * (a later pass finds the corrections and clause scores of the first kept, so it is no "later answer" of new queries).
 */
import { readdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { mcpClient, percentile, timeSearch } from "./lib/mcp-measure";
import { makeQueries, QUERY_KINDS, type QueryKind } from "./lib/mcp-queries";
import { makeMixedVault } from "./lib/mcp-vault";

const args = parseArgs(process.argv.slice(2));
const keep = args.get("vault") ?? "/tmp/h20f2-vault";
const url = args.get("ollama") ?? "http://127.0.0.1:11434";
const model = args.get("model") ?? "standin-hash";
const perKind = Number(args.get("queries") ?? 20);
const dir = resolve(args.get("dir") ?? ".");
const kinds = (args.get("kinds")?.split(",") ?? ["path", "tag", "phrase", "excluded"]).filter((k): k is QueryKind =>
  (QUERY_KINDS as readonly string[]).includes(k),
);
const modes = (args.get("modes")?.split(",") ?? ["hybrid"]).filter((m): m is "keyword" | "hybrid" => m === "keyword" || m === "hybrid");
const prof = args.get("prof");
const passes = Number(args.get("passes") ?? 1);
const warmTitles = Number(args.get("warm-titles") ?? 10);

// The same vault and queries as bench:mcp (its notes list is rebuilt from the kept copy's sources).
const fixtures = "bench/fixtures/multilingual";
const extra = [
  ...readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => ({ dir: join(fixtures, e.name), under: `multilingual/${e.name}`, lang: e.name })),
  { dir: "../shared/vaults/obsidian-help/zh", under: "help-zh", lang: "zh" },
];
const vault = makeMixedVault(extra, "../shared/vaults/obsidian-hub", Number(args.get("notes") ?? 10_000), keep);
const queries = makeQueries(vault.notes, perKind, fixtures);
const node = [...(prof ? ["--cpu-prof", "--cpu-prof-dir", resolve(prof)] : []), "dist/cli.mjs"];
const c = await mcpClient([...node, "mcp", "--vault", vault.dir, "--ollama", url, "--model", model], dir);
await c.readyMs();
// bench:mcp's warm-up: ten title queries in hybrid mode.
for (const q of queries.title.slice(0, warmTitles)) await timeSearch(c.client, q, "hybrid");
type Each = { q: string; ms: number; cpuMs: number; from: number; to: number };
const out: Record<string, { p50: number; p95: number; cpuMs: number; each: Each[] }> = {};
// Monotonic µs, the clock of the CPU profile's timestamps, so a profile can be cut query by query.
const now = (): number => Number(process.hrtime.bigint() / 1000n);
for (let pass = 1; pass <= passes; pass++) {
  for (const kind of kinds) {
    for (const mode of modes) {
      const each: Each[] = [];
      for (const q of queries[kind]) {
        const cpu0 = c.cpuMs() ?? 0;
        const from = now();
        const r = await timeSearch(c.client, q, mode);
        each.push({ q, ms: Math.round(r.ms * 10) / 10, cpuMs: (c.cpuMs() ?? 0) - cpu0, from, to: now() });
      }
      const ms = each.map((e) => e.ms);
      const key = `${kind}/${mode}${pass > 1 ? ` pass ${pass}` : ""}`;
      out[key] = { p50: percentile(ms, 50), p95: percentile(ms, 95), cpuMs: each.reduce((a, e) => a + e.cpuMs, 0), each };
      console.error(`${key}: p50 ${percentile(ms, 50)} p95 ${percentile(ms, 95)} ms, CPU ${out[key].cpuMs} ms`);
    }
  }
}
await c.close();
const result = { dir, load: loadavg().map((x) => x.toFixed(2)).join(" "), kinds: out };
if (args.get("out")) writeFileSync(args.get("out")!, `${JSON.stringify(result, null, 2)}\n`);
else console.log(JSON.stringify(result, null, 2));
