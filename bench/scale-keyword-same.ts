/**
 * Whether two checkouts give the same keyword lists on a kept index (50k: /tmp/hvs-bench-sync-z5PAE5) for
 * search-scale.ts's queries: each query's list (chunk ids, scores, chunk scores, compared bit for bit) at several
 * depths, capped per note or not, with and without the last word completed, at each typo tolerance. Changes meant to
 * make a search cheaper without changing what it finds are checked with it.
 *
 *   npx tsx bench/scale-keyword-same.ts --vault DIR --baseline DIR [--root DIR] [--dims 768] [--queries 50]
 *
 * Each checkout loads the index in turn; the index folder is copied aside and put back at exit (see kept-index.ts).
 */
import { resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { openKeptIndex } from "./lib/kept-index";
import { scaleQueries } from "./lib/scale-queries";

const args = parseArgs(process.argv.slice(2));
const vault = args.get("vault");
const baseline = args.get("baseline");
if (!vault || !baseline) {
  console.error("usage: npx tsx bench/scale-keyword-same.ts --vault DIR --baseline DIR [--root DIR] [--dims 768] [--queries 50]");
  process.exit(2);
}
const dims = Number(args.get("dims") ?? 768);
const perKind = Number(args.get("queries") ?? 50);

/** Read settings: the modal's (240 chunks, 3 per note), a related-notes-like one, and uncapped deep reads. */
const READS = [
  { limit: 240, chunksPerNote: 3 },
  { limit: 20, chunksPerNote: 1 },
  { limit: 100 },
  { limit: 1000 },
];

async function listsOf(root: string): Promise<{ keys: string[]; lists: string[] }> {
  const { service, embedder } = await openKeptIndex(resolve(root), vault ?? "", dims, "keyword-same");
  await service.start();
  await service.whenIdle();
  const index = service.index;
  const { queries } = await scaleQueries(index, perKind, embedder);
  const keys: string[] = [];
  const lists: string[] = [];
  for (const q of [...new Set(queries.map((x) => x.text))]) {
    for (const read of READS) {
      for (const prefixLast of [false, true]) {
        for (const maxEdits of [0, 1, 2]) {
          const hits = index.keywordSearch(q, { ...read, prefixLast, maxEdits });
          keys.push(JSON.stringify([q, read, prefixLast, maxEdits]));
          lists.push(JSON.stringify(hits.map((h) => [h.id, h.score, h.chunkScore])));
        }
      }
    }
  }
  await service.stop();
  return { keys, lists };
}

const mine = await listsOf(args.get("root") ?? ".");
const base = await listsOf(baseline);
let differ = 0;
for (let i = 0; i < Math.max(mine.lists.length, base.lists.length); i++) {
  if (mine.keys[i] === base.keys[i] && mine.lists[i] === base.lists[i]) continue;
  differ++;
  if (differ <= 5) console.log("differs:", mine.keys[i] ?? base.keys[i]);
}
console.log(`${mine.lists.length - differ} of ${mine.lists.length} lists identical (${base.lists.length} in the baseline)`);
process.exit(differ === 0 && mine.lists.length === base.lists.length ? 0 : 1);
