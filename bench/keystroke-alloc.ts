/**
 * What the keyword search allocates while bench:keystroke's ten queries are typed key by key (163 keys, each met for
 * the first time, as in the page): the JavaScript heap it allocates (V8's sampling heap profiler, garbage included),
 * the array buffers (typed arrays' storage, outside that heap), and the garbage collections during the pass. Fewer
 * allocations mean fewer scavenges landing on a key. Counts, not times: they hardly depend on the machine's load.
 *
 *   node --expose-gc --import tsx bench/keystroke-alloc.ts [--notes 10000] [--checkouts .,DIR,...] [--out FILE.json]
 *
 * Each checkout's engine is built and typed into in turn (not interleaved), after a warm-up on other words of the
 * vault so that the JIT and the index-wide tables are ready, as after the page's calibration.
 */
import { Session } from "node:inspector/promises";
import { PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "./lib/args";
import { writeJson } from "./lib/report";
import { syntheticVault } from "./lib/ui-vault";
import { checkoutEngine, typedKeys } from "./lib/checkout-engine";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 10_000);
const checkouts = (args.get("checkouts") ?? ".").split(",");
const out = args.get("out");
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error("Run with node --expose-gc --import tsx.");
  process.exit(2);
}

interface HeapNode {
  selfSize: number;
  children?: HeapNode[];
}
const sampled = (n: HeapNode): number => n.selfSize + (n.children ?? []).reduce((s, c) => s + sampled(c), 0);

const vault = syntheticVault(notes);
const { queries, keys } = typedKeys(vault);
const used = new Set(queries.join(" ").split(" "));
const others = vault.commonWords.filter((w) => !used.has(w));
const session = new Session();
session.connect();
await session.post("HeapProfiler.enable");
// GC entries arrive after the fact: each is kept with its start, and those within a pass are counted for it.
const gcs: { kind: number; ms: number; at: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ kind: (e as { detail?: { kind?: number } }).detail?.kind ?? 0, ms: e.duration, at: e.startTime });
}).observe({ entryTypes: ["gc"] });

const rows = [];
for (const dir of checkouts) {
  const { engine, limit } = await checkoutEngine(dir, vault.files);
  const search = (q: string): number => engine.searchKeyword({ query: q, limit, prefixLast: !/\s$/.test(q) }).results.length;
  for (let i = 0; i < 6; i++) {
    const q = `${others[(i * 3) % others.length]} ${others[(i * 3 + 1) % others.length]}`;
    for (let k = 1; k <= q.length; k++) search(q.slice(0, k));
  }
  gc();
  // Garbage included: what a key allocates, whether or not it outlives the key.
  await session.post("HeapProfiler.startSampling", { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
  let buffers = 0;
  const from = performance.now();
  for (const key of keys) {
    const before = process.memoryUsage().arrayBuffers;
    search(key);
    buffers += Math.max(0, process.memoryUsage().arrayBuffers - before);
  }
  const to = performance.now();
  const { profile } = (await session.post("HeapProfiler.stopSampling")) as { profile: { head: HeapNode } };
  await new Promise((r) => setTimeout(r, 0));
  const mb = (x: number): number => Math.round(x / 1e5) / 10;
  // PerformanceObserver's gc kinds: 1 minor (scavenge), 2 major, 4 incremental, 8 weak callbacks.
  const during = gcs.filter((g) => g.at >= from && g.at <= to);
  const minor = during.filter((g) => g.kind === 1);
  const major = during.filter((g) => g.kind !== 1);
  rows.push({
    checkout: dir,
    heapMB: mb(sampled(profile.head)),
    arrayBuffersMB: mb(buffers),
    scavenges: minor.length,
    scavengeMs: Math.round(minor.reduce((s, g) => s + g.ms, 0)),
    majorGcs: major.length,
    majorMs: Math.round(major.reduce((s, g) => s + g.ms, 0)),
  });
}
console.log(`Allocated while typing ${keys.length} keys over ${notes.toLocaleString("en-US")} notes (sampled JS heap, array buffers, GCs during the pass):`);
console.table(rows);
if (out) writeJson(out, { date: new Date().toISOString(), notes, keys: keys.length, rows });
