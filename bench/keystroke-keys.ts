/**
 * Which keys of bench:keystroke are the slow ones: every key's time (median over rounds) in this checkout and in
 * the others given, slowest first. A profiling aid for issue 21, not a figure of record.
 *
 *   npx tsx bench/keystroke-keys.ts [--notes 10000] [--rounds 5] [--baseline DIR[,DIR]] [--top 25] [--cold [--warmup]]
 *
 * `--cold` skips the untimed pass, so round 1 meets every key for the first time, as the page's first typing run does
 * (read it with `--rounds 1`); `--warmup` first runs this checkout's keystroke warm-up, as the plugin does.
 */
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { syntheticVault } from "./lib/ui-vault";
import { checkoutEngine, typedKeys } from "./lib/checkout-engine";
import { warmKeystrokeSteps, warmupQueries } from "../src/core/search/keystroke-warmup";
import { runAll } from "../src/core/shared/slices";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 10_000);
const rounds = Number(args.get("rounds") ?? 5);
const top = Number(args.get("top") ?? 25);
const dirs = [".", ...(args.get("baseline")?.split(",") ?? [])];

async function engineOf(dir: string, files: Record<string, string>, warm: boolean) {
  const { engine, index, limit } = await checkoutEngine(dir, files);
  if (warm) {
    runAll(warmKeystrokeSteps((req) => engine.searchKeyword({ ...req, limit }), warmupQueries(index)));
    index.dropScratch();
  }
  return (query: string) => engine.searchKeyword({ query, limit, prefixLast: !/\s$/.test(query) }).results.map((r) => r.path);
}

const vault = syntheticVault(notes);
const { queries, keys } = typedKeys(vault);
const engines: ((q: string) => string[])[] = [];
for (const [j, d] of dirs.entries()) engines.push(await engineOf(d, vault.files, j === 0 && args.has("warmup")));
if (!args.has("cold")) for (const e of engines) for (const k of keys) e(k);
const times = engines.map(() => keys.map(() => [] as number[]));
const same = keys.map(() => true);
for (let r = 0; r < rounds; r++) {
  keys.forEach((key, i) => {
    const outs: string[] = [];
    engines.forEach((e, j) => {
      const t0 = performance.now();
      outs.push(e(key).join("|"));
      times[j]?.[i]?.push(performance.now() - t0);
    });
    if (outs.some((o) => o !== outs[0])) same[i] = false;
  });
}
const med = (xs: number[]) => percentile(xs, 50);
const rows = keys.map((k, i) => ({ k, ms: engines.map((_, j) => med(times[j]?.[i] ?? [])), same: same[i] }));
rows.sort((a, b) => (b.ms[0] ?? 0) - (a.ms[0] ?? 0));
console.log(`keys ${keys.length}; queries: ${queries.join(" | ")}`);
for (const r of rows.slice(0, top)) console.log(JSON.stringify(r.k).padEnd(28), r.ms.map((x) => x.toFixed(2).padStart(7)).join(" "), r.same ? "" : "DIFFERS");
const all = engines.map((_, j) => times[j]?.flat() ?? []);
console.log("p50/p95 per engine:", all.map((xs) => `${percentile(xs, 50).toFixed(2)}/${percentile(xs, 95).toFixed(2)}`).join("  "));
console.log("keys whose top results differ from this checkout:", same.filter((s) => !s).length);
