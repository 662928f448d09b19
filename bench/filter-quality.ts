/**
 * Quality of filtered searches on a labelled BEIR dataset, this checkout against another (`--base DIR`), same index
 * and query vectors. Relevance judgements exist only for unfiltered queries, so each query is asked again with a
 * filter whose effect on the judgements is known, and scored against the judged documents that pass it:
 * - `path`: the documents are spread over four folders (by a hash of their id) and the query is limited to the folder
 *   of its first relevant document (`path:f2`);
 * - `excluded`: a word frequent in the corpus that no relevant document holds (`-word`), so every relevant one passes;
 * - `excluded-short`: the same with the query's first three words only, which is where word order is checked;
 * - `phrase`: two consecutive words of the query that a relevant document holds, quoted, with the next words of the
 *   query (ten at most, so the phrase filters).
 * nDCG@10 and recall at the limit asked per kind and mode, and how many answers (top 10 paths in order) differ between the sides.
 *
 *   npx tsx bench/filter-quality.ts --dataset ../shared/datasets/cranfield --base ../wt-base12 [--ollama URL --model NAME]
 *     [--queries 200] [--limit 10] [--out FILE.json]
 * `--limit`: results asked per query (default 10, an agent's default; the lists are read 4 × max(limit, 20) notes
 * deep, so with 100 most of a small corpus is read whatever the filter).
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { chunkNote } from "../src/core/chunk/chunker";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { embeddingInput } from "../src/core/index/embedding-input";
import { foldForMatch } from "../src/core/search/query-filter";
import type { ChunkedNote, SearchMode } from "../src/core/types";
import { parseArgs } from "./lib/args";
import { loadBeir } from "./lib/beir";
import { DiskEmbeddingCache } from "./lib/disk-embedding-cache";
import { mean, ndcgAt, recallAt } from "./lib/metrics";
import { writeJson } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const ds = loadBeir(args.get("dataset") ?? "", args.get("split") ?? "test");
const url = args.get("ollama");
const model = args.get("model") ?? "standin-use-lite";
const limit = Number(args.get("limit") ?? 10);
const log = (m: string): void => console.error(`[filter-quality] ${m}`);
const folderOf = (id: string): string => `f${createHash("sha1").update(id).digest()[0]! % 4}`;

// Notes as bench:quality makes them, each under its folder.
const notes: ChunkedNote[] = ds.docs.map((d) => chunkNote(`${folderOf(d.id)}/${d.id}`, d.title ? `# ${d.title}\n\n${d.text}` : d.text));
const docOf = (path: string): string => path.slice(path.indexOf("/") + 1);
const vectors = new Map<string, Float32Array>();
const cache = url ? new DiskEmbeddingCache(`.cache/embeddings/${model.replace(/[^\w.-]/g, "_")}.bin`) : undefined;
const embedder = url && cache ? new OllamaEmbedder(new OllamaClient({ baseUrl: url, timeoutMs: 300_000 }), { model, cache, batchSize: 32 }) : undefined;
if (embedder) {
  const chunks = notes.flatMap((n) => n.chunks);
  for (let i = 0; i < chunks.length; i += 256) {
    const part = chunks.slice(i, i + 256);
    const res = await embedder.embedDocuments(part.map(embeddingInput));
    if (!res.ok) throw new Error(res.error.message);
    part.forEach((c, j) => res.value[j] && vectors.set(c.id, res.value[j]));
  }
  cache?.flush();
}

// Words frequent in the corpus (by documents), longer than stop words, for exclusions.
const docText = new Map(ds.docs.map((d) => [d.id, foldForMatch(`${d.title}\n${d.text}`)]));
const df = new Map<string, number>();
for (const t of docText.values()) for (const w of new Set(t.match(/\p{L}{5,}/gu) ?? [])) df.set(w, (df.get(w) ?? 0) + 1);
const frequent = [...df.entries()].sort((a, b) => b[1] - a[1]).slice(10, 60).map(([w]) => w);
const holds = (id: string, word: string): boolean => new RegExp(`(^|[^\\p{L}\\p{N}_])${word}($|[^\\p{L}\\p{N}_])`, "u").test(docText.get(id) ?? "");

interface Case {
  kind: string;
  query: string;
  rel: Map<string, number>;
  vector: string;
}
const qids = [...ds.qrels.keys()].slice(0, Number(args.get("queries") ?? 10_000));
const cases: Case[] = [];
for (const [n, qid] of qids.entries()) {
  const text = (ds.queries.get(qid) ?? "").replace(/["\-:]/g, " ").replace(/\s+/g, " ").trim();
  const rel = ds.qrels.get(qid) ?? new Map<string, number>();
  const relIds = [...rel.keys()];
  if (relIds.length === 0 || text === "") continue;
  const folder = folderOf(relIds[0]!);
  cases.push({ kind: "path", query: `${text} path:${folder}`, rel: new Map([...rel].filter(([d]) => folderOf(d) === folder)), vector: text });
  const word = [...frequent.slice(n % frequent.length), ...frequent].find((w) => relIds.every((d) => !holds(d, w)));
  if (word) {
    cases.push({ kind: "excluded", query: `${text} -${word}`, rel, vector: text });
    const short = text.split(" ").slice(0, 3).join(" ");
    cases.push({ kind: "excluded-short", query: `${short} -${word}`, rel, vector: short });
  }
  const words = text.split(" ");
  for (let i = 0; i + 1 < words.length; i++) {
    const phrase = `${words[i]} ${words[i + 1]}`;
    if (phrase.length < 8 || !relIds.some((d) => (docText.get(d) ?? "").includes(foldForMatch(phrase)))) continue;
    const rest = words.slice(i + 2, i + 8).join(" ");
    const kept = new Map([...rel].filter(([d]) => (docText.get(d) ?? "").includes(foldForMatch(phrase))));
    cases.push({ kind: "phrase", query: `"${phrase}" ${rest}`.trim(), rel: kept, vector: `${phrase} ${rest}`.trim() });
    break;
  }
}
const queryVectors = new Map<string, Float32Array>();
if (embedder) {
  for (const c of cases) {
    if (queryVectors.has(c.vector)) continue;
    const v = await embedder.embedQuery(c.vector);
    if (!v.ok) throw new Error(v.error.message);
    queryVectors.set(c.vector, v.value);
  }
  cache?.flush();
}
log(`${notes.length} notes, ${cases.length} filtered queries`);

/** One checkout's engine over the notes (its own index and search code, its default options). */
async function engineOf(dir: string) {
  // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
  const load = async <T>(path: string): Promise<T> => (await import(resolve(dir, "src", path))) as T;
  const { ChunkIndex } = await load<typeof import("../src/core/index/chunk-index")>("core/index/chunk-index.ts");
  const { SearchEngine } = await load<typeof import("../src/core/search/search-engine")>("core/search/search-engine.ts");
  const { DEFAULT_SEARCH_OPTIONS } = await load<typeof import("../src/core/search/search-options")>("core/search/search-options.ts");
  const dims = vectors.values().next().value?.length ?? 0;
  const index = new ChunkIndex(dims);
  for (const n of notes) index.addNote(n, n.chunks.map((c) => vectors.get(c.id)));
  const engine = new SearchEngine({ index });
  engine.setOptions(DEFAULT_SEARCH_OPTIONS);
  return engine;
}

