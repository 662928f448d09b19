/**
 * The engine's share of a keystroke, without the browser: the keyword search the search modal runs on every key
 * (`SearchEngine.searchKeyword` with the last word as a prefix while it is typed, the settings' default limit), over
 * bench:ui's synthetic vault and its ten queries typed key by key. In the page (bench:ui) this share is mixed with
 * layout, paint and the machine's other work; here it is timed alone, and side by side with another checkout's
 * engine (`--baseline DIR`), the two taking turns key by key so that a change in the machine's speed hits both alike.
 *
 *   npm run bench:keystroke -- [--notes 10000] [--rounds 5] [--baseline DIR[,DIR] --baseline-label NAME[,NAME]] [--clock wall|cpu] [--cold] [--out FILE] [--no-doc]
 *
 * `--warmup` (with `--cold`): this checkout's engine first runs the plugin's keystroke warm-up (search/keystroke-warmup.ts),
 * as the plugin does once the notes are in; its CPU time is reported. The baselines run none.
 *
 * `--clock cpu` times each key by this process's CPU time (user + system) instead of the wall clock: on a machine
 * shared with other work, a key's wall time also counts the time the process waited for a core.
 *
 * DIR is a checkout of this repository (`git worktree add /tmp/old COMMIT`); only its src/ is loaded. Several,
 * separated by commas, all take turns with this checkout.
 */
import { loadavg } from "node:os";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { table, writeJson, writeSection } from "./lib/report";
import { syntheticVault } from "./lib/ui-vault";
import { checkoutEngine, typedKeys } from "./lib/checkout-engine";
import { warmKeystrokeSteps, warmupQueries } from "../src/core/search/keystroke-warmup";
import { runAll } from "../src/core/shared/slices";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 10_000);
const rounds = Number(args.get("rounds") ?? 5);
const baseline = args.get("baseline");
const out = args.get("out") ?? "bench/results/keystroke.json";
const clock = args.get("clock") ?? "wall";
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const now = clock === "cpu" ? cpuMs : () => performance.now();
const stage = (msg: string): void => void process.stderr.write(`[keystroke] ${msg}\n`);
if (!Number.isInteger(notes) || notes < 20 || !Number.isInteger(rounds) || rounds < 1 || (clock !== "wall" && clock !== "cpu")) {
  console.error("--notes must be a whole number of at least 20, --rounds at least 1, --clock wall or cpu.");
  process.exit(2);
}

interface Engine {
  label: string;
  search: (query: string) => number;
}

/** Builds one checkout's engine over the vault: its chunker, keyword-only index and search engine, default settings. */
let warmupCpuMs: number | undefined;
async function engineOf(dir: string, label: string, files: Record<string, string>, warm = false): Promise<Engine> {
  const { engine, index, limit, indexMs } = await checkoutEngine(dir, files);
  stage(`${label}: indexed ${notes} notes in ${Math.round(indexMs)} ms`);
  if (warm) {
    const t0 = cpuMs();
    runAll(warmKeystrokeSteps((req) => engine.searchKeyword({ ...req, limit }), warmupQueries(index)));
    index.dropScratch();
    warmupCpuMs = cpuMs() - t0;
    stage(`${label}: keystroke warm-up took ${warmupCpuMs.toFixed(1)} ms of CPU`);
  }
  return {
    label,
    search(query) {
      const prefixLast = !/\s$/.test(query);
      return engine.searchKeyword({ query, limit, prefixLast }).results.length;
    },
  };
}

const vault = syntheticVault(notes);
// The queries of bench:ui, drawn the same way from the same seed.
const { queries, keys } = typedKeys(vault);

const engines = [await engineOf(".", "this checkout", vault.files, args.has("warmup"))];
const labels = args.get("baseline-label")?.split(",") ?? [];
for (const [i, dir] of (baseline?.split(",") ?? []).entries()) engines.push(await engineOf(dir, labels[i] ?? dir, vault.files));
// One untimed pass warms the JIT and every cache a first search fills. `--cold` skips it, so that the first round
// meets every query as a user typing it for the first time does (the page's typing run in bench:ui is such a round).
const cold = args.has("cold");
if (!cold) for (const e of engines) for (const k of keys) e.search(k);

const loadBefore = loadavg();
const times = engines.map(() => ({ all: [] as number[], firstWord: [] as number[], laterWords: [] as number[] }));
for (let r = 0; r < rounds; r++) {
  keys.forEach((key, i) => {
    // Rotate which engine goes first, so none always runs on a cache another warmed.
    const order = engines.map((_, j) => (j + i + r) % engines.length);
    for (const j of order) {
      const t0 = now();
      engines[j]?.search(key);
      const ms = now() - t0;
      const bucket = times[j];
      if (!bucket) continue;
      bucket.all.push(ms);
      (/\S\s+\S/.test(key) ? bucket.laterWords : bucket.firstWord).push(ms);
    }
  });
}
const loadAfter = loadavg();

const r2 = (x: number): number => Math.round(x * 100) / 100;
const stats = (xs: number[]) => ({ n: xs.length, p50: r2(percentile(xs, 50)), p95: r2(percentile(xs, 95)), max: r2(Math.max(...xs)) });
const results = engines.map((e, j) => ({
  engine: e.label,
  all: stats(times[j]?.all ?? []),
  firstWord: stats(times[j]?.firstWord ?? []),
  laterWords: stats(times[j]?.laterWords ?? []),
}));
const fmt = (s: { p50: number; p95: number; max: number }): string => `${s.p50} / ${s.p95} / ${s.max}`;
const load = (l: number[]): string => l.map((x) => x.toFixed(2)).join(" ");
writeJson(out, { date: new Date().toISOString(), notes, rounds, clock, cold, warmupCpuMs, keys: keys.length, loadBefore, loadAfter, queries, results });
const markdown = [
  `### Keystroke, engine only (\`npm run bench:keystroke\`, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load ${load(loadBefore)} → ${load(loadAfter)})`,
  "",
  `The keyword search the search modal runs on every key, timed in Node over bench:ui's synthetic vault (${notes.toLocaleString("en-US")} notes) and its ten queries typed key by key (${keys.length} keys, ${rounds} rounds${engines.length > 1 ? ", the engines taking turns key by key" : ""}${cold ? ", no warm-up pass: the first round meets every key for the first time" : ""}). ${clock === "cpu" ? "Milliseconds of process CPU time" : "Milliseconds"}, p50 / p95 / max.`,
  "",
  table(
    ["engine", "every key", "keys in the first word", "keys after it (word order, typo checks)"],
    results.map((r) => [r.engine, fmt(r.all), fmt(r.firstWord), fmt(r.laterWords)]),
  ),
].join("\n");
if (!args.has("no-doc")) writeSection("keystroke", markdown);
console.log(markdown);
