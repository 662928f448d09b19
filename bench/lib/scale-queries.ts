import type { ChunkIndex } from "../../src/core/index/chunk-index";
import type { HashEmbedder } from "./sync-embedder";

/** The four kinds of query of search-scale.ts and search-phases.ts. */
export type ScaleKind = "title" | "words" | "question" | "typo";

/**
 * Up to `perKind` queries of each kind drawn from `index` (notes at an even stride in path order, each the middle
 * chunk's words: its first heading, two words, twelve words, and a long word with two letters swapped), with each
 * query's vector by text.
 */
export async function scaleQueries(
  index: ChunkIndex,
  perKind: number,
  embedder: HashEmbedder,
): Promise<{ queries: { kind: ScaleKind; text: string }[]; vectors: Map<string, Float32Array> }> {
  const queries: { kind: ScaleKind; text: string }[] = [];
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
  return { queries, vectors };
}