const sides = [{ name: "this", dir: process.cwd() }, ...(args.get("base") ? [{ name: "base", dir: resolve(args.get("base") ?? "") }] : [])];
const modes: SearchMode[] = embedder ? ["keyword", "hybrid"] : ["keyword"];
const answers: Record<string, Record<string, string[][]>> = {};
const report: Record<string, Record<string, { ndcg10: number; recallAtLimit: number; queries: number }>> = {};
for (const side of sides) {
  const engine = await engineOf(side.dir);
  answers[side.name] = {};
  report[side.name] = {};
  for (const mode of modes) {
    const ranked: string[][] = [];
    for (const c of cases) {
      const vector = queryVectors.get(c.vector);
      const r = await engine.search({ query: c.query, mode, limit, ...(vector ? { queryVector: vector } : {}) });
      ranked.push(r.results.map((x) => docOf(x.path)));
    }
    answers[side.name]![mode] = ranked;
    for (const kind of [...new Set(cases.map((c) => c.kind))]) {
      const at = cases.flatMap((c, i) => (c.kind === kind && c.rel.size > 0 ? [i] : []));
      const r4 = (x: number): number => Math.round(x * 10000) / 10000;
      report[side.name]![`${kind}/${mode}`] = {
        ndcg10: r4(mean(at.map((i) => ndcgAt(ranked[i]!, cases[i]!.rel, 10)))),
        recallAtLimit: r4(mean(at.map((i) => recallAt(ranked[i]!, cases[i]!.rel, limit)))),
        queries: at.length,
      };
    }
  }
}
const differ: Record<string, { top10: number; top10Set: number; queries: number }> = {};
if (answers.base) {
  for (const mode of modes) {
    for (const kind of [...new Set(cases.map((c) => c.kind))]) {
      const at = cases.flatMap((c, i) => (c.kind === kind ? [i] : []));
      const a = answers.this![mode]!;
      const b = answers.base[mode]!;
      const top = (xs: string[]): string => xs.slice(0, 10).join("\n");
      const set = (xs: string[]): string => [...xs.slice(0, 10)].sort().join("\n");
      differ[`${kind}/${mode}`] = {
        top10: at.filter((i) => top(a[i]!) !== top(b[i]!)).length,
        top10Set: at.filter((i) => set(a[i]!) !== set(b[i]!)).length,
        queries: at.length,
      };
    }
  }
}
for (const [key, score] of Object.entries(report.this ?? {})) {
  const base = report.base?.[key];
  const d = differ[key];
  log(
    `${key}: nDCG@10 ${score.ndcg10}${base ? ` (base ${base.ndcg10})` : ""}, recall@${limit} ${score.recallAtLimit}${base ? ` (base ${base.recallAtLimit})` : ""}` +
      `${d ? `; top 10 differ in ${d.top10} of ${d.queries} (as sets ${d.top10Set})` : ""}`,
  );
}
if (args.get("out")) writeJson(args.get("out")!, { dataset: ds.name, model: embedder ? model : undefined, limit, sides, report, differ, cases: cases.length });
