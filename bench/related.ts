/**
 * Related notes as link prediction: for sampled notes with at least two links to notes that exist, how many of the
 * linked notes does each method list? See docs/BENCHMARKS.md.
 *
 *   npm run bench:related -- [--vaults hub,kepano,help,help-zh] [--seed 19] [--sources 300] [--ollama URL] [--model NAME]
 *                            [--models hub=NAME,...] [--latency-notes 10000] [--latency-sources 200] [--no-latency]
 *                            [--latency-only] [--variants strict,visible] [--out FILE.json] [--section NAME]
 *                            [--base COMMIT[,COMMIT…]] [--precision int8] [--same-weights] [--rotate] [--no-docs]
 *
 * The related lists' weights are learnt the way the app does, in the background once the index is built
 * (`RelatedWeightsKeeper`), outside every timed call; the report gives what was learnt and how long it took.
 *
 * `--models` gives a vault another embedding model than `--model` (on a loaded machine obsidian-hub's 17k chunks
 * take hours with standin-use-lite; standin-hash is the fallback, and the report says which model each vault used).
 *
 * Variants: "strict" indexes each source with its links (target and display text) taken out; "visible" leaves them.
 * Baselines in the same run: mean chunk vector, best chunk pair, MiniSearch more-like-this, RRF of mean vector and
 * more-like-this, random; "today" is commit --base's related list (its source is unpacked under .cache/).
 */
import os from "node:os";
import { ChunkIndex } from "../src/core/index/chunk-index";
import { embeddingInput } from "../src/core/index/embedding-input";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { findRelatedNotes, type RelatedResult } from "../src/core/search/related-notes";
import { learntRelatedWeights, RelatedWeightsKeeper } from "../src/core/search/related-weights";
import type { FileStore } from "../src/core/persist/file-store";
import { ok } from "../src/core/result";
import { scanNearestNotes } from "../src/core/vectors/vector-scan";
import type { ChunkedNote } from "../src/core/types";
import { parseArgs } from "./lib/args";
import { commitSources } from "./lib/commit-sources";
import { DiskEmbeddingCache } from "./lib/disk-embedding-cache";
import { percentile } from "./lib/metrics";
import { bestPairMethod, meanVectorMethod, moreLikeThisMethod, randomMethod, rrfMethod, type RelatedMethod } from "./lib/related-baselines";
import { bootstrap, fmt, scoreList, type Interval, type SourceScore } from "./lib/related-score";
import { chunkVault, drawSources, readLinkVault, type LinkVault } from "./lib/related-vault";
import { table, writeJson, writeSection } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
/** The commit whose related list is "today": main before this work (its related-notes.ts is ab2feaa's). */
const BASE = args.get("base") ?? "41c0b82";
const SHARED_NOTES = 5;
const seed = Number(args.get("seed") ?? 19);
const count = Number(args.get("sources") ?? 300);
const url = args.get("ollama") ?? "http://127.0.0.1:11436";
const model = args.get("model") ?? "standin-use-lite";
const latencyNotes = Number(args.get("latency-notes") ?? 10_000);
/** How the index keeps its vectors: float32 by default here, int8 as the plugin does by default (`--precision int8`). */
const precision = args.get("precision") === "int8" ? "int8" : "float32";
const stage = (msg: string) => process.stderr.write(`[related] ${msg}\n`);

const VAULTS: Record<string, { dir: string; heldOut?: boolean }> = {
  hub: { dir: "../shared/vaults/obsidian-hub" },
  kepano: { dir: "../shared/vaults/kepano" },
  help: { dir: "../shared/vaults/obsidian-help/en", heldOut: true },
  // Not in the default run: the same help pages in Chinese, a second vault nothing was tuned on, in another script.
  "help-zh": { dir: "../shared/vaults/obsidian-help/zh", heldOut: true },
};
const GENERATED = /^(02 - Community Expansions\/02\.05 All Community Expansions|01 - Community\/People)\//;

