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

type Kind = "title" | "words" | "question" | "typo";
const queries: { kind: Kind; text: string }[] = [];
const paths = [...index.notePaths()].sort();
const stride = Math.max(1, Math.floor(paths.length / perKind));
const swap = (w: string): string => (w.length < 5 ? w : `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`);
for (let i = 0; i < paths.length && queries.length < 4 * perKind; i += stride) {
  const ids = index.chunkIdsOf(paths[i] ?? "");
  const entry = index.get(ids[Math.floor(ids.length / 2)] ?? "");
  const words = entry?.chunk.text.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  if (!entry || words.length < 12) continue;
  const long = words.find((w) => w.length >= 6) ?? words[0] ?? "";
  queries.push(
    { kind: "title", text: entry.chunk.headingPath[0] ?? words[0] ?? "" },
    { kind: "words", text: `${words[1]} ${words[2]}` },
    { kind: "question", text: words.slice(0, 12).join(" ") },
    { kind: "typo", text: swap(long) },
  );
}
const vectors = new Map<string, Float32Array>();
for (const q of queries) {
  const v = await embedder.embedQuery(q.text);
  if (v.ok) vectors.set(q.text, v.value);
}

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
  notes: paths.length,
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
