/**
 * The first typing after the plugin loads, without the browser: each checkout's engine over bench:ui's synthetic
 * vault, its own keystroke warm-up (search/keystroke-warmup.ts, as the plugin runs it once the notes are in), then
 * bench:ui's keys typed once each, in a fresh process per run so that nothing is compiled before the warm-up. The
 * checkouts take turns run by run. This is what bench:ui's first typing run meets; bench:keystroke times keys whose
 * code has been compiled by earlier rounds.
 *
 *   npx tsx bench/keystroke-first.ts [--notes 10000] [--runs 4] [--baseline DIR[,DIR]] [--out FILE] [--no-doc]
 *
 * DIR is a checkout of this repository (`git worktree add /tmp/old COMMIT`); only its src/ is loaded. A checkout
 * without a keystroke warm-up runs none.
 */
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { table, writeJson, writeSection } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 10_000);
const runs = Number(args.get("runs") ?? 4);
const trees = [".", ...(args.get("baseline")?.split(",").filter((d) => d !== "") ?? [])];
const out = args.get("out") ?? "bench/results/keystroke-first.json";
if (!Number.isInteger(notes) || notes < 20 || !Number.isInteger(runs) || runs < 1) {
  console.error("--notes must be a whole number of at least 20 and --runs at least 1.");
  process.exit(2);
}

interface Run {
  keys: string[];
  ms: number[];
  warmKeys: number;
  warmMs: number;
  warmLongestMs: number;
}
const loadBefore = loadavg()[0];
const byTree = new Map<string, Run[]>(trees.map((t) => [t, []]));
for (let r = 0; r < runs; r++) {
  for (const tree of trees) {
    const stdout = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "bench/lib/keystroke-first-run.ts", tree, String(notes)], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const run = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as Run;
    byTree.get(tree)?.push(run);
    console.error(`[keystroke-first] run ${r + 1}/${runs} ${tree}: p95 ${percentile(run.ms, 95).toFixed(1)} ms`);
  }
}
const round = (x: number): number => Math.round(x * 10) / 10;
const summary = trees.map((tree) => {
  const rs = byTree.get(tree) ?? [];
  return {
    tree,
    p50: rs.map((r) => round(percentile(r.ms, 50))),
    p95: rs.map((r) => round(percentile(r.ms, 95))),
    max: rs.map((r) => round(Math.max(...r.ms))),
    totalMs: rs.map((r) => Math.round(r.ms.reduce((a, b) => a + b, 0))),
    warmKeys: rs[0]?.warmKeys ?? 0,
    warmMs: rs.map((r) => Math.round(r.warmMs)),
    warmLongestMs: rs.map((r) => round(r.warmLongestMs)),
  };
});
writeJson(out, { date: new Date().toISOString(), notes, runs, loadBefore, loadAfter: loadavg()[0], summary, runsByTree: Object.fromEntries(byTree) });
const list = (xs: number[]): string => xs.join(", ");
const markdown = [
  `\`npx tsx bench/keystroke-first.ts --notes ${notes} --runs ${runs}${trees.length > 1 ? ` --baseline ${trees.slice(1).join(",")}` : ""}\`: bench:ui's keys typed once after each checkout's own warm-up, a fresh process per run, ms on the wall clock.`,
  "",
  table(
    ["checkout", "key p50", "key p95", "slowest key", "all keys", "warm-up keys", "warm-up ms", "longest warm-up key"],
    summary.map((s) => [s.tree, list(s.p50), list(s.p95), list(s.max), list(s.totalMs), s.warmKeys, list(s.warmMs), list(s.warmLongestMs)]),
  ),
].join("\n");
console.log(markdown);
if (!args.has("no-doc")) writeSection("keystroke-first", markdown);