type OldFind = (index: unknown, path: string, opts: unknown) => RelatedResult;
const BASES = BASE.split(",").filter((b) => b.length > 0);
const oldFinds = new Map<string, OldFind>();
for (const base of BASES) {
  const baseDir = commitSources(base);
  const oldModule = new URL(`../${baseDir}/src/core/search/related-notes.ts`, import.meta.url).href;
  oldFinds.set(base, ((await import(oldModule)) as { findRelatedNotes: OldFind }).findRelatedNotes); // eslint-disable-line no-unsanitized/method -- fixed path under .cache/
}
const oldFind = oldFinds.get(BASES[0]!)!; // "today" in the quality table
const modelOf = new Map((args.get("models") ?? "").split(",").filter((x) => x.includes("=")).map((x) => x.split("=") as [string, string]));
const embedders = new Map<string, { embedder: OllamaEmbedder; cache: DiskEmbeddingCache }>();
function embedderFor(name: string): { embedder: OllamaEmbedder; cache: DiskEmbeddingCache } {
  let e = embedders.get(name);
  if (!e) {
    const cache = new DiskEmbeddingCache(`.cache/embeddings/${name.replace(/[^\w.-]/g, "_")}.bin`);
    e = { cache, embedder: new OllamaEmbedder(new OllamaClient({ baseUrl: url, timeoutMs: 300_000 }), { model: name, cache, batchSize: 64 }) };
    embedders.set(name, e);
  }
  return e;
}

async function embedAll(notes: readonly ChunkedNote[], name: string): Promise<Map<string, Float32Array>> {
  const { embedder, cache } = embedderFor(name);
  const chunks = notes.flatMap((n) => n.chunks);
  const out = new Map<string, Float32Array>();
  for (let i = 0; i < chunks.length; i += 512) {
    const part = chunks.slice(i, i + 512);
    const res = await embedder.embedDocuments(part.map((c) => embeddingInput(c)));
    if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
    part.forEach((c, j) => {
      const v = res.value[j];
      if (v) out.set(c.id, v);
    });
    if (chunks.length > 2000) process.stderr.write(`\rembedded ${Math.min(i + 512, chunks.length)} / ${chunks.length}`);
  }
  if (chunks.length > 2000) process.stderr.write("\n");
  cache.flush();
  return out;
}

function buildIndex(notes: readonly ChunkedNote[], vectors: ReadonlyMap<string, Float32Array>): ChunkIndex {
  const dims = vectors.values().next().value?.length ?? 0;
  const index = new ChunkIndex(dims, undefined, undefined, precision);
  for (const n of notes) index.addNote(n, n.chunks.map((c) => vectors.get(c.id)));
  return index;
}

const OPTS = { limit: 10, rrfK: 5, weights: { vector: 1, bm25: 1 } };
const sameWeights = args.has("same-weights");

/** Weights learnt per index, as the app's background keeper learns them (a store that keeps nothing: learnt fresh). */
const learning: { vault: string; variant: string; notes: number; ms: number; weights: string; samples: number }[] = [];
async function learnWeights(index: ChunkIndex, vault: string, variant: string): Promise<void> {
  const none: Pick<FileStore, "read" | "write"> = { read: () => Promise.resolve(ok(null)), write: () => Promise.resolve(ok(undefined)) };
  const t0 = performance.now();
  const c = await new RelatedWeightsKeeper(none as FileStore, "related-weights.json").refresh(index, OPTS.rrfK, () => Promise.resolve());
  const ms = performance.now() - t0;
  const w = c?.weights;
  learning.push({ vault, variant, notes: c?.notes ?? 0, ms, weights: w ? `vector ${w.vector}, title ${w.bm25}, body ${w.body}` : "none", samples: c?.samples ?? 0 });
  stage(`${vault} ${variant}: learnt ${learning.at(-1)!.weights} from ${c?.samples ?? 0} notes in ${ms.toFixed(0)} ms (background, not in any list's time)`);
}

