/**
 * Whether two checkouts give the same keyword results on every key of bench:keystroke's queries: the modal's results
 * (paths, scores) and the keyword list under them (chunk ids and scores, as deep as the engine reads it), compared
 * bit for bit. Changes meant to make a key cheaper without changing what it finds are checked with it.
 *
 *   npx tsx bench/keystroke-same.ts --baseline DIR [--notes 3000]
 */
import { resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { seededRandom, syntheticVault } from "./lib/ui-vault";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 3000);
const baseline = args.get("baseline");
if (!baseline) {
  console.error("--baseline DIR is required");
  process.exit(2);
}

async function engineOf(dir: string, files: Record<string, string>) {
  // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
  const load = async <T>(path: string): Promise<T> => (await import(resolve(dir, "src", path))) as T;
  const { chunkNote } = await load<typeof import("../src/core/chunk/chunker")>("core/chunk/chunker.ts");
  const { ChunkIndex } = await load<typeof import("../src/core/index/chunk-index")>("core/index/chunk-index.ts");
  const { SearchEngine } = await load<typeof import("../src/core/search/search-engine")>("core/search/search-engine.ts");
  const { defaultSettings, searchOptionsOf } = await load<typeof import("../src/core/settings/plugin-settings")>("core/settings/plugin-settings.ts");
  const settings = defaultSettings();
  const index = new ChunkIndex(0);
  for (const [path, md] of Object.entries(files)) index.addNote(chunkNote(path, md, settings.chunk));
  const engine = new SearchEngine({ index });
  const options = searchOptionsOf(settings);
  engine.setOptions(options);
  const limit: number = settings.search.limit;
  return (query: string): string => {
    const prefixLast = !/\s$/.test(query);
    const modal = engine.searchKeyword({ query, limit, prefixLast }).results.map((r) => [r.path, r.score]);
    const list = index.keywordSearch(query, { limit: 240, prefixLast, maxEdits: options.typoTolerance, chunksPerNote: options.chunksPerNote });
    return JSON.stringify([modal, list]);
  };
}

const vault = syntheticVault(notes);
const rand = seededRandom(7);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const queries = Array.from({ length: 10 }, (_, i) => Array.from({ length: 2 + (i % 2) }, () => pick(vault.commonWords)).join(" "));
const keys = queries.flatMap((q) => [...q].map((_, i) => q.slice(0, i + 1)).filter((k) => k.trim() !== ""));
const [ours, theirs] = [await engineOf(".", vault.files), await engineOf(baseline, vault.files)];
const differ = keys.filter((k) => ours(k) !== theirs(k));
console.log(`${keys.length - differ.length} of ${keys.length} keys identical (${notes} notes)${differ.length ? `; differ: ${differ.map((k) => JSON.stringify(k)).join(", ")}` : ""}`);
