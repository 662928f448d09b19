/**
 * What the start of a rebuild costs (the "rebuild index" command, or a chunking or language change): the service
 * loads a kept index, then `LiveIndex.reset(true)` swaps in an empty index seeded with every vector the old one
 * knows. Reports that step's wall and CPU time (it runs in one go on the main thread: a stall) and the memory kept
 * once it is done (JS heap + array buffers after a full GC, the old index being garbage by then). Each tree runs in
 * a process of its own, the trees taking turns.
 *
 *   node --expose-gc --max-old-space-size=12288 --import tsx bench/rebuild-seeds.ts --vault COPY [--trees DIR,DIR…]
 *     [--runs 2] [--out FILE.json]
 *
 * COPY: a copy of a vault kept by `bench:sync --keep` (`cp -a`; loading may save). `--trees`: checkouts whose src/ is
 * measured (default: this one); one turn of one tree alone: `--worker TREE`.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { treeService } from "./lib/tree-modules";

const args = parseArgs(process.argv.slice(2));
const vault = resolve(args.get("vault") ?? "");

interface Turn {
  resetMs: number;
  resetCpuMs: number;
  beforeMB: number;
  afterMB: number;
  chunks: number;
}

async function worker(root: string): Promise<Turn> {
  const { FolderNoteSource, NodeFileStore, IndexService, resolveIndexSettings } = await treeService(root);
  const { HashEmbedder } = await import("./lib/sync-embedder");
  const service = new IndexService({
    source: new FolderNoteSource(vault),
    store: new NodeFileStore(),
    dataDir: `${vault}/.obsidian/plugins/hybrid-vault-search`,
    settings: { ...resolveIndexSettings({}), idleSaveMs: 600_000 },
    embedder: new HashEmbedder(768),
    notify: () => undefined,
  });
  await service.start();
  await service.whenIdle();
  const gc = (globalThis as { gc?: () => void }).gc;
  const used = (): number => {
    gc?.();
    gc?.();
    const m = process.memoryUsage();
    return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
  };
  const chunks = service.index.size;
  const beforeMB = used();
  // The step a rebuild starts with, alone: the service's own rebuild would go on to index the vault again.
  const live = (service as unknown as { live: { reset(keep: boolean): boolean } }).live;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  live.reset(true);
  const c = process.cpuUsage(c0);
  const resetMs = performance.now() - t0;
  return { resetMs, resetCpuMs: (c.user + c.system) / 1000, beforeMB, afterMB: used(), chunks };
}

async function main(): Promise<void> {
  const alone = args.get("worker");
  if (alone) {
    process.stdout.write(`${JSON.stringify(await worker(resolve(alone)))}\n`);
    process.exit(0);
  }
  const trees = (args.get("trees") ?? ".").split(",").map((t) => resolve(t));
  const runs = Number(args.get("runs") ?? 2);
  const turns: Record<string, Turn[]> = {};
  for (let r = 0; r < runs; r++) {
    for (const tree of trees) {
      const node = [process.execPath, "--expose-gc", "--max-old-space-size=12288", "--import", "tsx"];
      const out = execFileSync(node[0] ?? "node", [...node.slice(1), "bench/rebuild-seeds.ts", "--vault", vault, "--worker", tree], { encoding: "utf8", maxBuffer: 1 << 20 });
      const turn = JSON.parse(out.trim().split("\n").pop() ?? "{}") as Turn;
      (turns[tree] ??= []).push(turn);
      console.log(
        `${tree}: reset ${turn.resetMs.toFixed(0)} ms wall, ${turn.resetCpuMs.toFixed(0)} ms CPU; kept ${turn.beforeMB.toFixed(0)} → ${turn.afterMB.toFixed(0)} MB; ${turn.chunks} chunks (load ${loadavg()[0]?.toFixed(1)})`,
      );
    }
  }
  const outFile = args.get("out");
  if (outFile) writeFileSync(outFile, `${JSON.stringify({ vault, turns }, null, 2)}\n`);
}

await main();