/** Chunk texts shared by more than SHARED_NOTES notes, by the bench's own rule (lower case, spaces collapsed). */
function sharedTexts(index: ChunkIndex): Set<string> {
  const notesOf = new Map<string, Set<string>>();
  for (const p of index.notePaths()) {
    for (const id of index.chunkIdsOf(p)) {
      const key = textKey(index.get(id)?.chunk.text ?? "");
      let s = notesOf.get(key);
      if (!s) notesOf.set(key, (s = new Set()));
      s.add(p);
    }
  }
  return new Set([...notesOf].filter(([, s]) => s.size > SHARED_NOTES).map(([k]) => k));
}
const textKey = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();

/** Entries listed only by the vector list, whose closest pair has a chunk text shared by more than SHARED_NOTES notes. */
function owedToShared(index: ChunkIndex, r: RelatedResult, shared: ReadonlySet<string>): number {
  let n = 0;
  for (const e of r.entries) {
    if (e.sourceChunkId === undefined || Object.keys(e.ranks).some((k) => k !== "vector")) continue;
    const a = textKey(index.get(e.sourceChunkId)?.chunk.text ?? "");
    if (shared.has(a) || shared.has(textKey(e.best.text))) n++;
  }
  return n;
}

interface Row { vault: string; group: string; variant: string; method: string; sources: number; recall10: Interval; mrr10: Interval; success5: Interval; sharedOwed?: number; entries?: number }
const rows: Row[] = [];
const latency: Record<string, { p50: number; p95: number }> = {};

function measure(v: LinkVault, variant: string, index: ChunkIndex, notes: readonly ChunkedNote[], groups: Record<string, string[]>): void {
  const shared = sharedTexts(index);
  const mean = meanVectorMethod(index);
  const mlt = moreLikeThisMethod(notes);
  // Ours and today's are run once a source: the same lists give the scores and the shared-text count.
  const held = new Map<string, RelatedResult>();
  const keep = (name: string, find: (p: string) => RelatedResult): RelatedMethod => (p) => {
    const r = find(p);
    held.set(`${name}\u0000${p}`, r);
    return r.entries.map((e) => e.path);
  };
  const methods: Record<string, RelatedMethod> = {
    ours: keep("ours", (p) => findRelatedNotes(index, p, OPTS)),
    // `--same-weights`: a base's own keeper learnt nothing (its weights live in its own module), so it would run with
    // equal weights; hand it ours.
    [`today (${BASES[0]})`]: keep("today", (p) => oldFind(index, p, { ...OPTS, ...(sameWeights ? { learnt: learntRelatedWeights(index, OPTS.rrfK) } : {}) })),
    "mean vector": mean,
    "best chunk pair": bestPairMethod(index),
    "more-like-this (MiniSearch)": mlt,
    "RRF mean vector + more-like-this": rrfMethod(mean, mlt),
    random: randomMethod([...index.notePaths()], seed),
  };
  for (const [group, sources] of Object.entries(groups)) {
    for (const [name, run] of Object.entries(methods)) {
      const scores: SourceScore[] = sources.map((s) => scoreList(run(s, 10), v.links.get(s) ?? new Set()));
      const row: Row = {
        vault: v.name, group, variant, method: name, sources: sources.length,
        recall10: bootstrap(scores.map((x) => x.recall10), seed),
        mrr10: bootstrap(scores.map((x) => x.mrr10), seed),
        success5: bootstrap(scores.map((x) => x.success5), seed),
      };
      if (name === "ours" || name.startsWith("today")) {
        let owed = 0;
        let entries = 0;
        for (const s of sources) {
          const r = held.get(`${name === "ours" ? "ours" : "today"}\u0000${s}`);
          if (!r) continue;
          owed += owedToShared(index, r, shared);
          entries += r.entries.length;
        }
        Object.assign(row, { sharedOwed: owed, entries });
      }
      rows.push(row);
      stage(`${v.name} ${group} ${variant} ${name}: recall@10 ${fmt(row.recall10)}`);
    }
  }
}

