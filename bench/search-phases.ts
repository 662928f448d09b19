/**
 * Where a 50k hybrid search's time goes, query by query: the same queries as search-scale.ts on a kept index, each
 * run as the modal runs it (`search` with a query vector made beforehand), with the index's keyword and vector reads
 * timed from inside the call (wall, and the process's CPU), the vector reads counted (a list read deeper runs the vector pass
 * again), and V8's garbage collections that fell inside the call added up. Prints the slowest queries and each
 * phase's share of the fast and slow halves, so a p95 can be told apart from a p50.
 *
 *   node --expose-gc --import tsx bench/search-phases.ts --vault DIR [--root TREE] [--dims 768] [--queries 50]
 *     [--rounds 2] [--profile FILE.cpuprofile] [--dump FILE.json] [--rows FILE.json] [--out FILE.json]
 *
 * `--root TREE` loads TREE's src/ (another checkout), as in search-scale.ts. `--profile` writes a V8 CPU profile of
 * the query rounds only (not the load). `--dump FILE` writes each query's results (whole, explanations included) and its vector
 * list (160 chunks, ids and scores), so that two trees' answers can be compared byte for byte. `--rows FILE` writes every query's
 * timings (its place in the query list, round, wall, CPU, keyword and vector shares). The index folder is copied aside and put back at exit.
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "./lib/args";
import { openKeptIndex } from "./lib/kept-index";
import { scaleQueries, type ScaleKind } from "./lib/scale-queries";
import { percentile } from "./lib/metrics";
import { loadSettled } from "./lib/sync-measure";
import { startCpuProfile } from "./lib/stall-profile";

const args = parseArgs(process.argv.slice(2));
const vault = args.get("vault");
if (!vault) {
  console.error("usage: node --expose-gc --import tsx bench/search-phases.ts --vault DIR [--root TREE] [--dims 768] [--queries 50] [--rounds 2] [--profile FILE] [--out FILE.json]");
  process.exit(2);
}
const root = resolve(args.get("root") ?? ".");
const dims = Number(args.get("dims") ?? 768);
const perKind = Number(args.get("queries") ?? 50);
const rounds = Number(args.get("rounds") ?? 2);
const { service, embedder, SearchEngine } = await openKeptIndex(root, vault, dims, "search-phases");
await service.start();
await service.whenIdle();
// What a load leaves for its later slices (norms, int8 pages moving into the arena) is done before the first query.
const pendingAtIdle = service.index.vectorStore?.normsPending ?? false;
await loadSettled(service.index.vectorStore);
const index = service.index;
const engine = new SearchEngine({ index, notes: service.notes, embedder });

const { queries, vectors } = await scaleQueries(index, perKind, embedder);
type Kind = ScaleKind;

/** Wall and thread-CPU ms spent inside the index's keyword and vector reads during the current query. */
const cur = { kwMs: 0, kwCpu: 0, vecMs: 0, vecCpu: 0, vecReads: 0, vecLimits: [] as number[], gcMs: 0 };
const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rawKeyword = index.keywordSearch.bind(index);
index.keywordSearch = (text, opts) => {
  const w = performance.now();
  const c = cpuNow();
  try {
    return rawKeyword(text, opts);
  } finally {
    cur.kwMs += performance.now() - w;
    cur.kwCpu += cpuNow() - c;
  }
};
const rawVector = index.vectorSearchSteps.bind(index);
index.vectorSearchSteps = function* (vector, opts, perStep) {
  cur.vecReads++;
  cur.vecLimits.push(opts.limit);
  const inner = rawVector(vector, opts, perStep);
  for (;;) {
    const w = performance.now();
    const c = cpuNow();
    const step = inner.next();
    cur.vecMs += performance.now() - w;
    cur.vecCpu += cpuNow() - c;
    if (step.done) return step.value;
    yield;
  }
};
let inQuery = false;
new PerformanceObserver((list) => {
  if (inQuery) for (const e of list.getEntries()) cur.gcMs += e.duration;
}).observe({ entryTypes: ["gc"] });

