/**
 * One run of bench/keystroke-first.ts, in a process of its own: the engine of the checkout at DIR over bench:ui's
 * synthetic vault, that checkout's own keystroke warm-up (when it has one), a full collection, then bench:ui's keys
 * typed once each, timed on the wall clock. Prints one JSON line.
 *
 *   node --expose-gc --import tsx bench/lib/keystroke-first-run.ts DIR NOTES
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { checkoutEngine, typedKeys } from "./checkout-engine";
import { syntheticVault } from "./ui-vault";
import { runAll, type Steps } from "../../src/core/shared/slices";

const [dir = ".", notesArg = "10000"] = process.argv.slice(2);
const vault = syntheticVault(Number(notesArg));
const { keys } = typedKeys(vault);
const { engine, limit, index } = await checkoutEngine(dir, vault.files);

const warmFile = resolve(dir, "src/core/search/keystroke-warmup.ts");
let warmKeys = 0;
let warmMs = 0;
let warmLongestMs = 0;
// An older checkout may lack the keyword warm-up.
const keyword = index as unknown as { warmKeywordSteps?: (stop: () => boolean) => Steps<void> };
if (keyword.warmKeywordSteps) runAll(keyword.warmKeywordSteps(() => false));
if (existsSync(warmFile)) {
  // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
  const warm = (await import(warmFile)) as typeof import("../../src/core/search/keystroke-warmup");
  const t0 = performance.now();
  runAll(
    warm.warmKeystrokeSteps((req) => {
      const a = performance.now();
      engine.searchKeyword(req);
      warmLongestMs = Math.max(warmLongestMs, performance.now() - a);
      warmKeys++;
    }, warm.warmupQueries(index)),
  );
  warmMs = performance.now() - t0;
}
(globalThis as { gc?: () => void }).gc?.();
await new Promise((r) => setTimeout(r, 300));
const ms: number[] = [];
for (const key of keys) {
  const t = performance.now();
  engine.searchKeyword({ query: key, limit, prefixLast: !/\s$/.test(key) });
  ms.push(performance.now() - t);
}
console.log(JSON.stringify({ dir, keys, ms, warmKeys, warmMs, warmLongestMs }));
