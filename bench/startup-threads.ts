/**
 * MCP start-up to the first keyword answer, per thread: like bench/startup.ts (spawn `node dist/cli.mjs mcp --vault`
 * over a kept index, one keyword search through the SDK client), but it prints the CPU of the server's main thread
 * beside that of all its threads, and a hash of the first answer. On a loaded machine the wall time swings with the
 * load; the main thread's CPU is what the first answer waits for on a quiet one. Trees in turns, the order reversed
 * every round. Needs `npm run build` in each tree and a vault whose index is saved (bench/startup.ts --keep makes one).
 *
 *   npx tsx bench/startup-threads.ts --vault /tmp/h20-vault10k --ollama http://127.0.0.1:11470 --trees $PWD,/work/wt-base14 [--runs 8]
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/mcp-measure";

const args = parseArgs(process.argv.slice(2));
const trees = (args.get("trees") ?? process.cwd()).split(",");
const runs = Number(args.get("runs") ?? 8);
const server = ["mcp", "--vault", args.get("vault") ?? "/tmp/h20-vault10k", "--ollama", args.get("ollama") ?? "http://127.0.0.1:11434", "--model", args.get("model") ?? "standin-hash"];
/** CPU ms (user + system, 10 ms ticks) of thread `task` of process `pid`. */
const cpuOf = (pid: number, task: number): number => {
  const f = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8").split(")").pop()?.trim().split(" ") ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};
const seen = new Map<string, { wall: number[]; main: number[]; all: number[]; answers: Set<string> }>();
for (let round = 0; round < runs; round++) {
  for (const tree of round % 2 === 0 ? trees : [...trees].reverse()) {
    const t0 = performance.now();
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/cli.mjs", ...server], stderr: "ignore", cwd: tree });
    const client = new Client({ name: "bench-threads", version: "1.0.0" });
    await client.connect(transport);
    const first = await client.callTool({ name: "search", arguments: { query: "note", mode: "keyword", limit: 1 } });
    const wall = performance.now() - t0;
    const pid = transport.pid ?? 0;
    const all = readdirSync(`/proc/${pid}/task`).reduce((a, t) => a + cpuOf(pid, Number(t)), 0);
    const s = seen.get(tree) ?? { wall: [], main: [], all: [], answers: new Set<string>() };
    s.wall.push(Math.round(wall));
    s.main.push(cpuOf(pid, pid));
    s.all.push(all);
    s.answers.add(createHash("sha1").update((first.content as { text?: string }[])[0]?.text ?? "").digest("hex").slice(0, 12));
    seen.set(tree, s);
    await client.close();
  }
}
for (const [tree, s] of seen) {
  const med = (xs: number[]): number => percentile(xs, 50);
  console.log(`${tree}: wall median ${med(s.wall)} ms, main thread CPU median ${med(s.main)} ms, all threads ${med(s.all)} ms; answers ${[...s.answers].join(",")}`);
  console.log(`  wall ${s.wall.join(" ")} | main ${s.main.join(" ")} | all ${s.all.join(" ")}`);
}