interface Row {
  kind: Kind;
  text: string;
  round: number;
  ms: number;
  cpu: number;
  kwMs: number;
  kwCpu: number;
  vecMs: number;
  vecCpu: number;
  vecReads: number;
  vecLimits: number[];
  gcMs: number;
}
const rows: Row[] = [];
/** What each query answered (first round), for `--dump`: two trees' answers must be the same. */
const answers: unknown[] = [];
const dump = args.get("dump");
const profileFile = args.get("profile");
const stopProfile = profileFile ? await startCpuProfile(250) : undefined;
for (let r = 0; r < rounds; r++) {
  for (const q of queries) {
    const queryVector = vectors.get(q.text);
    Object.assign(cur, { kwMs: 0, kwCpu: 0, vecMs: 0, vecCpu: 0, vecReads: 0, vecLimits: [], gcMs: 0 });
    inQuery = true;
    const w = performance.now();
    const c = cpuNow();
    const res = await engine.search({ query: q.text, limit: 20, ...(queryVector ? { queryVector } : {}) });
    const ms = performance.now() - w;
    const cpu = cpuNow() - c;
    // GC entries are delivered asynchronously: let them arrive before the next query starts.
    await new Promise((done) => setImmediate(done));
    inQuery = false;
    rows.push({ kind: q.kind, text: q.text, round: r, ms, cpu, ...cur, vecLimits: [...cur.vecLimits] });
    if (r === 0 && dump) answers.push({ query: q.text, results: res.results, vector: queryVector ? index.vectorSearch(queryVector, { limit: 160, similarity: 0 }) : [] });
    engine.searchKeyword({ query: q.text, limit: 20 });
  }
}
if (stopProfile && profileFile) writeFileSync(profileFile, JSON.stringify(await stopProfile()));
await service.stop();

const r1 = (x: number): number => Math.round(x * 10) / 10;
const byMs = [...rows].sort((a, b) => a.ms - b.ms);
const half = Math.floor(byMs.length / 2);
const tenth = Math.floor(byMs.length * 0.9);
const share = (set: Row[]) => {
  const sum = (f: (r: Row) => number): number => set.reduce((s, r) => s + f(r), 0) / Math.max(1, set.length);
  return {
    n: set.length,
    ms: r1(sum((r) => r.ms)),
    cpu: r1(sum((r) => r.cpu)),
    keywordMs: r1(sum((r) => r.kwMs)),
    keywordCpu: r1(sum((r) => r.kwCpu)),
    vectorMs: r1(sum((r) => r.vecMs)),
    vectorCpu: r1(sum((r) => r.vecCpu)),
    restMs: r1(sum((r) => r.ms - r.kwMs - r.vecMs)),
    gcMs: r1(sum((r) => r.gcMs)),
    vectorReads: r1(sum((r) => r.vecReads)),
  };
};
const out = {
  root,
  chunks: index.size,
  samples: rows.length,
  pendingAtIdle,
  p50: r1(percentile(rows.map((r) => r.ms), 50)),
  p95: r1(percentile(rows.map((r) => r.ms), 95)),
  cpuP50: r1(percentile(rows.map((r) => r.cpu), 50)),
  cpuP95: r1(percentile(rows.map((r) => r.cpu), 95)),
  fastHalf: share(byMs.slice(0, half)),
  slowHalf: share(byMs.slice(half)),
  slowestTenth: share(byMs.slice(tenth)),
  slowest: byMs.slice(-12).map((r) => ({ ...r, text: r.text.slice(0, 40), ms: r1(r.ms), cpu: r1(r.cpu), kwMs: r1(r.kwMs), kwCpu: r1(r.kwCpu), vecMs: r1(r.vecMs), vecCpu: r1(r.vecCpu), gcMs: r1(r.gcMs) })),
  // By CPU, which the machine's load moves less than wall time.
  slowestTenthByCpu: share([...rows].sort((a, b) => a.cpu - b.cpu).slice(tenth)),
  fastHalfByCpu: share([...rows].sort((a, b) => a.cpu - b.cpu).slice(0, half)),
  cpuByKind: Object.fromEntries(
    (["title", "words", "question", "typo"] as const).map((k) => {
      const xs = rows.filter((r) => r.kind === k);
      return [k, { p50: r1(percentile(xs.map((r) => r.cpu), 50)), p95: r1(percentile(xs.map((r) => r.cpu), 95)), firstRoundP50: r1(percentile(xs.filter((r) => r.round === 0).map((r) => r.cpu), 50)), laterP50: r1(percentile(xs.filter((r) => r.round > 0).map((r) => r.cpu), 50)) }];
    }),
  ),
  deeperVectorReads: rows.filter((r) => r.vecReads > 1).length,
  loadAverage: loadavg().map(r1),
};
if (dump) writeFileSync(dump, `${JSON.stringify(answers)}\n`);
const rowsFile = args.get("rows");
if (rowsFile) writeFileSync(rowsFile, `${JSON.stringify(rows.map((r, i) => ({ at: i % queries.length, ...r, text: r.text.slice(0, 60) })))}\n`);
const file = args.get("out");
if (file) writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
process.exit(0);
