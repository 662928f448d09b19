/**
 * Whether two checkouts give the same keyword results on every key of bench:keystroke's queries: the modal's results
 * (paths, scores) and the keyword list under them (chunk ids and scores, as deep as the engine reads it), compared
 * bit for bit. Changes meant to make a key cheaper without changing what it finds are checked with it.
 *
 *   npx tsx bench/keystroke-same.ts --baseline DIR [--notes 3000]
 */
import { parseArgs } from "./lib/args";
import { syntheticVault } from "./lib/ui-vault";
import { checkoutEngine, typedKeys } from "./lib/checkout-engine";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 3000);
const baseline = args.get("baseline");
if (!baseline) {
  console.error("--baseline DIR is required");
  process.exit(2);
}

async function engineOf(dir: string, files: Record<string, string>) {
  const { index, engine, options, limit } = await checkoutEngine(dir, files);
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
console.log(`${keys.length - differ.length} of ${keys.length} keys identical (${notes} notes)${differ.length ? `; differ: ${differ.map((k) => JSON.stringify(k)).join(", ")}` : ""}`);