function timeLists(index: ChunkIndex, notes: readonly ChunkedNote[], sources: readonly string[]): void {
  // `--same-weights`: a base's own keeper learnt nothing; hand every tree ours, so all do the same work.
  const learnt = args.has("same-weights") ? learntRelatedWeights(index, OPTS.rrfK) : undefined;
  const opts = (limit: number) => ({ ...OPTS, limit, ...(learnt ? { learnt } : {}) });
  const methods: Record<string, RelatedMethod> = {
    ours: (p, l) => findRelatedNotes(index, p, opts(l)).entries.map((e) => e.path),
    ...Object.fromEntries([...oldFinds].map(([base, find]): [string, RelatedMethod] => [`today (${base})`, (p, l) => find(index, p, opts(l)).entries.map((e) => e.path)])),
    "mean vector": meanVectorMethod(index),
    "best chunk pair": bestPairMethod(index),
    "more-like-this (MiniSearch)": moreLikeThisMethod(notes),
  };
  // The index's own lazy state (stop terms, the vector store's first pass) is built by the first search of any kind,
  // related or not: one keyword search and one scan warm it, so the first call of each method is its own cost.
  index.keywordSearch("warm the index", { limit: 10 });
  scanNearestNotes(index, [index.get(index.chunkIdsOf(sources.at(-1)!)[0] ?? "")?.vector ?? new Float32Array(index.dims)], new Set(), 10);
  // The first call of each, then in turns, so load swings hit all alike.
  const first: Record<string, number> = {};
  for (const [name, run] of Object.entries(methods)) {
    const t0 = performance.now();
    run(sources[0]!, 10);
    first[name] = performance.now() - t0;
  }
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(methods).map((k) => [k, []]));
  // CPU milliseconds of the process (main thread and GC helpers) beside the wall time: on a shared machine a list's
  // wall time mostly says how long it waited for a core.
  const cpuTimes: Record<string, number[]> = {};
  // `--rotate`: each turn starts with the next method, so none always runs right after the baselines' garbage.
  const order = Object.entries(methods);
  for (const [i, s] of sources.entries()) {
    for (const [name, run] of args.has("rotate") ? [...order.slice(i % order.length), ...order.slice(0, i % order.length)] : order) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      run(s, 10);
      const c = process.cpuUsage(c0);
      times[name]!.push(performance.now() - t0);
      (cpuTimes[name] ??= []).push((c.user + c.system) / 1000);
    }
  }
  for (const [name, ts] of Object.entries(times)) {
    const cs = cpuTimes[name] ?? [];
    latency[name] = { p50: percentile(ts, 50), p95: percentile(ts, 95), first: first[name], cpuP50: percentile(cs, 50), cpuP95: percentile(cs, 95) } as { p50: number; p95: number };
    stage(`latency ${name}: p50 ${percentile(ts, 50).toFixed(2)} ms, p95 ${percentile(ts, 95).toFixed(2)} ms, first ${first[name]!.toFixed(1)} ms; CPU p50 ${percentile(cs, 50).toFixed(2)}, p95 ${percentile(cs, 95).toFixed(2)} ms`);
  }
}

