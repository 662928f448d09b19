/**
 * A keyword-only search engine built from any checkout's sources over bench:ui's synthetic vault, and the keys
 * bench:ui types. The keystroke benches (bench/keystroke*.ts) compare checkouts through it.
 */
import { resolve } from "node:path";
import { type SyntheticVault, uiDraws } from "./ui-vault";

/** What a checkout's engine offers the keystroke benches. */
export interface CheckoutEngine {
  index: import("../../src/core/index/chunk-index").ChunkIndex;
  engine: import("../../src/core/search/search-engine").SearchEngine;
  options: import("../../src/core/search/search-options").SearchOptions;
  /** The search modal's result limit in that checkout's default settings. */
  limit: number;
  /** Time taken to index the notes, ms. */
  indexMs: number;
}

/** Indexes `files` with the sources of the checkout at `dir` (its own chunker, index, engine and default settings). */
export async function checkoutEngine(dir: string, files: Record<string, string>): Promise<CheckoutEngine> {
  // Another checkout's modules, typed as this one's: the few calls made here have kept their shape across versions.
  const load = async <T>(path: string): Promise<T> =>
    // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
    (await import(resolve(dir, "src", path))) as T;
  const { chunkNote } = await load<typeof import("../../src/core/chunk/chunker")>("core/chunk/chunker.ts");
  const { ChunkIndex } = await load<typeof import("../../src/core/index/chunk-index")>("core/index/chunk-index.ts");
  const { SearchEngine } = await load<typeof import("../../src/core/search/search-engine")>("core/search/search-engine.ts");
  const { defaultSettings, searchOptionsOf } = await load<typeof import("../../src/core/settings/plugin-settings")>("core/settings/plugin-settings.ts");
  const settings = defaultSettings();
  const t0 = performance.now();
  const index = new ChunkIndex(0);
  for (const [path, md] of Object.entries(files)) index.addNote(chunkNote(path, md, settings.chunk));
  const indexMs = performance.now() - t0;
  const engine = new SearchEngine({ index });
  const options = searchOptionsOf(settings);
  engine.setOptions(options);
  return { index, engine, options, limit: settings.search.limit, indexMs };
}

/** bench:ui's ten queries (drawn the same way from the same seed) and their keys: every prefix but blank ones. */
export function typedKeys(vault: SyntheticVault): { queries: string[]; keys: string[] } {
  const { queries } = uiDraws(vault, 0);
  return { queries, keys: queries.flatMap((q) => [...q].map((_, i) => q.slice(0, i + 1)).filter((k) => k.trim() !== "")) };
}
