/**
 * Retrieval quality benchmark on a BEIR-layout dataset. See docs/BENCHMARKS.md and `npm run bench:quality -- --help`.
 *
 *   npm run bench:quality -- --dataset DIR [--split test] [--ollama URL --model NAME] [--hyde-model NAME] [--out FILE.json]
 */
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { HydeGenerator } from "../src/core/ollama/hyde";
import { calibrateVectorScale, DEFAULT_CALIBRATION } from "../src/core/search/weight-calibration";
import { assembleResults } from "../src/core/search/result-assembly";
import { SearchEngine } from "../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from "../src/core/search/search-options";
import type { SearchMode } from "../src/core/types";
import { parseArgs } from "./lib/args";
import { MiniSearchBaseline, OramaHybridBaseline } from "./lib/baselines";
import { buildCorpus, indexCorpus } from "./lib/bench-corpus";
import { loadBeir, type BeirDataset } from "./lib/beir";
import { DiskEmbeddingCache } from "./lib/disk-embedding-cache";
import { mean, mrrAt, ndcgAt, percentile, recallAt } from "./lib/metrics";
import { table, writeJson, writeSection } from "./lib/report";

export interface ModeScore { ndcg10: number; recall100: number; mrr10: number; p50ms: number; p95ms: number }

const args = parseArgs(process.argv.slice(2));
if (args.has("help") || !args.get("dataset")) {
  console.log("usage: npm run bench:quality -- --dataset DIR [--split test] [--ollama URL --model NAME] [--hyde-model NAME] [--out FILE.json] [--sweep]");
  process.exit(args.has("help") ? 0 : 2);
}
const ds = loadBeir(args.get("dataset") ?? "", args.get("split") ?? "test");
const split = args.get("split") ?? "test";
const url = args.get("ollama");
const model = args.get("model") ?? "";
const cache = url ? new DiskEmbeddingCache(`.cache/embeddings/${model.replace(/[^\w.-]/g, "_")}.bin`) : undefined;
const client = url ? new OllamaClient({ baseUrl: url, timeoutMs: 300_000 }) : undefined;
const embedder = client && cache ? new OllamaEmbedder(client, { model, cache, batchSize: 32 }) : undefined;

const stage = (msg: string) => process.stderr.write(`[quality] ${msg}\n`);
process.on("exit", (code) => stage(`exit ${code}`));
const corpus = await buildCorpus(ds, embedder);
stage(`indexing ${corpus.notes.length} notes`);
const index = indexCorpus(corpus);
const engine = new SearchEngine({ index });
const qids = [...ds.qrels.keys()];
const queryVecs = new Map<string, Float32Array>();
const hydeVecs = new Map<string, Float32Array>();
if (embedder) {
  stage(`embedding ${qids.length} queries`);
  for (const id of qids) {
    const v = await embedder.embedQuery(ds.queries.get(id) ?? "");
    if (!v.ok) throw new Error(v.error.message);
    queryVecs.set(id, v.value);
  }
  const hydeModel = args.get("hyde-model");
  if (hydeModel && client) {
    const hyde = new HydeGenerator(client, { model: hydeModel });
    for (const id of qids) {
      const p = await hyde.generate(ds.queries.get(id) ?? "");
      const v = p.ok ? await embedder.embedDocuments([p.value]) : p;
      if (v.ok && v.value[0]) hydeVecs.set(id, v.value[0]);
    }
  }
  cache?.flush();
}
stage("calibrating");
const gamma = Number(args.get("gamma") ?? DEFAULT_CALIBRATION.gamma);
const calibration = embedder ? await calibrateVectorScale(index, embedder, { ...DEFAULT_CALIBRATION, gamma }) : undefined;
cache?.flush();
engine.setCalibration(calibration);

async function runEngine(mode: SearchMode, opts: SearchOptions, withHyde: boolean): Promise<ModeScore> {
  engine.setOptions(opts);
  const runs: { ranked: string[]; ms: number }[] = [];
  for (let pass = 0; pass < 2; pass++) {
    runs.length = 0;
    for (const id of qids) {
      const req = { query: ds.queries.get(id) ?? "", mode, limit: 100, queryVector: queryVecs.get(id), hydeVector: withHyde ? hydeVecs.get(id) : undefined };
      const t0 = performance.now();
      const res = await engine.search(req);
      runs.push({ ranked: res.results.map((r) => r.path), ms: performance.now() - t0 });
    }
  }
  return score(runs);
}

function score(runs: { ranked: string[]; ms: number }[]): ModeScore {
  const rel = (i: number) => ds.qrels.get(qids[i] ?? "") ?? new Map<string, number>();
  const r4 = (x: number) => Math.round(x * 10000) / 10000;
  return {
    ndcg10: r4(mean(runs.map((r, i) => ndcgAt(r.ranked, rel(i), 10)))),
    recall100: r4(mean(runs.map((r, i) => recallAt(r.ranked, rel(i), 100)))),
    mrr10: r4(mean(runs.map((r, i) => mrrAt(r.ranked, rel(i), 10)))),
    p50ms: Math.round(percentile(runs.map((r) => r.ms), 50) * 100) / 100,
    p95ms: Math.round(percentile(runs.map((r) => r.ms), 95) * 100) / 100,
  };
}

