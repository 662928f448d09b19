/**
 * Whether a change left every related list as it was: this tree's `findRelatedNotes` against commit --base's (its
 * source unpacked under .cache/, as bench:related does), on the same index with the same learnt weights, for every
 * note with links of each vault (strict variant: the sources' links taken out). Compares paths, scores, similarity,
 * ranks, best chunk and source chunk exactly. Also with a section, and with the weights the keeper has not learnt.
 * `--base-index`: the base's lists are read from an index of the base's own `ChunkIndex` (same notes and vectors), for
 * a change inside the index (e.g. how it picks a note's distinctive words), which the shared index would hide.
 *
 *   npx tsx bench/related-same.ts [--vaults kepano,help,hub] [--base 7081525] [--ollama URL] [--models hub=standin-hash,...] [--sources 300]
 *                                 [--precision int8] [--base-index]
 */
import { ChunkIndex } from "../src/core/index/chunk-index";
import { embeddingInput } from "../src/core/index/embedding-input";
import { OllamaEmbedder } from "../src/core/ollama/embedder";
import { OllamaClient } from "../src/core/ollama/ollama-client";
import { findRelatedNotes, type RelatedOptions, type RelatedResult } from "../src/core/search/related-notes";
import { learntRelatedWeights, RelatedWeightsKeeper } from "../src/core/search/related-weights";
import type { FileStore } from "../src/core/persist/file-store";
import { ok } from "../src/core/result";
import { parseArgs } from "./lib/args";
import { commitSources } from "./lib/commit-sources";
import { DiskEmbeddingCache } from "./lib/disk-embedding-cache";
import { chunkVault, drawSources, readLinkVault } from "./lib/related-vault";

const args = parseArgs(process.argv.slice(2));
const BASE = args.get("base") ?? "7081525";
const url = args.get("ollama") ?? "http://127.0.0.1:11436";
const modelOf = new Map((args.get("models") ?? "").split(",").filter((x) => x.includes("=")).map((x) => x.split("=") as [string, string]));
const DIRS: Record<string, string> = { hub: "../shared/vaults/obsidian-hub", kepano: "../shared/vaults/kepano", help: "../shared/vaults/obsidian-help/en" };
const baseDir = commitSources(BASE);
type Find = (index: unknown, path: string, opts: unknown) => RelatedResult;
// eslint-disable-next-line no-unsanitized/method -- a fixed path under .cache/, written by this script
const oldFind = ((await import(new URL(`../${baseDir}/src/core/search/related-notes.ts`, import.meta.url).href)) as { findRelatedNotes: Find }).findRelatedNotes;

type IndexClass = new (dims: number, lexical?: undefined, lang?: undefined, precision?: string) => { addNote(n: unknown, v: unknown): void };
// eslint-disable-next-line no-unsanitized/method -- a fixed path under .cache/, written by this script
const OldIndex = args.has("base-index") ? ((await import(new URL(`../${baseDir}/src/core/index/chunk-index.ts`, import.meta.url).href)) as { ChunkIndex: IndexClass }).ChunkIndex : undefined;

let compared = 0;
let differing = 0;
for (const key of (args.get("vaults") ?? "kepano,help").split(",")) {
  const v = readLinkVault(key, DIRS[key]!);
  const sources = drawSources(v, [...v.raw.keys()], Number(args.get("sources") ?? 300), 19);
  const notes = chunkVault(v, new Set(sources));
  const model = modelOf.get(key) ?? args.get("model") ?? "standin-use-lite";
  const cache = new DiskEmbeddingCache(`.cache/embeddings/${model.replace(/[^\w.-]/g, "_")}.bin`);
  const embedder = new OllamaEmbedder(new OllamaClient({ baseUrl: url, timeoutMs: 300_000 }), { model, cache, batchSize: 64 });
  const chunks = notes.flatMap((n) => n.chunks);
  const vectors = new Map<string, Float32Array>();
  for (let i = 0; i < chunks.length; i += 512) {
    const part = chunks.slice(i, i + 512);
    const res = await embedder.embedDocuments(part.map((c) => embeddingInput(c)));
    if (!res.ok) throw new Error(res.error.message);
    part.forEach((c, j) => res.value[j] && vectors.set(c.id, res.value[j]));
  }
  cache.flush();
  const index = new ChunkIndex(vectors.values().next().value?.length ?? 0, undefined, undefined, args.get("precision") === "int8" ? "int8" : "float32");
  for (const n of notes) index.addNote(n, n.chunks.map((c) => vectors.get(c.id)));
  const oldIndex = OldIndex ? new OldIndex(index.dims, undefined, undefined, index.vectorPrecision) : index;
  if (oldIndex !== index) for (const n of notes) oldIndex.addNote(n, n.chunks.map((c) => vectors.get(c.id)));
  const none: Pick<FileStore, "read" | "write"> = { read: () => Promise.resolve(ok(null)), write: () => Promise.resolve(ok(undefined)) };
  await new RelatedWeightsKeeper(none as FileStore, "w.json").refresh(index, 5, () => Promise.resolve());
  const learnt = learntRelatedWeights(index, 5);
  const variants: [string, (p: string) => RelatedOptions][] = [
    ["learnt", () => ({ limit: 10, rrfK: 5, weights: { vector: 1, bm25: 1 }, ...(learnt ? { learnt } : {}) })],
    ["equal", () => ({ limit: 10, rrfK: 5, weights: { vector: 1, bm25: 1 }, learnt: { vector: 1, bm25: 1, body: 1 } })],
    ["section", (p) => ({ limit: 20, rrfK: 20, weights: { vector: 1, bm25: 1 }, learnt: { vector: 1, bm25: 1, body: 1 }, section: { line: (index.get(index.chunkIdsOf(p).at(-1) ?? "")?.chunk.startLine ?? 0) } })],
  ];
  let here = 0;
  for (const [name, opts] of variants) {
    for (const p of sources) {
      const a = JSON.stringify(findRelatedNotes(index, p, opts(p)));
      const b = JSON.stringify(oldFind(oldIndex, p, opts(p)));
      compared++;
      if (a !== b) {
        differing++;
        here++;
        if (here <= 3) process.stderr.write(`differs: ${key} ${name} ${p}\n  ours ${a.slice(0, 300)}\n  base ${b.slice(0, 300)}\n`);
      }
    }
  }
  console.log(`${key} (${model}): ${sources.length} sources × ${variants.length} option sets, learnt ${JSON.stringify(learnt)}, ${here} lists differ`);
}
console.log(`compared ${compared} lists against ${BASE}: ${differing} differ`);
