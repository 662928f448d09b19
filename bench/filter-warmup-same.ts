/**
 * Do the MCP server's filter warm-up (filter-warmup.ts) and its text catalog change any answer? One process, one
 * kept vault (bench:mcp's `--keep DIR`, indexed): bench:mcp's filtered queries plus random odd filter input (unbalanced
 * quotes, a lone "-", empty `path:`/`tag:`, emoji with variation selectors and joiners, lone marks), typed key by key,
 * are answered in keyword mode before the warm-up and again after it; every answer must be the same, and none may
 * throw or hang. Prints the counts and the memory the warm-up kept (heap after a GC, `--expose-gc`).
 *
 *   node --expose-gc --import tsx bench/filter-warmup-same.ts --vault /tmp/h20f2-vault --ollama URL [--model standin-hash]
 *     [--random 300] [--seed 1] [--out FILE.json] [--heap-only]
 */
import { readdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { LiveVault } from "../src/cli/live-vault";
import { DEFAULT_CONFIG_DIR } from "../src/cli/node/vault-config";
import { parseArgs } from "./lib/args";
import { makeQueries } from "./lib/mcp-queries";
import { makeMixedVault } from "./lib/mcp-vault";

const args = parseArgs(process.argv.slice(2));
const vaultDir = args.get("vault") ?? "/tmp/h20f2-vault";
const url = args.get("ollama") ?? "http://127.0.0.1:11434";
const model = args.get("model") ?? "standin-hash";
const randomCount = Number(args.get("random") ?? 300);
let seed = Number(args.get("seed") ?? 1);
const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

const fixtures = "bench/fixtures/multilingual";
const extra = [
  ...readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => ({ dir: join(fixtures, e.name), under: `multilingual/${e.name}`, lang: e.name })),
  { dir: "../shared/vaults/obsidian-help/zh", under: "help-zh", lang: "zh" },
];
const vault = makeMixedVault(extra, "../shared/vaults/obsidian-hub", 10_000, vaultDir);
const made = makeQueries(vault.notes, 20, fixtures);
const KEYS: string[] = ['"', "-", " ", "path:", "tag:", 'path:""', "tag:#", "🗂️", "👩‍💻", "\u0301", "\u200d", "\ufe0f", "obsidian", "plugin", "note", "the", "画布", "Frühling", "0", "'", "copy this"];
const odd: string[] = [];
for (let i = 0; i < randomCount; i++) {
  const keys = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => KEYS[Math.floor(rand() * KEYS.length)]!);
  const typed = keys.join("");
  // Key by key, as an agent's client or the modal would send them; every fourth prefix keeps the run short.
  for (let end = 1; end <= typed.length; end += 1 + Math.floor(rand() * 4)) odd.push(typed.slice(0, end));
  odd.push(typed);
}
const queries = [...made.path, ...made.tag, ...made.phrase, ...made.excluded, ...odd];

const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: process.env };
const target = { vault: vault.dir, ollama: { url, model, fallbacks: [] }, configDir: DEFAULT_CONFIG_DIR };
const opened = await LiveVault.open(target, io, { app: "bench filter-warmup-same", watch: false, log: () => undefined });
if (!opened.ok) throw new Error(opened.error.message);
const live = opened.value;
await live.whenReady();
const gc = (globalThis as { gc?: () => void }).gc;
const heap = (): number => (gc?.(), process.memoryUsage().heapUsed / 1e6);

const answer = async (q: string): Promise<string> => {
  const r = await live.session.search({ query: q, mode: "keyword", limit: 10 });
  return JSON.stringify({ results: r.results, notices: r.notices });
};
const heapCold = heap();
// `--heap-only`: the memory the warm-up keeps in a server that was asked nothing yet, then stop.
if (args.get("heap-only") === "true") {
  const folded = await live.session.warmFilters();
  console.log(JSON.stringify({ folded, heapMb: { loaded: +heapCold.toFixed(1), afterWarmUp: +heap().toFixed(1) } }));
  await live.close();
  process.exit(0);
}
const before: string[] = [];
for (const q of queries) before.push(await answer(q));
const heapAfterCold = heap();
const s = performance.now();
const folded = await live.session.warmFilters();
const warmMs = performance.now() - s;
const heapWarm = heap();
let differ = 0;
const diffs: string[] = [];
for (const [i, q] of queries.entries()) {
  if ((await answer(q)) !== before[i]) {
    differ++;
    if (diffs.length < 10) diffs.push(q);
  }
}
await live.close();
const result = {
  queries: queries.length,
  odd: odd.length,
  differ,
  diffs,
  folded,
  warmMs: Math.round(warmMs),
  heapMb: { loaded: +heapCold.toFixed(1), afterColdQueries: +heapAfterCold.toFixed(1), afterWarmUp: +heapWarm.toFixed(1) },
  load: loadavg().map((x) => x.toFixed(2)).join(" "),
};
console.log(JSON.stringify(result, null, 2));
if (args.get("out")) writeFileSync(args.get("out")!, `${JSON.stringify(result, null, 2)}\n`);
if (differ > 0) process.exitCode = 1;
