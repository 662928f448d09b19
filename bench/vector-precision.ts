/**
 * float32 against int8 vectors, side by side in one run: retrieval quality (nDCG@10, hybrid and vector-only) on
 * BEIR datasets with a real embedding model, and at 10k notes × 768 dimensions the vectors file's bytes, the heap
 * and buffers the vectors take, and vector search p50/p95. See docs/BENCHMARKS.md.
 *
 *   npm run bench:vector-precision -- [--datasets DIR,DIR --ollama URL --model NAME] [--notes 10000 --dims 768] [--out FILE.json]
 */
import { ChunkIndex } from "../src/core/index/chunk-index";
import { runAll } from "../src/core/shared/slices";
import { encodeVectorsFile, decodeVectorsFile } from "../src/core/persist/vectors-file";
import { SNAPSHOT_FORMAT_VERSION } from "../src/core/persist/snapshot";
import { calibrateVectorScale, DEFAULT_CALIBRATION } from "../src/core/search/weight-calibration";
import { SearchEngine } from "../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS } from "../src/core/search/search-options";
import type { SearchMode } from "../src/core/types";
import { nearestChunksSteps } from "../src/core/vectors/nearest-chunks";
import { VectorStore } from "../src/core/vectors/vector-store";
import { VECTOR_PRECISIONS, type VectorPrecision } from "../src/core/vectors/vector-precision";
import { parseArgs } from "./lib/args";
import type { BuiltCorpus } from "./lib/bench-corpus";
import { loadBeir } from "./lib/beir";
import { embedDataset } from "./lib/embedded-dataset";
import { mean, ndcgAt, percentile } from "./lib/metrics";
import { table, writeJson, writeSection } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
if (args.has("help")) {
  console.log("usage: npm run bench:vector-precision -- [--datasets DIR,DIR --ollama URL --model NAME] [--notes 10000 --dims 768 --chunks-per-note 3 --queries 100] [--out FILE.json]");
  process.exit(0);
}
const stage = (msg: string) => process.stderr.write(`[vector-precision] ${msg}\n`);
const r4 = (x: number) => Math.round(x * 10000) / 10000;
const r2 = (x: number) => Math.round(x * 100) / 100;

// ---- Quality ---------------------------------------------------------------------------------------------------

interface QualityRow { dataset: string; precision: VectorPrecision; hybrid: number; semantic: number }

async function quality(dir: string, url: string, model: string): Promise<QualityRow[]> {
  const ds = loadBeir(dir, "test");
  const { corpus, embedder, flush, qids, queryVecs } = await embedDataset(ds, url, model);
  const rows: QualityRow[] = [];
  for (const precision of VECTOR_PRECISIONS) {
    stage(`${ds.name}: ${precision}`);
    const index = indexOf(corpus, precision);
    const engine = new SearchEngine({ index });
    engine.setCalibration(await calibrateVectorScale(index, embedder, DEFAULT_CALIBRATION));
    engine.setOptions(DEFAULT_SEARCH_OPTIONS);
    const ndcg = async (mode: SearchMode) => {
      const scores: number[] = [];
      for (const id of qids) {
        const res = await engine.search({ query: ds.queries.get(id) ?? "", mode, limit: 100, queryVector: queryVecs.get(id) });
        scores.push(ndcgAt(res.results.map((r) => r.path), ds.qrels.get(id) ?? new Map<string, number>(), 10));
      }
      return r4(mean(scores));
    };
    rows.push({ dataset: ds.name, precision, hybrid: await ndcg("hybrid"), semantic: await ndcg("semantic") });
  }
  flush();
  return rows;
}

function indexOf(c: BuiltCorpus, precision: VectorPrecision): ChunkIndex {
  const index = new ChunkIndex(c.dims, undefined, undefined, precision);
  for (const n of c.notes) index.addNote(n, n.chunks.map((ch) => c.vectors.get(ch.id)));
  return index;
}

// ---- Size, memory, speed at scale ------------------------------------------------------------------------------

interface ScaleRow { precision: VectorPrecision; vectors: number; fileBytes: number; storeMB: number; pagesMB: number; p50ms: number; p95ms: number; encodeMs: number; decodeMs: number; loadMs: number; loadViaFloat32Ms?: number }