function timed(fn: (id: string) => string[]): ModeScore {
  const runs: { ranked: string[]; ms: number }[] = [];
  for (let pass = 0; pass < 2; pass++) {
    runs.length = 0;
    for (const id of qids) {
      const t0 = performance.now();
      const ranked = fn(id);
      runs.push({ ranked, ms: performance.now() - t0 });
    }
  }
  return score(runs);
}

stage("running modes");
const modes: Record<string, ModeScore> = {};
const defaults = DEFAULT_SEARCH_OPTIONS;
modes.keyword = await runEngine("keyword", defaults, false);
const mini = new MiniSearchBaseline(ds);
modes.minisearch_bm25 = timed((id) => mini.search(ds.queries.get(id) ?? "", 100));
if (embedder) {
  modes.semantic = await runEngine("semantic", defaults, false);
  modes.hybrid = await runEngine("hybrid", defaults, false);
  if (hydeVecs.size > 0) modes.hybrid_hyde = await runEngine("hybrid", { ...defaults, hyde: true }, true);
  modes.hybrid_textbook = await runEngine("hybrid", { ...defaults, autoWeights: false, rrfK: 60, weights: { bm25: 0.3, vector: 0.7, hyde: 0 } }, false);
  const docVecs = await docVectors(ds);
  const orama = new OramaHybridBaseline(ds, docVecs, corpus.dims);
  modes.orama_hybrid = timed((id) => orama.search(ds.queries.get(id) ?? "", queryVecs.get(id) ?? new Float32Array(corpus.dims), 100));
}

async function docVectors(d: BeirDataset): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  if (!embedder) return out;
  const docs = d.docs.filter((doc) => `${doc.title}${doc.text}`.trim() !== "");
  for (let i = 0; i < docs.length; i += 64) {
    const part = docs.slice(i, i + 64);
    const res = await embedder.embedDocuments(part.map((doc) => (doc.title ? `${doc.title}\n\n${doc.text}` : doc.text)));
    if (!res.ok) throw new Error(`${res.error.message} (${res.error.cause ?? ""})`);
    part.forEach((doc, j) => {
      const v = res.value[j];
      if (v) out.set(doc.id, v);
    });
  }
  cache?.flush();
  return out;
}

if (args.has("sweep") && embedder) {
  // Retrieval does not depend on k or the weights, so each query's lists are computed once and only fused per setting.
  stage("sweeping k and weights");
  const depth = 400;
  const lists = qids.map((id) => ({
    bm25: index.keywordSearch(ds.queries.get(id) ?? "", { limit: depth }).map((h) => h.id),
    vector: index.vectorSearch(queryVecs.get(id) ?? new Float32Array(corpus.dims), { limit: depth, similarity: 0 }).map((h) => h.id),
  }));
  const rows: (string | number)[][] = [];
  for (const k of [5, 10, 20, 40, 60]) {
    for (const wv of [0, 0.1, 0.2, 0.3, 0.5, 0.7, 1]) {
      const runs = lists.map((l) => ({
        ranked: assembleResults(index, [{ name: "bm25", weight: 1, ids: l.bm25 }, { name: "vector", weight: wv, ids: l.vector }], { rrfK: k, limit: 100, minScore: 0, chunksPerNote: 1 }).map((r) => r.path),
        ms: 0,
      }));
      const s = score(runs);
      rows.push([k, wv, s.ndcg10, s.recall100, s.mrr10]);
    }
  }
  writeSection(`sweep-${ds.name}-${split}`, `### k and weight sweep: ${ds.name} ${split}, ${model} (bm25 weight 1, no calibration)\n\n${table(["k", "vector weight", "nDCG@10", "Recall@100", "MRR@10"], rows)}`);
}

const result = { dataset: ds.name, split, model: embedder ? model : null, queries: qids.length, calibration: calibration ?? null, modes };
console.log(JSON.stringify(result, null, 2));
writeJson(args.get("out") ?? `bench/results/quality-${ds.name}-${split}.json`, result);
const rows = Object.entries(modes).map(([m, s]) => [m, s.ndcg10, s.recall100, s.mrr10, s.p50ms, s.p95ms]);
const calib = calibration ? `\nCalibration for this index: ${calibration.detail}.\n` : "";
writeSection(
  `quality-${ds.name}-${split}`,
  `### ${ds.name} (${split}, ${qids.length} queries, model ${embedder ? model : "none"})\n\n${table(["mode", "nDCG@10", "Recall@100", "MRR@10", "p50 ms", "p95 ms"], rows)}\n${calib}`,
);
