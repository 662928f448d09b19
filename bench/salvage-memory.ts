/**
 * What taking back the vectors of an index whose manifest was lost costs: the segments are read without a manifest
 * (`salvageSegments`, the manifest hidden by the store, so the kept index is only read) and their rows offered as
 * seeds to an empty vector pool, as the rebuild does. Reports the memory the salvaged rows keep for the whole
 * rebuild (JS heap + array buffers after a full GC, over the same figure before), the process's peak RSS, and the
 * wall and CPU time. Each tree runs in a process of its own, the trees taking turns.
 *
 *   npm run bench:salvage -- --vault DIR [--trees DIR,DIR…] [--runs 2] [--out FILE.json]
 *
 * DIR: a vault kept by `bench:sync --keep` (its index in .obsidian/plugins/hybrid-vault-search). `--trees`:
 * checkouts whose src/ is measured (default: this one); one turn of one tree alone: `--worker TREE`.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "./lib/args";
import type { FileStore } from "../src/core/persist/file-store";

const args = parseArgs(process.argv.slice(2));
const vault = resolve(args.get("vault") ?? "");
const dir = `${vault}/.obsidian/plugins/hybrid-vault-search`;

interface Turn {
  keptMB: number;
  peakRssMB: number;
  wallMs: number;
  cpuMs: number;
  rows: number;
}

/** The old shape (`vectors`, one float32 array) and the new (`row(i)`), as either tree returns them. */
interface AnySalvage {
  hashes: string[];
  dims: number;
  vectors?: Float32Array;
  row?: (i: number) => Float32Array | undefined;
}

async function worker(root: string): Promise<Turn> {
  // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its command line
  const load = async <T>(path: string): Promise<T> => (await import(resolve(root, path))) as T;
  const { NodeFileStore } = await load<typeof import("../src/cli/node/node-file-store")>("src/cli/node/node-file-store.ts");
  const { salvageSegments } = await load<{ salvageSegments: (s: FileStore, d: string) => Promise<AnySalvage | undefined> }>(
    "src/core/persist/segments/segment-salvage.ts",
  );
  const { VectorPool } = await load<typeof import("../src/core/sync/embedding/vector-pool")>("src/core/sync/embedding/vector-pool.ts");
  const inner = new NodeFileStore();
  // The manifest is hidden, never removed: the kept index stays as it is.
  const store: FileStore = {
    read: (p) => (p.endsWith("/index-manifest.bin") ? Promise.resolve({ ok: true, value: null }) : inner.read(p)),
    write: (p, b) => inner.write(p, b),
    rename: (a, b) => inner.rename(a, b),
    remove: (p) => inner.remove(p),
    createExclusive: (p, b) => inner.createExclusive(p, b),
    list: async (d) => {
      const listed = await inner.list(d);
      return listed.ok ? { ok: true, value: listed.value.filter((n) => n !== "index-manifest.bin") } : listed;
    },
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  const used = (): number => {
    gc?.();
    gc?.();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = used();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const salvaged = await salvageSegments(store, dir);
  if (!salvaged) throw new Error(`no segments salvaged from ${dir}`);
  const pool = new VectorPool(() => undefined);
  const { dims, hashes } = salvaged;
  if (salvaged.row) pool.seedRows(hashes, salvaged.row);
  else hashes.forEach((h, i) => h !== "" && pool.seed(h, (salvaged.vectors as Float32Array).subarray(i * dims, (i + 1) * dims)));
  const c1 = process.cpuUsage(c0);
  const wallMs = performance.now() - t0;
  const kept = used() - before;
  // The pool keeps the rows alive; looking one up shows they still answer after the measure.
  if (!pool.lookup(hashes.find((h) => h !== "") ?? "")) throw new Error("a seeded row did not answer");
  return {
    keptMB: kept / 2 ** 20,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    wallMs,
    cpuMs: (c1.user + c1.system) / 1000,
    rows: hashes.filter((h) => h !== "").length,
  };
}

async function main(): Promise<void> {
  const alone = args.get("worker");
  if (alone) {
    process.stdout.write(`${JSON.stringify(await worker(resolve(alone)))}\n`);
    return;
  }
  const trees = (args.get("trees") ?? ".").split(",").map((t) => resolve(t));
  const runs = Number(args.get("runs") ?? 2);
  const turns: Record<string, Turn[]> = {};
  for (let r = 0; r < runs; r++) {
    for (const tree of trees) {
      const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "bench/salvage-memory.ts", "--vault", vault, "--worker", tree], {
        encoding: "utf8",
        maxBuffer: 1 << 20,
      });
      const turn = JSON.parse(out.trim().split("\n").pop() ?? "{}") as Turn;
      (turns[tree] ??= []).push(turn);
      console.log(`${tree}: kept ${turn.keptMB.toFixed(1)} MB, peak RSS ${turn.peakRssMB.toFixed(0)} MB, ${turn.wallMs.toFixed(0)} ms wall, ${turn.cpuMs.toFixed(0)} ms CPU, ${turn.rows} rows (load ${loadavg()[0]?.toFixed(1)})`);
    }
  }
  const outFile = args.get("out");
  if (outFile) writeFileSync(outFile, `${JSON.stringify({ vault, turns }, null, 2)}\n`);
}

await main();
