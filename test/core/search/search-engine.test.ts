import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { embeddingInput } from "../../../src/core/index/embedding-input";
import type { Embedder } from "../../../src/core/ollama/embedder";
import { appError, err, ok, type Result } from "../../../src/core/result";
import { SearchEngine } from "../../../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS } from "../../../src/core/search/search-options";

/** Topic vectors: each note is about one axis, so "semantic" similarity is known exactly. */
const TOPICS = ["cooking", "database", "travel", "music"] as const;
function topicVector(text: string): Float32Array {
  const v = new Float32Array(TOPICS.length);
  const lower = text.toLowerCase();
  const cues: Record<(typeof TOPICS)[number], string[]> = {
    cooking: ["recipe", "bake", "dough", "oven", "pasta", "kitchen", "food"],
    database: ["postgres", "backup", "query", "index", "sql", "replica"],
    travel: ["flight", "hotel", "trip", "train", "itinerary"],
    music: ["guitar", "chord", "melody", "song", "piano"],
  };
  TOPICS.forEach((t, i) => {
    v[i] = cues[t].filter((c) => lower.includes(c)).length + 0.01;
  });
  return v;
}

class TopicEmbedder implements Embedder {
  readonly model = "topic";
  calls = 0;
  failing: Result<never> | undefined;
  dimensions(): number {
    return TOPICS.length;
  }
  embedQuery(text: string): Promise<Result<Float32Array>> {
    this.calls++;
    return Promise.resolve(this.failing ?? ok(topicVector(text)));
  }
  embedDocuments(texts: readonly string[]): Promise<Result<Float32Array[]>> {
    this.calls++;
    return Promise.resolve(this.failing ?? ok(texts.map(topicVector)));
  }
}

const NOTES: Record<string, string> = {
  "Kitchen/Sourdough.md": "---\ntags: [food]\n---\n# Sourdough\n\nFeed the starter, shape the dough and bake in a hot oven.\n",
  "Kitchen/Pasta.md": "# Pasta night\n\nA quick recipe for fresh pasta made in the kitchen.\n",
  "Ops/Postgres backups.md": "# Postgres backups\n\nRun pg_basebackup nightly; check the replica and restore a query test.\n\n## Restore\n\nRestore from the backup into a scratch database.\n",
  "Ops/Zanzibar.md": "# Zanzibar\n\nThe authorization system notes: relation tuples and checks.\n",
  "Trips/Lisbon.md": "# Lisbon trip\n\nFlight on Monday, hotel near the river, train to Sintra.\n",
  "Music/Chords.md": "# Guitar chords\n\nPractice the melody and the chord changes of the song. #draft\n",
};

function buildEngine(embedder?: TopicEmbedder): { engine: SearchEngine; index: ChunkIndex } {
  const index = new ChunkIndex(TOPICS.length);
  for (const [path, md] of Object.entries(NOTES)) {
    const note = chunkNote(path, md);
    index.addNote(note, note.chunks.map((c) => topicVector(embeddingInput(c))));
  }
  const engine = new SearchEngine({ index, embedder });
  engine.setOptions({ ...DEFAULT_SEARCH_OPTIONS, autoWeights: false });
  return { engine, index };
}

