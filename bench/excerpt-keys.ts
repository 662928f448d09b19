/**
 * The excerpts the search modal builds on every key, this tree against another checkout's, in one process: bench:ui's
 * vault (10,000 synthetic notes) and its ten queries typed key by key; for each key, this tree's keyword search gives
 * the results, and each side then builds the excerpt of every result's best chunk with the key's highlight, as the
 * modal's rows do (a fresh `ExcerptCache` per key, since the highlight changes with each key). The sides take turns key
 * by key, the first alternating. Process CPU milliseconds per key; the first round meets every text for the first
 * time, as a user's first typing does. Checks that both sides give the same excerpts.
 *
 *   npx tsx bench/excerpt-keys.ts --base DIR [--rounds 3] [--out FILE.json]
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "./lib/args";
import { checkoutEngine, typedKeys } from "./lib/checkout-engine";
import { percentile } from "./lib/metrics";
import { treeLoader } from "./lib/tree-modules";
import { syntheticVault } from "./lib/ui-vault";
import type { Excerpt, HighlightTerms } from "../src/core/search/excerpt";

const args = parseArgs(process.argv.slice(2));
const base = args.get("base");
const rounds = Number(args.get("rounds") ?? 3);
if (!base || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: npx tsx bench/excerpt-keys.ts --base DIR [--rounds 3] [--out FILE.json]");
  process.exit(2);
}
type Build = (text: string, q: HighlightTerms, chars: number) => Excerpt;
type Terms = (q: unknown, prefixLast: boolean) => HighlightTerms;
const sides: { label: string; build: Build }[] = [];
for (const [label, root] of [["this checkout", "."], [base, base]] as const) {
  const excerpt = await treeLoader(root)<{ buildExcerpt: Build }>("src/core/search/excerpt.ts");
  sides.push({ label, build: excerpt.buildExcerpt });
}
const { highlightTermsOf } = await treeLoader(".")<{ highlightTermsOf: Terms }>("src/core/search/excerpt.ts");

const vault = syntheticVault(10_000);
const { keys } = typedKeys(vault);
const { engine, limit } = await checkoutEngine(".", vault.files);
// What each key shows: its results' best chunks, highlighted as the modal highlights them (180 characters, its default).
const shown = keys.map((query) => {
  const prefixLast = !/\s$/.test(query);
  const response = engine.searchKeyword({ query, limit, prefixLast });
  return { texts: response.results.map((r) => r.best.text), highlight: highlightTermsOf(response.query, prefixLast) };
});
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const times = sides.map(() => ({ first: [] as number[], later: [] as number[] }));
let differ = 0;
const loadBefore = loadavg();
for (let r = 0; r < rounds; r++) {
  shown.forEach(({ texts, highlight }, i) => {
    const made: string[] = [];
    for (let s = 0; s < sides.length; s++) {
      const j = (s + i + r) % sides.length;
      const side = sides[j]!;
      const t0 = cpuMs();
      const excerpts = new Map<string, Excerpt>();
      for (const text of texts) if (!excerpts.has(text)) excerpts.set(text, side.build(text, highlight, 180));
      const ms = cpuMs() - t0;
      (r === 0 ? times[j]!.first : times[j]!.later).push(ms);
      made[j] = JSON.stringify(texts.map((t) => excerpts.get(t)));
    }
    if (made[0] !== made[1]) differ++;
  });
}
const r2 = (x: number): number => Math.round(x * 100) / 100;
const stats = (xs: number[]) => ({ n: xs.length, p50: r2(percentile(xs, 50)), p95: r2(percentile(xs, 95)), total: r2(xs.reduce((a, b) => a + b, 0)) });
const results = sides.map((s, j) => ({ side: s.label, firstRound: stats(times[j]!.first), laterRounds: stats(times[j]!.later) }));
const out = { date: new Date().toISOString(), keys: keys.length, rounds, limit, loadBefore, loadAfter: loadavg(), keysWithDifferentExcerpts: differ, results };
if (args.get("out")) writeFileSync(args.get("out")!, `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