/**
 * Load as the index does it: decode the file and put every row into a new store of the same precision (float32 rows
 * adopted as views, int8 rows adopted as they are and claimed). `viaFloat32`: the int8 load before the codes were
 * carried into the store (dequantize the whole file, then quantize each row again). Median of `runs`, ms.
 */
function loadMs(bytes: Uint8Array, precision: VectorPrecision, dims: number, perNote: number, viaFloat32 = false, runs = 3): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    const decoded = runAll(decodeVectorsFile(bytes, precision === "int8" && !viaFloat32));
    if (!decoded.ok) throw new Error(decoded.error.message);
    const store = new VectorStore(dims, (id) => Number(id.slice(id.indexOf("#") + 1)), precision);
    const rows = decoded.value.hasVector.length;
    const id = (i: number) => `n${Math.floor(i / perNote)}.md#${i}`;
    const path = (i: number) => `n${Math.floor(i / perNote)}.md`;
    const int8 = decoded.value.int8;
    if (int8) {
      const first = store.adoptInt8(int8) ?? 0;
      for (let i = 0; i < rows; i++) store.claim(id(i), path(i), first + i);
    } else {
      const v = decoded.value.vectors;
      store.adopt(v);
      for (let i = 0; i < rows; i++) store.set(id(i), path(i), v.subarray(i * dims, (i + 1) * dims));
    }
    store.settle();
    times.push(performance.now() - t0);
    if (store.size !== rows) throw new Error(`loaded ${store.size} of ${rows}`);
  }
  return percentile(times, 50);
}

/** Clustered unit vectors (topics plus noise), so the values spread as real embeddings do rather than uniformly. */
function syntheticVectors(count: number, dims: number): Float32Array[] {
  let x = 88172645;
  const rand = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32 - 0.5;
  };
  const topics = Array.from({ length: 64 }, () => Float32Array.from({ length: dims }, rand));
  return Array.from({ length: count }, (_, i) => {
    const t = topics[i % topics.length]!;
    const v = Float32Array.from({ length: dims }, (_, d) => t[d]! + 0.8 * rand());
    const n = Math.hypot(...v);
    return v.map((y) => y / n);
  });
}

function usedMB(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  // `external` holds the array buffers and WebAssembly memory, where an int8 store keeps its codes (int8-arena.ts).
  return (m.heapUsed + m.external) / 1e6;
}

function scale(notes: number, dims: number, perNote: number): ScaleRow[] {
  const count = notes * perNote;
  stage(`scale: ${count} vectors of ${dims}`);
  const vectors = syntheticVectors(count, dims);
  const queries = syntheticVectors(Number(args.get("queries") ?? 100), dims).map((q, i) => q.map((y, d) => y + (vectors[(i * 37) % count]![d] ?? 0)));
  const out: ScaleRow[] = [];
  for (const precision of VECTOR_PRECISIONS) {
    const before = usedMB();
    const store = new VectorStore(dims, (id) => Number(id.slice(id.indexOf("#") + 1)), precision);
    for (let i = 0; i < count; i++) store.set(`n${Math.floor(i / perNote)}.md#${i}`, `n${Math.floor(i / perNote)}.md`, vectors[i]!);
    const storeMB = usedMB() - before;
    // The store's own arrays, counted exactly (the heap figure above also moves with whatever else the GC finds).
    const pageBytes = store.pages.reduce((n, p) => n + (p.rows ? p.rows.byteLength : p.codes.byteLength + p.scales.byteLength), 0);
    const times: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      times.length = 0;
      for (const q of queries) {
        const t0 = performance.now();
        runAll(nearestChunksSteps(store, q, 0, 100));
        times.push(performance.now() - t0);
      }
    }
    const chunks = Array.from({ length: count }, (_, i) => ({ embedHash: `h${i}`.padStart(16, "0") }));
    const snapshot = {
      header: { formatVersion: SNAPSHOT_FORMAT_VERSION, model: "bench", dims, chunkingHash: "", savedAt: 0 },
      chunks, hasVector: new Uint8Array(count).fill(1), vectorPrecision: precision,
      vectors: {
        length: count * dims,
        row: (i: number) => store.get(`n${Math.floor(i / perNote)}.md#${i}`),
        int8Row: (i: number, codes: Int8Array) => store.int8At(store.slotOfId(`n${Math.floor(i / perNote)}.md#${i}`) ?? -1, codes),
      },
    } as unknown as Parameters<typeof encodeVectorsFile>[0];
    let t0 = performance.now();
    const file = runAll(encodeVectorsFile(snapshot));
    const encodeMs = performance.now() - t0;
    t0 = performance.now();
    const decoded = runAll(decodeVectorsFile(file.bytes, precision === "int8"));
    const decodeMs = performance.now() - t0;
    if (!decoded.ok) throw new Error(decoded.error.message);
    const load = r2(loadMs(file.bytes, precision, dims, perNote));
    const viaFloat32 = precision === "int8" ? { loadViaFloat32Ms: r2(loadMs(file.bytes, precision, dims, perNote, true)) } : {};
    out.push({ precision, vectors: count, fileBytes: file.bytes.length, storeMB: r2(storeMB), pagesMB: r2(pageBytes / 1e6), p50ms: r2(percentile(times, 50)), p95ms: r2(percentile(times, 95)), encodeMs: r2(encodeMs), decodeMs: r2(decodeMs), loadMs: load, ...viaFloat32 });
    stage(`${precision}: ${JSON.stringify(out.at(-1))}`);
  }
  return out;
}