const chosen = (args.get("vaults") ?? "hub,kepano,help").split(",");
const loadStart = os.loadavg()[0]!;
for (const key of chosen) {
  const spec = VAULTS[key];
  if (!spec) throw new Error(`unknown vault ${key}`);
  const label = key === "help" ? "obsidian-help/en (held out)" : key === "help-zh" ? "obsidian-help/zh (held out)" : key === "hub" ? "obsidian-hub" : "kepano";
  const v = readLinkVault(modelOf.has(key) ? `${label}, ${modelOf.get(key)}` : label, spec.dir);
  const all = [...v.raw.keys()];
  const groups: Record<string, string[]> = { all: drawSources(v, all, count, seed) };
  if (key === "hub") {
    groups["hand-written"] = drawSources(v, all.filter((p) => !GENERATED.test(p)), count, seed);
    groups.generated = groups.all!.filter((p) => GENERATED.test(p));
  }
  const strict = new Set(Object.values(groups).flat());
  stage(`${v.name}: ${v.raw.size} notes, ${Object.entries(groups).map(([g, s]) => `${g} ${s.length}`).join(", ")} sources`);
  const latencyOnly = args.has("latency-only");
  for (const variant of latencyOnly ? ["visible"] : (args.get("variants") ?? "strict,visible").split(",")) {
    const notes = chunkVault(v, variant === "strict" ? strict : new Set());
    const vectors = await embedAll(notes, modelOf.get(key) ?? model);
    const index = buildIndex(notes, vectors);
    await learnWeights(index, v.name, variant);
    if (!latencyOnly) measure(v, variant, index, notes, groups);
    if (key === "hub" && variant === "visible" && !args.has("no-latency")) {
      const copies: ChunkedNote[] = [];
      for (let i = 0; notes.length + copies.length < latencyNotes; i++) {
        const n = notes[i % notes.length]!;
        const path = `replica-${Math.floor(i / notes.length)}/${n.path}`;
        const chunks = n.chunks.map((c) => ({ ...c, id: `${path}#${c.ordinal}`, path }));
        copies.push({ ...n, path, chunks });
        index.addNote({ ...n, path, chunks }, n.chunks.map((c) => vectors.get(c.id)));
      }
      stage(`latency at ${notes.length + copies.length} notes`);
      // The replicas grew the vault by more than a quarter: the keeper learns again, in the background.
      await learnWeights(index, v.name, `${variant}, ${notes.length + copies.length} notes`);
      timeLists(index, [...notes, ...copies], drawSources(v, all, Number(args.get("latency-sources") ?? 200), seed + 1));
    }
  }
}
const loadEnd = os.loadavg()[0]!;

const out = { date: new Date().toISOString(), seed, count, model, models: Object.fromEntries(modelOf), base: BASE, precision, load: { start: loadStart, end: loadEnd }, rows, latency, latencyNotes, learning };
writeJson(args.get("out") ?? "bench/results/related.json", out);
const show = (r: Row) => [r.vault, r.group, r.variant, r.method === "ours" ? "**ours**" : r.method, r.sources, fmt(r.recall10), fmt(r.mrr10), fmt(r.success5), r.entries ? `${r.sharedOwed} / ${r.entries}` : ""];
const md = [
  "## Related notes: link prediction (`npm run bench:related`)",
  "",
  `Sources with at least two links to existing notes, drawn with seed ${seed} (\`--seed\`), up to ${count} a group. Ground truth: the`,
  "notes each source links to. *strict*: the source's links (target and display text) are taken out of its text before",
  `indexing; *visible*: left in. Model ${model} through the Ollama stand-in${modelOf.size > 0 ? ` (${[...modelOf].map(([k, m]) => `${k}: ${m}`).join(", ")})` : ""}, embeddings cached. Intervals: bootstrap 95 %.`,
  `"shared" counts list entries that only the vector list found through a chunk text shared by more than ${SHARED_NOTES} notes.`,
  `obsidian-help/en is held out: nothing was tuned on it. Load average ${loadStart.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end.`,
  "",
  table(["vault", "sources", "variant", "method", "n", "recall@10", "MRR@10", "success@5", "shared"], rows.map(show)),
  "",
  `Time per list at ${latencyNotes} notes (obsidian-hub with replicas, ${precision} vectors), in turns, ms:`,
  "",
  table(["method", "p50", "p95", "first call"], Object.entries(latency).map(([k, x]) => [k, x.p50.toFixed(2), x.p95.toFixed(2), ((x as { first?: number }).first ?? 0).toFixed(1)])),
  "",
  "Weights learnt in the background (RelatedWeightsKeeper, sliced; never inside a list's call), multiplying the configured ones:",
  "",
  table(["vault", "index", "notes", "learnt from", "weights", "ms"], learning.map((l) => [l.vault, l.variant, l.notes, l.samples, l.weights, l.ms.toFixed(0)])),
].join("\n");
// `--no-docs`: the table is not written into docs/BENCHMARKS.md (the JSON still is, to --out).
if (!args.has("no-docs")) writeSection(args.get("section") ?? "related", md);
stage("done");
