/**
 * Which keys of bench:keystroke are the slow ones: every key's time (median over rounds) in this checkout and in
 * the others given, slowest first. A profiling aid for issue 21, not a figure of record.
 *
 *   npx tsx bench/keystroke-keys.ts [--notes 10000] [--rounds 5] [--baseline DIR[,DIR]] [--top 25]
 */
import { resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { seededRandom, syntheticVault } from "./lib/ui-vault";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 10_000);
const rounds = Number(args.get("rounds") ?? 5);
const top = Number(args.get("top") ?? 25);
const dirs = [".", ...(args.get("baseline")?.split(",") ?? [])];

async function engineOf(dir: string, files: Record<string, string>) {
  // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
  const load = async <T>(path: string): Promise<T> => (await import(resolve(dir, "src", path))) as T;
  const { chunkNote } = await load<typeof import("../src/core/chunk/chunker")>("core/chunk/chunker.ts");
  const { ChunkIndex } = await load<typeof import("../src/core/index/chunk-index")>("core/index/chunk-index.ts");
  const { SearchEngine } = await load<typeof import("../src/core/search/search-engine")>("core/search/search-engine.ts");
  const { defaultSettings, searchOptionsOf } = await load<typeof import("../src/core/settings/plugin-settings")>("core/settings/plugin-settings.ts");
  const settings = defaultSettings();
  const index = new ChunkIndex(0);
  for (const [path, md] of Object.entries(files)) index.addNote(chunkNote(path, md, settings.chunk));
  const engine = new SearchEngine({ index });
  engine.setOptions(searchOptionsOf(settings));
  const limit: number = settings.search.limit;
  return (query: string) => engine.searchKeyword({ query, limit, prefixLast: !/\s$/.test(query) }).results.map((r) => r.path);
}

const vault = syntheticVault(notes);
const rand = seededRandom(7);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const queries = Array.from({ length: 10 }, (_, i) => Array.from({ length: 2 + (i % 2) }, () => pick(vault.commonWords)).join(" "));
const keys = queries.flatMap((q) => [...q].map((_, i) => q.slice(0, i + 1)).filter((k) => k.trim() !== ""));
const engines: ((q: string) => string[])[] = [];
for (const d of dirs) engines.push(await engineOf(d, vault.files));
for (const e of engines) for (const k of keys) e(k);
const times = engines.map(() => keys.map(() => [] as number[]));
const same = keys.map(() => true);
for (let r = 0; r < rounds; r++) {
  keys.forEach((key, i) => {
    const outs: string[] = [];
    engines.forEach((e, j) => {
      const t0 = performance.now();
      outs.push(e(key).join("|"));
      times[j]?.[i]?.push(performance.now() - t0);
    });
    if (outs.some((o) => o !== outs[0])) same[i] = false;
  });
}
const med = (xs: number[]) => percentile(xs, 50);
const rows = keys.map((k, i) => ({ k, ms: engines.map((_, j) => med(times[j]?.[i] ?? [])), same: same[i] }));
rows.sort((a, b) => (b.ms[0] ?? 0) - (a.ms[0] ?? 0));
console.log(`keys ${keys.length}; queries: ${queries.join(" | ")}`);
for (const r of rows.slice(0, top)) console.log(JSON.stringify(r.k).padEnd(28), r.ms.map((x) => x.toFixed(2).padStart(7)).join(" "), r.same ? "" : "DIFFERS");
const all = engines.map((_, j) => times[j]?.flat() ?? []);
console.log("p50/p95 per engine:", all.map((xs) => `${percentile(xs, 50).toFixed(2)}/${percentile(xs, 95).toFixed(2)}`).join("  "));
console.log("keys whose top results differ from this checkout:", same.filter((s) => !s).length);
