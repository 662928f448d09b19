/**
 * Search latency on a large saved index (issue 17's "hybrid search p95 ≤ 50 ms, query embedding excluded" at 50,000
 * notes, which bench:sync does not measure). Loads an index kept by `bench:sync --keep`, waits until the service is
 * idle, then runs each query as the modal does (`search`, keyword and vector lists fused) with a query vector made
 * beforehand, so the embedding is not in the figure, and once more keyword-only (`searchKeyword`, the per-keystroke
 * path). Queries are taken from the index itself with a fixed stride, so two trees loading the same index ask the same
 * ones: a note's title, two words of a chunk, a long question (the first 12 words of a chunk), and one word misspelt
 * (two inner letters swapped).
 *
 *   node --expose-gc --import tsx bench/search-scale.ts --vault DIR [--root TREE] [--dims 768] [--queries 50]
 *     [--rounds 2] [--out FILE.json]
 *
 * `--root TREE` loads TREE's src/ (another checkout) so that two commits are measured on one index, in turns by the
 * caller. The index folder is copied aside and put back at exit (a load may rewrite files). Prints JSON to stdout.
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { openKeptIndex } from "./lib/kept-index";
import { scaleQueries } from "./lib/scale-queries";
import { percentile } from "./lib/metrics";
import { loadSettled } from "./lib/sync-measure";

const args = parseArgs(process.argv.slice(2));
const vault = args.get("vault");
if (!vault) {
  console.error("usage: node --expose-gc --import tsx bench/search-scale.ts --vault DIR [--root TREE] [--dims 768] [--queries 50] [--rounds 2] [--out FILE.json]");
  process.exit(2);
}
const root = resolve(args.get("root") ?? ".");
const dims = Number(args.get("dims") ?? 768);
const perKind = Number(args.get("queries") ?? 50);
const rounds = Number(args.get("rounds") ?? 2);
const { service, embedder, SearchEngine } = await openKeptIndex(root, vault, dims, "search-scale");
const t0 = performance.now();
await service.start();
await service.whenIdle();
// What a load leaves for its later slices (norms, int8 pages moving into the arena) is done before the first query.
const pendingAtIdle = service.index.vectorStore?.normsPending ?? false;
await loadSettled(service.index.vectorStore);
const loadMs = performance.now() - t0;
const index = service.index;
const engine = new SearchEngine({ index, notes: service.notes, embedder });

const { queries, vectors } = await scaleQueries(index, perKind, embedder);

const times: Record<string, number[]> = {};
const book = (key: string, ms: number): void => {
  (times[key] ??= []).push(ms);
};
let firstHybridMs: number | undefined;
for (let r = 0; r < rounds; r++) {
  for (const q of queries) {
    const queryVector = vectors.get(q.text);
    let s = performance.now();
    await engine.search({ query: q.text, limit: 20, ...(queryVector ? { queryVector } : {}) });
    const hybrid = performance.now() - s;
    firstHybridMs ??= hybrid;
    book(`hybrid ${q.kind}`, hybrid);
    book("hybrid all", hybrid);
    s = performance.now();
    engine.searchKeyword({ query: q.text, limit: 20 });
    const keyword = performance.now() - s;
    book(`keyword ${q.kind}`, keyword);
    book("keyword all", keyword);
  }
}
await service.stop();
const round1 = (x: number): number => Math.round(x * 10) / 10;
const out = {
  root,
  vault,
  chunks: index.size,
  notes: [...index.notePaths()].length,
  queries: queries.length,
  rounds,
  loadMs: Math.round(loadMs),
  pendingAtIdle,
  firstHybridMs: round1(firstHybridMs ?? 0),
  latency: Object.fromEntries(
    Object.entries(times).map(([k, xs]) => [k, { p50: round1(percentile(xs, 50)), p95: round1(percentile(xs, 95)), max: round1(Math.max(...xs)) }]),
  ),
  loadAverage: loadavg().map((x) => round1(x)),
};
const file = args.get("out");
if (file) writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
process.exit(0);
