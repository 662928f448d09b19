/**
 * The full save of a freshly indexed vault, measured alone: bench:sync times it too, but after 10–15 s of indexing in
 * the same process, and its CPU figure swung 300–470 ms between runs of one tree. Here each turn is its own process:
 * it indexes N notes (not measured), collects garbage, then times `save()` (wall, CPU of all threads, GC pauses).
 * Trees take turns, so that load on the machine falls on both alike.
 *
 *   node --expose-gc --import tsx bench/save-alone.ts [--trees DIR,DIR…] [--runs 4] [--notes 10000] [--dims 768]
 *     [--vault ../shared/vaults/obsidian-hub] [--out FILE.json]
 *
 * `--trees`: checkouts whose src/ is measured (default: this one). One turn of one tree alone: `--worker DIR`.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { treeLoader, treeService } from "./lib/tree-modules";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 10000);
const dims = Number(args.get("dims") ?? 768);
const source = resolve(args.get("vault") ?? "../shared/vaults/obsidian-hub");

interface Turn {
  wallMs: number;
  cpuMs: number;
  gcMs: number;
  bytes: number;
  chunks: number;
}

async function worker(root: string): Promise<Turn> {
  const load = treeLoader(root);
  const { FolderNoteSource, NodeFileStore, IndexService, resolveIndexSettings } = await treeService(root);
  const { HashEmbedder } = await load<typeof import("./lib/sync-embedder")>("bench/lib/sync-embedder.ts");
  const { makeBenchVault } = await load<typeof import("./lib/sync-vault")>("bench/lib/sync-vault.ts");
  const { CountingStore } = await load<typeof import("./lib/counting-store")>("bench/lib/counting-store.ts");
  const vault = makeBenchVault(source, notes);
  try {
    const store = new CountingStore(new NodeFileStore());
    const service = new IndexService({
      source: new FolderNoteSource(vault.dir),
      store,
      dataDir: `${vault.dir}/.obsidian/plugins/hybrid-vault-search`,
      // No idle save: the one measured below writes everything.
      settings: { ...resolveIndexSettings({}), idleSaveMs: 600_000 },
      embedder: new HashEmbedder(dims),
      notify: () => undefined,
    });
    await service.start();
    await service.whenIdle();
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    let gcMs = 0;
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) gcMs += e.duration;
    });
    observer.observe({ entryTypes: ["gc"] });
    const before = store.bytesWritten;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const saved = await service.save();
    const wallMs = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    observer.disconnect();
    if (!saved.ok) throw new Error(`save failed: ${saved.error.message}`);
    const turn = { wallMs, cpuMs: (used.user + used.system) / 1000, gcMs, bytes: store.bytesWritten - before, chunks: service.index.size };
    await service.stop();
    return turn;
  } finally {
    vault.dispose();
  }
}

const workerRoot = args.get("worker");
if (workerRoot) {
  console.log(JSON.stringify(await worker(resolve(workerRoot))));
  process.exit(0);
}

const trees = (args.get("trees") ?? ".").split(",").map((t) => resolve(t));
const runs = Number(args.get("runs") ?? 4);
const turns = new Map<string, Turn[]>(trees.map((t) => [t, []]));
for (let r = 0; r < runs; r++) {
  // Alternate which tree goes first, so neither always runs right after the other's garbage.
  const order = r % 2 === 0 ? trees : [...trees].reverse();
  for (const tree of order) {
    const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "bench/save-alone.ts", "--worker", tree, "--notes", String(notes), "--dims", String(dims), "--vault", source], {
      encoding: "utf8",
      maxBuffer: 1 << 26,
    });
    const turn = JSON.parse(out.trim().split("\n").pop() ?? "{}") as Turn;
    turns.get(tree)!.push(turn);
    console.error(`[save-alone] ${tree} run ${r + 1}: wall ${turn.wallMs.toFixed(0)} ms, CPU ${turn.cpuMs.toFixed(0)} ms, GC ${turn.gcMs.toFixed(0)} ms, load ${loadavg()[0]!.toFixed(1)}`);
  }
}
const round = (x: number): number => Math.round(x * 10) / 10;
const summary = trees.map((tree) => {
  const ts = turns.get(tree)!;
  const stat = (key: keyof Turn) => ({ min: round(Math.min(...ts.map((t) => t[key]))), p50: round(percentile(ts.map((t) => t[key]), 50)), max: round(Math.max(...ts.map((t) => t[key]))) });
  return { tree, runs: ts.length, chunks: ts[0]?.chunks, bytes: ts[0]?.bytes, wallMs: stat("wallMs"), cpuMs: stat("cpuMs"), gcMs: stat("gcMs"), turns: ts };
});
const result = { notes, dims, loadAverage: loadavg().map(round), summary };
const file = args.get("out");
if (file) writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log("| tree | runs | chunks | bytes | save wall min / p50 / max (ms) | save CPU min / p50 / max (ms) | GC p50 (ms) |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const s of summary) console.log(`| ${s.tree} | ${s.runs} | ${s.chunks} | ${s.bytes} | ${s.wallMs.min} / ${s.wallMs.p50} / ${s.wallMs.max} | ${s.cpuMs.min} / ${s.cpuMs.p50} / ${s.cpuMs.max} | ${s.gcMs.p50} |`);