describe("SearchEngine", () => {
  it("finds an exact name by keyword even when it means nothing to the embedder", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    const res = await engine.search({ query: "Zanzibar" });
    expect(res.results[0]?.path).toBe("Ops/Zanzibar.md");
    expect(res.results[0]?.explain.ranks.bm25).toBe(1);
  });

  it("finds a note by meaning when no word matches", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    const res = await engine.search({ query: "how do I make bread in the oven", mode: "semantic" });
    expect(res.results.slice(0, 2).map((r) => r.path)).toContain("Kitchen/Sourdough.md");
    expect(res.results[0]?.explain.ranks.bm25).toBeUndefined();
  });

  it("fuses at note level and explains ranks and score", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    const res = await engine.search({ query: "postgres backup restore" });
    const top = res.results[0];
    expect(top?.path).toBe("Ops/Postgres backups.md");
    expect(top?.explain.ranks).toMatchObject({ bm25: 1, vector: 1 });
    expect(top?.explain.fused).toBeCloseTo(1 / 6 + 1 / 6, 10);
    expect(new Set(res.results.map((r) => r.path)).size).toBe(res.results.length);
    expect(top?.chunks.length).toBeGreaterThan(0);
    expect(top?.best.startLine).toBeGreaterThanOrEqual(0);
  });

  it("puts an exact name first for a keyword-like query even when the vector list prefers another note", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    // "kitchen" is in Pasta's text and is a cooking cue, so the vector list ranks every cooking note near the top.
    const res = await engine.search({ query: "Sourdough" });
    expect(res.results[0]?.path).toBe("Kitchen/Sourdough.md");
    expect(res.lists.bm25).toBe(2);
    const long = await engine.search({ query: "how to bake sourdough bread at home" });
    expect(long.lists.bm25).toBe(1);
  });

  it("falls back to keywords when the embedder fails, and says so", async () => {
    const embedder = new TopicEmbedder();
    embedder.failing = err(appError("OLLAMA_UNREACHABLE", "Can't reach Ollama at http://127.0.0.1:1. Is it running?"));
    const { engine } = buildEngine(embedder);
    const res = await engine.search({ query: "sourdough" });
    expect(res.effectiveMode).toBe("keyword");
    expect(res.mode).toBe("hybrid");
    expect(res.results[0]?.path).toBe("Kitchen/Sourdough.md");
    expect(res.notices[0]?.code).toBe("KEYWORD_FALLBACK");
    expect(res.notices[0]?.message).toContain("Can't reach Ollama");
  });

  it("works without an embedder at all", async () => {
    const { engine } = buildEngine();
    const res = await engine.search({ query: "lisbon" });
    expect(res.results.map((r) => r.path)).toEqual(["Trips/Lisbon.md"]);
    expect(res.effectiveMode).toBe("keyword");
  });

  it("keyword mode never calls the embedder", async () => {
    const embedder = new TopicEmbedder();
    const { engine } = buildEngine(embedder);
    await engine.search({ query: "pasta", mode: "keyword" });
    engine.searchKeyword({ query: "pasta" });
    expect(embedder.calls).toBe(0);
  });

  it("applies path:, tag:, phrases and exclusions to every list", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    const inKitchen = await engine.search({ query: "recipe path:Kitchen" });
    expect(inKitchen.results.every((r) => r.path.startsWith("Kitchen/"))).toBe(true);
    expect(inKitchen.results.length).toBeGreaterThan(0);
    const tagged = await engine.search({ query: "bake tag:#food" });
    expect(tagged.results.map((r) => r.path)).toEqual(["Kitchen/Sourdough.md"]);
    const phrase = await engine.search({ query: '"hot oven"' });
    expect(phrase.results.map((r) => r.path)).toEqual(["Kitchen/Sourdough.md"]);
    const excluded = await engine.search({ query: "song melody -draft" });
    expect(excluded.results.map((r) => r.path)).not.toContain("Music/Chords.md");
  });

  it("lists notes matching filters when only filters are typed", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    const res = await engine.search({ query: "path:Kitchen" });
    expect(res.results.map((r) => r.path)).toEqual(["Kitchen/Pasta.md", "Kitchen/Sourdough.md"]);
  });

  it("honours a zero weight instead of ignoring it", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    engine.setOptions({ ...DEFAULT_SEARCH_OPTIONS, autoWeights: false, weights: { bm25: 1, vector: 0, hyde: 0 } });
    const res = await engine.search({ query: "how do I make bread in the oven" });
    expect(res.results.every((r) => r.explain.ranks.vector === undefined)).toBe(true);
  });

  it("adds a HyDE list from a given passage vector without replacing the query lists", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    const res = await engine.search({ query: "weekend plans abroad please", hydeVector: topicVector("flight hotel trip") });
    expect(res.lists).toMatchObject({ bm25: 1, vector: 1, hyde: 0.5 });
    expect(res.results.find((r) => r.path === "Trips/Lisbon.md")?.explain.ranks.hyde).toBe(1);
  });

  it("drops results under the minimum score and respects the limit", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    engine.setOptions({ ...DEFAULT_SEARCH_OPTIONS, autoWeights: false, minScore: 0.9 });
    expect(DEFAULT_SEARCH_OPTIONS.rrfK).toBe(5);
    const strict = await engine.search({ query: "postgres backup restore" });
    expect(strict.results.map((r) => r.path)).toEqual(["Ops/Postgres backups.md"]);
    const limited = await engine.search({ query: "the", limit: 2, mode: "semantic" });
    expect(limited.results.length).toBeLessThanOrEqual(2);
  });

  it("reports an aborted search instead of throwing", async () => {
    const { engine } = buildEngine(new TopicEmbedder());
    const ctrl = new AbortController();
    ctrl.abort();
    const res = await engine.search({ query: "pasta recipe", signal: ctrl.signal });
    expect(res.aborted).toBe(true);
  });
});
