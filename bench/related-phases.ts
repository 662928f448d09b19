/**
 * Where a related list's time goes, phase by phase, at 10,000 notes (obsidian-hub with replicas, as bench:related
 * times it): source vectors, the vector scan, chunk pairs, the title list, the body list, fusion. Scratch tool.
 *
 *   npx tsx bench/related-phases.ts [--ollama URL] [--sources 60] [--model standin-hash] [--check 300] [--precision int8] [--cpu]
 */
import { ChunkIndex } from "../src/core/index/chunk-index";
import { embeddingInput } from "../src/core/index/embedding-input";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { findRelatedNotes } from "../src/core/search/related-notes";
import { bodyList, titleList, vectorList } from "../src/core/search/related-lists";
import { bestPair, sourceVectors, SHARED_TEXT_NOTES } from "../src/core/search/related-pairing";
import { RelatedWeightsKeeper } from "../src/core/search/related-weights";
import type { FileStore } from "../src/core/persist/file-store";
import { ok } from "../src/core/result";
import { scanNearestNotes } from "../src/core/vectors/vector-scan";
import { probeVectors } from "../src/core/search/related-pairing";
import type { ChunkedNote } from "../src/core/types";
import { parseArgs } from "./lib/args";
import { DiskEmbeddingCache } from "./lib/disk-embedding-cache";
import { percentile } from "./lib/metrics";
import { phaseTimer } from "./lib/phase-timer";
import { chunkVault, drawSources, readLinkVault } from "./lib/related-vault";
import os from "node:os";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

const args = parseArgs(process.argv.slice(2));
const url = args.get("ollama") ?? "http://127.0.0.1:11436";
const model = args.get("model") ?? "standin-hash";
const v = readLinkVault("hub", "../shared/vaults/obsidian-hub");
const notes = chunkVault(v, new Set());
const cache = new DiskEmbeddingCache(`.cache/embeddings/${model}.bin`);
const embedder = new OllamaEmbedder(new OllamaClient({ baseUrl: url, timeoutMs: 300_000 }), { model, cache, batchSize: 64 });
const vectors = new Map<string, Float32Array>();
const chunks = notes.flatMap((n) => n.chunks);
for (let i = 0; i < chunks.length; i += 512) {
  const part = chunks.slice(i, i + 512);
  const res = await embedder.embedDocuments(part.map((c) => embeddingInput(c)));
  if (!res.ok) throw new Error(res.error.message);
  part.forEach((c, j) => res.value[j] && vectors.set(c.id, res.value[j]));
}
const precision = args.get("precision") === "int8" ? "int8" : "float32";
const index = new ChunkIndex(vectors.values().next().value?.length ?? 0, undefined, undefined, precision);
for (const n of notes) index.addNote(n, n.chunks.map((c) => vectors.get(c.id)));
const copies: ChunkedNote[] = [];
for (let i = 0; notes.length + copies.length < 10_000; i++) {
  const n = notes[i % notes.length]!;
  const path = `replica-${Math.floor(i / notes.length)}/${n.path}`;
  const cs = n.chunks.map((c) => ({ ...c, id: `${path}#${c.ordinal}`, path }));
  copies.push({ ...n, path, chunks: cs });
  index.addNote({ ...n, path, chunks: cs }, n.chunks.map((c) => vectors.get(c.id)));
}
const none: Pick<FileStore, "read" | "write"> = { read: () => Promise.resolve(ok(null)), write: () => Promise.resolve(ok(undefined)) };
await new RelatedWeightsKeeper(none as FileStore, "w.json").refresh(index, 5, () => Promise.resolve());
process.stderr.write(`index (${precision}): ${index.size} chunks, ${[...index.notePaths()].length} notes, dims ${index.dims}\n`);
const all = [...v.raw.keys()];
const sources = args.has("only") ? Array.from({ length: 5 }, () => args.get("only")!) : drawSources(v, all, Number(args.get("sources") ?? 60), 20);
const OPTS = { limit: 10, rrfK: 5, weights: { vector: 1, bm25: 1 } };
index.keywordSearch("warm the index", { limit: 10 });
findRelatedNotes(index, sources[0]!, OPTS);
// `--cpu`: CPU milliseconds instead of wall time (see phase-timer.ts).
const { phases, time } = phaseTimer(args.has("cpu"));
// `--profile FILE`: a CPU profile of findRelatedNotes alone over the sources, three rounds (not the index build, not
// the phases), for chrome://inspect or a script; then exit.
if (args.has("profile")) {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  for (let round = 0; round < 3; round++) for (const s of sources) findRelatedNotes(index, s, OPTS);
  writeFileSync(args.get("profile")!, JSON.stringify((await session.post("Profiler.stop")).profile));
  process.exit(0);
}
// `--alloc FILE`: a sampling heap profile of findRelatedNotes alone over the sources (garbage included), then exit.
if (args.has("alloc")) {
  const heap = new Session();
  heap.connect();
  await heap.post("HeapProfiler.enable");
  await heap.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (const s of sources) findRelatedNotes(index, s, OPTS);
  writeFileSync(args.get("alloc")!, JSON.stringify((await heap.post("HeapProfiler.stopSampling")).profile));
  process.exit(0);
}
for (let round = 0; round < 2; round++) {
  for (const s of sources) {
    const ids = index.chunkIdsOf(s);
    const skip = new Set([s]);
    const src = time("sourceVectors", () => sourceVectors(index, ids));
    time("scan", () => scanNearestNotes(index, probeVectors(src, 1), skip, 40));
    time("scan, all exact", () => scanNearestNotes(index, probeVectors(src, 1), skip, 40, true));
    const pairs = new Map<string, unknown>();
    time("vectorList (scan+pairs)", () => vectorList(index, src, skip, 40, 1, (p) => { if (!pairs.has(p)) pairs.set(p, bestPair(index, src, p)); return pairs.get(p) as never; }));
    time("titleList", () => titleList(index, ids, skip, 40));
    const own = ids.filter((id) => index.textShare.notesSharing(id) <= SHARED_TEXT_NOTES);
    time("bodyList", () => bodyList(index, own, skip, 40));
    time("findRelatedNotes", () => findRelatedNotes(index, s, OPTS));
    (phases.chunks ??= []).push(ids.length);
  }
}
for (const [k, ts] of Object.entries(phases)) console.log(`${k.padEnd(26)} p50 ${percentile(ts, 50).toFixed(2).padStart(7)}  p95 ${percentile(ts, 95).toFixed(2).padStart(7)}  mean ${(ts.reduce((a, b) => a + b, 0) / ts.length).toFixed(2).padStart(7)}`);
const f = phases.findRelatedNotes!;
const slow = f.map((t, i) => [t, i] as const).sort((a, b) => b[0] - a[0]).slice(0, 6);
for (const [t, i] of slow) console.log(`slow: ${t.toFixed(1)} ms ${sources[i % sources.length]} chunks ${phases.chunks![i]} title ${phases.titleList![i]!.toFixed(1)} body ${phases.bodyList![i]!.toFixed(1)} vec ${phases["vectorList (scan+pairs)"]![i]!.toFixed(1)} scan ${phases.scan![i]!.toFixed(1)}`);
console.log(`load ${os.loadavg()[0]!.toFixed(2)}`);
