import MiniSearch, { type SearchOptions as MiniOptions } from "minisearch";
import { chunkNote } from "../../src/core/chunk/chunker";
import { ChunkIndex } from "../../src/core/index/chunk-index";
import { runAll } from "../../src/core/shared/slices";
import { SearchEngine } from "../../src/core/search/search-engine";
import { defaultSettings, searchOptionsOf } from "../../src/core/settings/plugin-settings";
import type { Corpus } from "./multilingual-corpus";

/** A search system under test, built over one corpus. */
export interface BenchSystem {
  name: string;
  /** Note paths, best first, at most `limit`. */
  search(q: string, limit: number): Promise<string[]>;
  /** Wall time to build the index from the notes' markdown (chunking included for ours), ms. */
  buildMs: number;
  /** Bytes of the keyword index as it would be saved. */
  indexBytes: number;
  /** How `indexBytes` was measured. */
  sizeRule: string;
}

/** Builds `n` times (the first run pays for JIT warm-up) and keeps the last index with the median wall time. */
function timedBuild<T>(n: number, build: () => T): { value: T; ms: number } {
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < Math.max(1, n); i++) {
    const t0 = performance.now();
    value = build();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { value: value as T, ms: times[Math.floor(times.length / 2)] ?? 0 };
}

/**
 * Our keyword mode through the real engine with a new user's settings (the plugin's defaults): each note chunked by
 * the project's chunker, added to a keyword-only ChunkIndex, searched by SearchEngine in mode "keyword".
 */
export function ours(c: Corpus, builds: number): BenchSystem[] {
  const settings = defaultSettings();
  const { value: index, ms: buildMs } = timedBuild(builds, () => {
    const built = new ChunkIndex(0);
    for (const n of c.notes) built.addNote(chunkNote(n.path, n.markdown, settings.chunk));
    return built;
  });
  const engine = new SearchEngine({ index });
  engine.setOptions(searchOptionsOf(settings));
  const ids = [...index.notePaths()].flatMap((p) => [...index.chunkIdsOf(p)]);
  const bytes = runAll(index.exportKeywordSteps(ids));
  const shared = { buildMs, indexBytes: bytes?.length ?? 0, sizeRule: "postings as saved (ChunkIndex.exportKeywordSteps)" };
  return [
    {
      name: "ours",
      ...shared,
      async search(q, limit) {
        const res = await engine.search({ query: q, mode: "keyword", limit });
        return res.results.map((r) => r.path);
      },
    },
    {
      // What the search modal paints while the cursor is still on the last word: its last word counts as a prefix.
      name: "ours-typing",
      ...shared,
      search(q, limit) {
        return Promise.resolve(engine.searchKeyword({ query: q, limit, prefixLast: true }).results.map((r) => r.path));
      },
    },
  ];
}

/**
 * MiniSearch over title (file name) and text (markdown without frontmatter), searched with `options`: the
 * defaults, or what Omnisearch uses. Both set-ups share one index, so they report the same build time and size.
 */
export function miniSearch(c: Corpus, setups: Record<string, MiniOptions>, builds: number): BenchSystem[] {
  const { value: ms, ms: buildMs } = timedBuild(builds, () => {
    const built = new MiniSearch<{ id: string; title: string; text: string }>({ fields: ["title", "text"] });
    built.addAll(c.notes.map((n) => ({ id: n.path, title: n.title, text: n.body })));
    return built;
  });
  const indexBytes = Buffer.byteLength(JSON.stringify(ms));
  return Object.entries(setups).map(([name, options]) => ({
    name,
    buildMs,
    indexBytes,
    sizeRule: "JSON.stringify(MiniSearch) (its own serialisation)",
    search(q: string, limit: number) {
      return Promise.resolve(ms.search(q, options).slice(0, limit).map((r) => String(r.id)));
    },
  }));
}

export const MINI_SETUPS: Record<string, MiniOptions> = {
  minisearch: {},
  "minisearch+fuzzy": { prefix: true, fuzzy: 0.2 },
};

/**
 * Every system of the comparison over one corpus, ours first (mode "keyword", then as the modal searches while the
 * user is still typing the last word); build times are the median of `builds` builds.
 */
export function buildSystems(c: Corpus, builds = 3): BenchSystem[] {
  return [...ours(c, builds), ...miniSearch(c, MINI_SETUPS, builds)];
}
