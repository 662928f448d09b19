import { OllamaClient } from "../../src/core/ollama/ollama-client";
import { OllamaEmbedder } from "../../src/core/ollama/embedder";
import { buildCorpus, type BuiltCorpus } from "./bench-corpus";
import type { BeirDataset } from "./beir";
import { DiskEmbeddingCache } from "./disk-embedding-cache";

/** A BEIR dataset with its documents and queries embedded by one model. */
export interface EmbeddedDataset {
  corpus: BuiltCorpus;
  /** The embedder, for embedding more (HyDE passages, calibration queries) through the same cache. */
  embedder: OllamaEmbedder;
  /** Writes what was embedded since the last call to the cache file. */
  flush: () => void;
  /** The ids of the queries that have judgements, in the dataset's order. */
  qids: string[];
  /** The vector of each of those queries. */
  queryVecs: Map<string, Float32Array>;
}

/**
 * Embeds `ds` with `model` on the Ollama at `url`, through a disk cache under `.cache/embeddings/` (one file per model),
 * so a second run sends nothing to the server.
 */
export async function embedDataset(ds: BeirDataset, url: string, model: string): Promise<EmbeddedDataset> {
  const cache = new DiskEmbeddingCache(`.cache/embeddings/${model.replace(/[^\w.-]/g, "_")}.bin`);
  const embedder = new OllamaEmbedder(new OllamaClient({ baseUrl: url, timeoutMs: 300_000 }), { model, cache, batchSize: 32 });
  const corpus = await buildCorpus(ds, embedder);
  cache.flush();
  const qids = [...ds.qrels.keys()];
  const queryVecs = new Map<string, Float32Array>();
  for (const id of qids) {
    const v = await embedder.embedQuery(ds.queries.get(id) ?? "");
    if (!v.ok) throw new Error(v.error.message);
    queryVecs.set(id, v.value);
  }
  cache.flush();
  return { corpus, embedder, flush: () => cache.flush(), qids, queryVecs };
}
