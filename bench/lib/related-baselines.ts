import MiniSearch from "minisearch";
import type { ChunkIndex } from "../../src/core/index/chunk-index";
import { scanNearestNotes } from "../../src/core/search/vector-scan";
import type { ChunkedNote } from "../../src/core/types";
import { seededRandom } from "./ui-vault";

/** A related-notes method: the `limit` notes it lists for `path`, best first. */
export type RelatedMethod = (path: string, limit: number) => string[];

/** Mean of a note's chunk vectors, scored by cosine against every other note's mean (Smart Connections' way). */
export function meanVectorMethod(index: ChunkIndex): RelatedMethod {
  const paths = [...index.notePaths()];
  const dims = index.dims;
  const means = new Float32Array(paths.length * dims);
  const has = new Uint8Array(paths.length);
  const at = new Map<string, number>();
  paths.forEach((p, i) => {
    at.set(p, i);
    let n = 0;
    for (const id of index.chunkIdsOf(p)) {
      const v = index.get(id)?.vector;
      if (!v) continue;
      let norm = 0;
      for (let d = 0; d < dims; d++) norm += (v[d] ?? 0) ** 2;
      norm = Math.sqrt(norm) || 1;
      for (let d = 0; d < dims; d++) means[i * dims + d]! += (v[d] ?? 0) / norm;
      n++;
    }
    if (n === 0) return;
    has[i] = 1;
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += means[i * dims + d]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dims; d++) means[i * dims + d]! /= norm;
  });
  return (path, limit) => {
    const q = at.get(path);
    if (q === undefined || !has[q]) return [];
    const scored: { p: string; s: number }[] = [];
    for (let i = 0; i < paths.length; i++) {
      if (i === q || !has[i]) continue;
      let s = 0;
      for (let d = 0; d < dims; d++) s += means[q * dims + d]! * means[i * dims + d]!;
      scored.push({ p: paths[i]!, s });
    }
    return topK(scored, limit);
  };
}

/** Notes by their closest chunk pair with the source: every chunk of the source is a probe of one exact scan. */
export function bestPairMethod(index: ChunkIndex): RelatedMethod {
  return (path, limit) => {
    const probes = index.chunkIdsOf(path).flatMap((id) => {
      const v = index.get(id)?.vector;
      return v ? [Float32Array.from(v)] : [];
    });
    return scanNearestNotes(index, probes, new Set([path]), limit).map((n) => n.path);
  };
}

/** BM25 "more like this" with MiniSearch over whole notes: the source's top `terms` tf-idf terms as an OR query. */
export function moreLikeThisMethod(notes: readonly ChunkedNote[], terms = 25): RelatedMethod {
  const ms = new MiniSearch<{ id: string; title: string; text: string }>({ fields: ["title", "text"] });
  const tokenize = (s: string) => (MiniSearch.getDefault("tokenize") as (t: string) => string[])(s).map((t) => t.toLowerCase()).filter((t) => t.length > 1);
  const docs = notes.map((n) => ({ id: n.path, title: n.meta.title, text: n.chunks.map((c) => c.text).join("\n\n") }));
  ms.addAll(docs);
  const df = new Map<string, number>();
  const tokens = new Map<string, string[]>();
  for (const d of docs) {
    const toks = tokenize(`${d.title} ${d.text}`);
    tokens.set(d.id, toks);
    for (const t of new Set(toks)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = docs.length;
  return (path, limit) => {
    const tf = new Map<string, number>();
    for (const t of tokens.get(path) ?? []) tf.set(t, (tf.get(t) ?? 0) + 1);
    const picked = [...tf]
      .map(([t, f]) => ({ t, w: f * Math.log(n / (df.get(t) ?? 1)) }))
      .sort((a, b) => b.w - a.w || (a.t < b.t ? -1 : 1))
      .slice(0, terms)
      .map((x) => x.t);
    if (picked.length === 0) return [];
    return ms
      .search(picked.join(" "))
      .map((r) => String(r.id))
      .filter((id) => id !== path)
      .slice(0, limit);
  };
}

/** Plain RRF of two methods' lists, each read `depth` deep. */
export function rrfMethod(a: RelatedMethod, b: RelatedMethod, k = 5, depth = 50): RelatedMethod {
  return (path, limit) => {
    const score = new Map<string, number>();
    for (const list of [a(path, depth), b(path, depth)]) list.forEach((p, i) => score.set(p, (score.get(p) ?? 0) + 1 / (k + i + 1)));
    return topK([...score].map(([p, s]) => ({ p, s })), limit);
  };
}

/** Random notes, seeded per source: the floor. */
export function randomMethod(paths: readonly string[], seed: number): RelatedMethod {
  return (path, limit) => {
    let h = seed;
    for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 16777619);
    const rnd = seededRandom(h >>> 0);
    const out = new Set<string>();
    while (out.size < Math.min(limit, paths.length - 1)) {
      const p = paths[Math.floor(rnd() * paths.length)]!;
      if (p !== path) out.add(p);
    }
    return [...out];
  };
}

function topK(scored: { p: string; s: number }[], k: number): string[] {
  return scored
    .sort((a, b) => b.s - a.s || (a.p < b.p ? -1 : 1))
    .slice(0, k)
    .map((x) => x.p);
}