// ---- Run -------------------------------------------------------------------------------------------------------

const { loadavg } = await import("node:os");
const load = loadavg().map((l) => l.toFixed(2)).join(" ");
const url = args.get("ollama");
const model = args.get("model") ?? "";
const qualityRows: QualityRow[] = [];
for (const dir of (args.get("datasets") ?? "").split(",").filter((d) => d !== "")) {
  if (!url || !model) throw new Error("--datasets needs --ollama and --model");
  qualityRows.push(...(await quality(dir, url, model)));
}
const scaleRows = args.has("no-scale") ? [] : scale(Number(args.get("notes") ?? 10_000), Number(args.get("dims") ?? 768), Number(args.get("chunks-per-note") ?? 3));
const loadAfter = loadavg().map((l) => l.toFixed(2)).join(" ");
const result = { model: model || null, loadBefore: load, loadAfter, quality: qualityRows, scale: scaleRows };
console.log(JSON.stringify(result, null, 2));
const tag = model ? `-${model.replace(/[^\w.-]/g, "_")}` : "";
writeJson(args.get("out") ?? `bench/results/vector-precision${tag}.json`, result);

const deltas = (ds: string) => {
  const [f, q] = [qualityRows.find((r) => r.dataset === ds && r.precision === "float32"), qualityRows.find((r) => r.dataset === ds && r.precision === "int8")];
  return f && q ? ` (int8 − float32: hybrid ${r4(q.hybrid - f.hybrid)}, vector-only ${r4(q.semantic - f.semantic)})` : "";
};
const datasets = [...new Set(qualityRows.map((r) => r.dataset))];
writeSection(
  `vector-precision${tag}`,
  [
    `### Vector precision: float32 against int8 (model ${model || "none"}, load ${load} → ${loadAfter})`,
    "",
    qualityRows.length > 0 ? table(["dataset", "precision", "nDCG@10 hybrid", "nDCG@10 vector-only"], qualityRows.map((r) => [r.dataset, r.precision, r.hybrid, r.semantic])) : "",
    ...datasets.map((d) => `- ${d}${deltas(d)}`),
    "",
    scaleRows.length > 0
      ? table(["precision", "vectors", "vectors file bytes", "vector pages MB", "heap+buffers growth MB", "vector search p50 ms", "p95 ms", "encode ms", "decode ms", "load ms (decode + store)", "int8 load through float32 ms"], scaleRows.map((r) => [r.precision, r.vectors, r.fileBytes, r.pagesMB, r.storeMB, r.p50ms, r.p95ms, r.encodeMs, r.decodeMs, r.loadMs, r.loadViaFloat32Ms ?? ""]))
      : "",
    "",
  ].join("\n"),
);
