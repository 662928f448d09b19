// Cold load of a saved index, for issue 17's "load" figure: IndexService start until its first "scanning"/"indexing"
// progress (what bench:sync calls load), with the CPU of the process (all threads) and of its main thread over that
// span. Run in a fresh process per load to measure a cold one (bench/cold-load-turns.sh does, trees in turns). One
// process, RUNS loads, GC'd between runs. Env: ROOT (the checkout whose src/ is loaded), VAULT (a vault with a saved
// index), RUNS (default 5), EXIT_AT_LOAD=1 (print and exit at the first load), HEAP=1 (heap after GC at the load).
//
//   EXIT_AT_LOAD=1 ROOT=$PWD VAULT=/tmp/s10-vault RUNS=1 node --expose-gc --import tsx bench/cold-load.ts
import { readFileSync } from "node:fs";
import { treeLoader, treeService } from "./lib/tree-modules";

const root = process.env.ROOT ?? ".";
const load = treeLoader(root);
const { FolderNoteSource, NodeFileStore, IndexService, resolveIndexSettings } = await treeService(root);
const { HashEmbedder } = await load<typeof import("./lib/sync-embedder")>("bench/lib/sync-embedder.ts");
const dir = process.env.VAULT ?? "/tmp/s10-vault";
const dataDir = `${dir}/.obsidian/plugins/hybrid-vault-search`;
const settings = resolveIndexSettings({});
const make = (): InstanceType<typeof IndexService> => new IndexService({ source: new FolderNoteSource(dir), store: new NodeFileStore(), dataDir, settings: { ...settings, idleSaveMs: 600_000 }, embedder: new HashEmbedder(768), notify: () => undefined });
const gc = (globalThis as { gc?: () => void }).gc;
/** CPU ms of the main thread alone (utime + stime of the task whose id is the pid; 10 ms ticks). */
const mainCpu = (): number => { const f = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
const walls: number[] = [], cpus: number[] = [], heaps: number[] = [];
for (let i = 0; i < Number(process.env.RUNS ?? 5); i++) {
  for (let k = 0; k < 2; k++) { gc?.(); await new Promise((r) => setTimeout(r, 30)); }
  const s = make();
  const main0 = mainCpu();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  let loaded: { wall: number; cpu: number } | undefined;
  const stop = s.onProgress((p: { phase: string }) => {
    if (loaded || (p.phase !== "scanning" && p.phase !== "indexing")) return;
    const c = process.cpuUsage(cpu);
    loaded = { wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
    console.log(`cold load wall ${loaded.wall.toFixed(0)} cpu ${loaded.cpu.toFixed(0)} main ${mainCpu() - main0}`);
    if (process.env.HEAP) {
      gc?.();
      gc?.();
      const m = process.memoryUsage();
      console.log(`heap at load ${(m.heapUsed / 1e6).toFixed(1)} MB, arrayBuffers ${(m.arrayBuffers / 1e6).toFixed(1)} MB`);
    }
    if (process.env.EXIT_AT_LOAD) process.exit(0);
  });
  await s.start();
  await s.whenIdle();
  stop();
  gc?.();
  gc?.();
  heaps.push(process.memoryUsage().heapUsed / 1e6);
  if (loaded) { walls.push(loaded.wall); cpus.push(loaded.cpu); }
  await s.stop();
}
const q = (a: number[]): string => { const s = [...a].sort((x, y) => x - y); return `min ${s[0]!.toFixed(0)} / median ${s[s.length >> 1]!.toFixed(0)}`; };
console.log(`load wall ${q(walls)} ms, cpu ${q(cpus)} ms (${walls.length} loads), heap ${heaps.map((h) => h.toFixed(1)).join(" ")} MB`);
process.exit(0);
