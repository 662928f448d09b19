/**
 * The first part of a load alone: decoding every segment of a kept index (`bench:sync --keep`), int8 rows into an
 * arena as the load does, without combining them or building the index. Per tree and round: the time, the young
 * generation's collections meanwhile (V8's scavenges, which copy what survives, and nearly all of a load survives),
 * and the heap the decoded segments keep.
 *
 *   node --expose-gc --import tsx bench/segment-decode.ts --vault KEPT [--baseline DIR] [--rounds 4]
 *
 * The trees take turns round by round. The files are read once, before the rounds. Not a figure of record for a
 * target: it splits the load's time for whoever works on it (see docs/BENCHMARKS.md, session 23).
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { PerformanceObserver, constants } from "node:perf_hooks";
import { parseArgs } from "./lib/args";
import { treeLoader } from "./lib/tree-modules";

const args = parseArgs(process.argv.slice(2));
const kept = args.get("vault");
const rounds = Number(args.get("rounds") ?? 4);
if (!kept || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: node --expose-gc --import tsx bench/segment-decode.ts --vault KEPT [--baseline DIR] [--rounds 4]");
  process.exit(2);
}
const dir = `${kept}/.obsidian/plugins/hybrid-vault-search`;
const files = readdirSync(dir)
  .filter((f) => f.startsWith("index-seg-") && f.endsWith(".bin"))
  .map((f) => new Uint8Array(readFileSync(join(dir, f))));
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

type SegmentFile = typeof import("../src/core/persist/segments/segment-file");
type Arena = typeof import("../src/core/vectors/int8-arena");
type Slices = typeof import("../src/core/shared/slices");
const load = async (root: string) => {
  const from = treeLoader(root);
  return {
    segments: await from<SegmentFile>("src/core/persist/segments/segment-file.ts"),
    arena: await from<Arena>("src/core/vectors/int8-arena.ts"),
    slices: await from<Slices>("src/core/shared/slices.ts"),
  };
};
const trees = [{ label: "this checkout", ...(await load(join(import.meta.dirname, ".."))) }];
const baseline = args.get("baseline");
if (baseline) trees.push({ label: baseline, ...(await load(baseline)) });

let scavengeMs = 0;
let scavenges = 0;
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MINOR) continue;
    scavengeMs += e.duration;
    scavenges++;
  }
});
observer.observe({ entryTypes: ["gc"] });

// The rows and their length, from one decode before the rounds: the load reserves its arena for all rows at once
// (segment-load.ts, from the manifest's counts), and so does each round.
const first = trees[0]!;
let rows = 0;
let dims = 0;
for (const bytes of files) {
  const decoded = first.slices.runAll(first.segments.decodeSegment(bytes));
  if (!decoded.ok) continue;
  rows += decoded.value.chunks.length;
  dims = decoded.value.header.dims;
}
const round1 = (x: number): number => Math.round(x * 10) / 10;
const results: Record<string, unknown>[] = [];
for (let r = 0; r < rounds; r++) {
  for (const tree of trees) {
    gc();
    const fileBytes = files.reduce((n, b) => n + b.length, 0);
    const arena = tree.arena.Int8Arena.create(dims);
    arena?.reserve(rows * dims);
    let held: unknown[] = [];
    const heapBefore = process.memoryUsage().heapUsed;
    [scavengeMs, scavenges] = [0, 0];
    const t0 = performance.now();
    let failed = 0;
    for (const bytes of files) {
      const decoded = tree.slices.runAll(tree.segments.decodeSegment(bytes, true, arena));
      if (!decoded.ok) failed++;
      held.push(decoded);
    }
    const ms = performance.now() - t0;
    // The observer hears of collections on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const young = { scavenges, scavengeMs: round1(scavengeMs) };
    gc();
    const keptMB = round1((process.memoryUsage().heapUsed - heapBefore) / 1e6);
    results.push({ tree: tree.label, round: r, segments: files.length, rows, fileMB: round1(fileBytes / 1e6), failed, ms: round1(ms), ...young, keptMB });
    held = [];
  }
}
observer.disconnect();
console.log(JSON.stringify({ vault: kept, rounds, loadAverage: loadavg(), results }, null, 2));
