/**
 * MCP start-up benchmark: from spawning `mcp --vault` over a saved 10,000-note index to the answer of a first
 * keyword search, through a real MCP client over stdio, for this worktree and others side by side (the sides and
 * launchers in turns, so load swings hit all alike). `--show-latency MS` makes the stand-in Ollama slow (every
 * answer, /api/show included) for the runs, to show what a slow model check costs the first answer. See
 * docs/BENCHMARKS.md ("start-up").
 *
 *   node ../shared/ollama-standin/server.mjs --port 11435 &
 *   npm run build   # in each worktree, to measure `node dist/cli.mjs` as well as tsx
 *   npx tsx bench/startup.ts --ollama http://127.0.0.1:11435 [--model standin-hash] [--notes 10000] [--runs 5]
 *     [--base DIR[,DIR…]] [--keep DIR] [--show-latency MS] [--launchers dist|tsx|both] [--out FILE]
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { request } from "node:http";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { run } from "../src/cli/run";
import { parseArgs } from "./lib/args";
import { mcpClient, percentile } from "./lib/mcp-measure";
import { makeMixedVault } from "./lib/mcp-vault";
import { writeJson } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const filler = args.get("vault") ?? "../shared/vaults/obsidian-hub";
const notes = Number(args.get("notes") ?? 10_000);
const url = args.get("ollama") ?? "http://127.0.0.1:11434";
const model = args.get("model") ?? "standin-hash";
const runs = Number(args.get("runs") ?? 5);
const showLatency = Number(args.get("show-latency") ?? 0);
const which = args.get("launchers") ?? "both";
const log = (m: string): void => console.error(`[bench:startup] ${m}`);
const commitOf = (dir: string): string => execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(" ");

const bases = (args.get("base") ?? "").split(",").filter((d) => d !== "").map((d) => resolve(d));
const sides = [process.cwd(), ...bases].map((dir, i) => ({ name: i === 0 ? "this" : `base${i}`, dir, commit: commitOf(dir), runs: [] as { launcher: string; ms: number; cpuMs: number | undefined }[] }));
const launchersOf = (dir: string): { name: string; command: string[] }[] => [
  ...(which !== "tsx" && existsSync(join(dir, "dist/cli.mjs")) ? [{ name: "node dist/cli.mjs", command: ["dist/cli.mjs"] }] : []),
  ...(which !== "dist" ? [{ name: "tsx src/cli/main.ts", command: ["--import", "tsx", "src/cli/main.ts"] }] : []),
];

const fixtures = "bench/fixtures/multilingual";
const extra = [
  ...readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => ({ dir: join(fixtures, e.name), under: `multilingual/${e.name}`, lang: e.name })),
  { dir: "../shared/vaults/obsidian-help/zh", under: "help-zh", lang: "zh" },
];
const vault = makeMixedVault(extra, filler, notes, args.get("keep"));
const ollama = ["--ollama", url, "--model", model];
/** Sets the stand-in's latency for every answer (its fault injection, see its README). */
const faults = (latencyMs: number): Promise<void> =>
  new Promise((done, fail) => {
    const req = request(`${url}/__standin/faults`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? done() : fail(new Error(`faults: HTTP ${res.statusCode}`))));
    });
    req.on("error", fail);
    req.end(JSON.stringify({ latencyMs }));
  });
try {
  const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (process.stderr.write(s), true) }, env: process.env };
  const t0 = performance.now();
  if ((await run(["index", "--vault", vault.dir, ...ollama], io)) !== 0) throw new Error("index failed; is the Ollama at --ollama up?");
  log(`index up to date in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${load()}`);
  const loadBefore = load();
  if (showLatency > 0) await faults(showLatency);
  try {
    for (let round = 0; round < runs; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        for (const l of launchersOf(side.dir)) {
          const c = await mcpClient([...l.command, "mcp", "--vault", vault.dir, ...ollama], side.dir);
          side.runs.push({ launcher: l.name, ms: Math.round(c.startedMs), cpuMs: c.startedCpuMs });
          await c.close();
        }
      }
      log(`round ${round + 1}/${runs}; load ${load()}`);
    }
  } finally {
    if (showLatency > 0) await faults(0);
  }
  const summary = sides.flatMap((s) =>
    [...new Set(s.runs.map((r) => r.launcher))].map((launcher) => {
      const mine = s.runs.filter((r) => r.launcher === launcher);
      const ms = mine.map((r) => r.ms);
      const cpu = mine.map((r) => r.cpuMs ?? NaN);
      return { side: s.name, commit: s.commit, launcher, median: percentile(ms, 50), min: Math.min(...ms), max: Math.max(...ms), cpuMedian: percentile(cpu, 50), runs: ms, cpuMs: cpu };
    }),
  );
  const result = { notes, model, showLatencyMs: showLatency, loadBefore, loadAfter: load(), summary };
  writeJson(args.get("out") ?? `bench/results/h20-startup/startup-${notes}${showLatency > 0 ? `-show${showLatency}` : ""}.json`, result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  vault.dispose();
}
