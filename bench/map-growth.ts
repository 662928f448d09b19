/**
 * What one insert costs when a map keyed by chunk id grows past a power of two, for a plain `Map` and for
 * `ShardedMap` (src/core/shared/sharded-map.ts), over chunk ids made the way the chunker makes them: a vault's note
 * paths, "#", an ordinal. The paths of `--vault` are repeated under `copy-N/` folders until there are `--chunks`
 * ids, as bench:sync's 50,000-note vault repeats obsidian-hub.
 *
 *   node --expose-gc --import tsx bench/map-growth.ts --vault DIR [--chunks 150000,300000] [--rounds 5]
 *
 * Per map kind and size, rounds taken in turns: the longest single `set` (the stall an indexing step meets), all
 * sets together, and all `get`s of the ids once (the read side, which a keystroke pays hundreds of times over).
 * Backs the sharded map's claim; not a figure of record for a target.
 */
import { readdirSync } from "node:fs";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { ShardedMap } from "../src/core/shared/sharded-map";

const args = parseArgs(process.argv.slice(2));
const vault = args.get("vault");
const sizes = (args.get("chunks") ?? "150000,300000").split(",").map(Number);
const rounds = Number(args.get("rounds") ?? 5);
if (!vault || sizes.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: node --expose-gc --import tsx bench/map-growth.ts --vault DIR [--chunks 150000,300000] [--rounds 5]");
  process.exit(2);
}
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const paths = (readdirSync(vault, { recursive: true }) as string[]).map((p) => p.split("\\").join("/")).filter((p) => p.endsWith(".md") && !p.startsWith("."));

/** `n` chunk ids: three chunks a note, under as many `copy-N/` folders as it takes. */
function chunkIds(n: number): string[] {
  const ids: string[] = [];
  for (let copy = 1; ids.length < n; copy++) {
    for (const p of paths) {
      const path = copy === 1 ? p : `copy-${copy}/${p}`;
      for (let ordinal = 0; ordinal < 3 && ids.length < n; ordinal++) ids.push(`${path}#${ordinal}`);
      if (ids.length >= n) break;
    }
  }
  return ids;
}

interface Timing {
  worst: number;
  sets: number;
  gets: number;
  /** The same gets in a shuffled order: a search asks for ids in no order. */
  shuffledGets: number;
  found: number;
}

// One function per map kind, each with its own call sites: a loop that met both kinds would time V8's polymorphic
// calls, which neither caller in the index makes.
/** `ids` in an order that is the same on every run (a fixed-seed shuffle), computed once per list. */
const orders = new WeakMap<readonly string[], string[]>();
function shuffled(ids: readonly string[]): string[] {
  let order = orders.get(ids);
  if (order) return order;
  order = [...ids];
  let seed = 12345;
  for (let i = order.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  orders.set(ids, order);
  return order;
}

function timeMap(ids: readonly string[]): Timing {
  const map = new Map<string, number>();
  let worst = 0;
  const t0 = performance.now();
  for (let i = 0; i < ids.length; i++) {
    const a = performance.now();
    map.set(ids[i]!, i);
    const ms = performance.now() - a;
    if (ms > worst) worst = ms;
  }
  const sets = performance.now() - t0;
  const t1 = performance.now();
  let found = 0;
  for (const id of ids) if (map.get(id) !== undefined) found++;
  const gets = performance.now() - t1;
  const t2 = performance.now();
  for (const id of shuffled(ids)) if (map.get(id) !== undefined) found--;
  return { worst, sets, gets, shuffledGets: performance.now() - t2, found };
}

function timeSharded(ids: readonly string[]): Timing {
  const map = new ShardedMap<number>();
  let worst = 0;
  const t0 = performance.now();
  for (let i = 0; i < ids.length; i++) {
    const a = performance.now();
    map.set(ids[i]!, i);
    const ms = performance.now() - a;
    if (ms > worst) worst = ms;
  }
  const sets = performance.now() - t0;
  const t1 = performance.now();
  let found = 0;
  for (const id of ids) if (map.get(id) !== undefined) found++;
  const gets = performance.now() - t1;
  const t2 = performance.now();
  for (const id of shuffled(ids)) if (map.get(id) !== undefined) found--;
  return { worst, sets, gets, shuffledGets: performance.now() - t2, found };
}

const kinds: { label: string; time: (ids: readonly string[]) => Timing }[] = [
  { label: "Map", time: timeMap },
  { label: "ShardedMap", time: timeSharded },
];

const round = (x: number): number => Math.round(x * 100) / 100;
const results: Record<string, unknown>[] = [];
for (const n of sizes) {
  const ids = chunkIds(n);
  const runs = new Map<string, { worst: number[]; sets: number[]; gets: number[]; shuffled: number[] }>(kinds.map((k) => [k.label, { worst: [], sets: [], gets: [], shuffled: [] }]));
  for (let r = 0; r < rounds; r++) {
    for (const kind of kinds) {
      gc();
      const { worst, sets, gets, shuffledGets, found } = kind.time(ids);
      if (found !== 0) throw new Error(`${kind.label} found ${found} ids more than its gets in order`);
      const run = runs.get(kind.label)!;
      run.worst.push(worst);
      run.sets.push(sets);
      run.gets.push(gets);
      run.shuffled.push(shuffledGets);
    }
  }
  for (const [label, run] of runs) {
    results.push({
      map: label,
      chunks: n,
      worstSetMs: run.worst.map(round),
      allSetsMs: run.sets.map(round),
      allGetsMs: run.gets.map(round),
      shuffledGetsMs: run.shuffled.map(round),
      medianWorstSetMs: round(percentile(run.worst, 50)),
    });
  }
}
console.log(JSON.stringify({ vault, notes: paths.length, rounds, results }, null, 2));
