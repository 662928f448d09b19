/**
 * Whether two checkouts give the same keyword results on every key of bench:keystroke's queries: the modal's results
 * (paths, scores) and the keyword list under them (chunk ids and scores, as deep as the engine reads it), compared
 * bit for bit. Changes meant to make a key cheaper without changing what it finds are checked with it.
 *
 *   npx tsx bench/keystroke-same.ts --baseline DIR [--notes 3000] [--warm]
 *
 * `--warm`: this checkout's engine first runs the plugin's keystroke warm-up (search/keystroke-warmup.ts) on its index,
 * as the plugin does once the notes are in, so that the comparison also shows the warm-up changes no answer.
 */
import { parseArgs } from "./lib/args";
import { syntheticVault } from "./lib/ui-vault";
import { checkoutEngine, typedKeys } from "./lib/checkout-engine";
import { warmKeystrokeSteps, warmupQueries } from "../src/core/search/keystroke-warmup";
import { runAll } from "../src/core/shared/slices";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 3000);
const baseline = args.get("baseline");
if (!baseline) {
  console.error("--baseline DIR is required");
  process.exit(2);
}

async function engineOf(dir: string, files: Record<string, string>, warm = false) {
  const { index, engine, options, limit } = await checkoutEngine(dir, files);
  if (warm) {
    runAll(warmKeystrokeSteps((req) => engine.searchKeyword({ ...req, limit }), warmupQueries(index)));
    index.dropScratch();
  }
  return (query: string): string => {
    const prefixLast = !/\s$/.test(query);
    const modal = engine.searchKeyword({ query, limit, prefixLast }).results.map((r) => [r.path, r.score]);
    const list = index.keywordSearch(query, { limit: 240, prefixLast, maxEdits: options.typoTolerance, chunksPerNote: options.chunksPerNote });
    return JSON.stringify([modal, list]);
  };
}

const vault = syntheticVault(notes);
const { keys } = typedKeys(vault);
const [ours, theirs] = [await engineOf(".", vault.files), await engineOf(baseline, vault.files)];
const differ = keys.filter((k) => ours(k) !== theirs(k));
console.log(`${keys.length - differ.length} of ${keys.length} keys identical (${notes} notes${args.has("warm") ? ", this checkout warmed up first" : ""})${differ.length ? `; differ: ${differ.map((k) => JSON.stringify(k)).join(", ")}` : ""}`);
