/**
 * The related list's first visits, this tree against another checkout, in one process: each side builds its own
 * index of bench:ui's vault (10,000 synthetic notes, 768-d fake vectors, int8), and then each note bench:ui switches
 * to is listed once by each side in turns (who goes first alternates), timed in CPU milliseconds. A first visit is
 * what bench:ui's view update pays: nothing of the note is cached yet. The weights are fixed (equal) so no keeper runs.
 * Before timing, each side lists the vault's first note once (its one-off work: settling shared texts, merging the
 * vocabulary). Checks that both sides give the same lists.
 *
 *   npx tsx bench/related-first-visits.ts --base /work/wt-base14 [--notes 10000] [--out FILE.json]
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { syntheticVault, uiDraws } from "./lib/ui-vault";

const args = parseArgs(process.argv.slice(2));
const baseDir = args.get("base");
if (!baseDir) throw new Error("--base DIR (a checkout with its node_modules) is required");
const count = Number(args.get("notes") ?? 10_000);
const vault = syntheticVault(count);
// The notes bench/ui.ts switches to: the same draws from the same seed.
const { switchTo } = uiDraws(vault);
const OPTS = { limit: 15, rrfK: 5, weights: { vector: 1, bm25: 1 }, learnt: { vector: 1, bm25: 1, body: 1 } };

type Find = (index: unknown, path: string, opts: unknown) => unknown;
async function side(root: string): Promise<(path: string) => unknown> {
  // eslint-disable-next-line no-unsanitized/method -- a checkout named on the command line, as --base in other benches
  const load = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(`${root}/${rel}`).href)) as T;
  const { chunkNote } = await load<{ chunkNote: (p: string, t: string) => { chunks: unknown[] } }>("src/core/chunk/chunker.ts");
  const { ChunkIndex } = await load<{ ChunkIndex: new (...a: unknown[]) => { addNote(n: unknown, v: unknown): void } }>("src/core/index/chunk-index.ts");
  const { embeddingInput } = await load<{ embeddingInput: (c: unknown) => string }>("src/core/index/embedding-input.ts");
  const { findRelatedNotes } = await load<{ findRelatedNotes: Find }>("src/core/search/related-notes.ts");
  const { fakeEmbedding } = await load<{ fakeEmbedding: (t: string, d: number) => number[] }>("test/fakes/fake-ollama-models.ts");
  const { DEFAULT_LEXICAL_OPTIONS } = await load<{ DEFAULT_LEXICAL_OPTIONS: unknown }>("src/core/keyword/lexical-options.ts");
  const { ENGLISH } = await load<{ ENGLISH: unknown }>("src/core/text/languages.ts");
  const index = new ChunkIndex(768, DEFAULT_LEXICAL_OPTIONS, ENGLISH, "int8");
  for (const path of vault.paths) {
    const note = chunkNote(path, vault.files[path] ?? "");
    index.addNote(note, note.chunks.map((c) => Float32Array.from(fakeEmbedding(embeddingInput(c), 768))));
  }
  findRelatedNotes(index, vault.paths[0] ?? "", OPTS);
  return (path) => findRelatedNotes(index, path, OPTS);
}

const cpu = (f: () => unknown): { ms: number; out: unknown } => {
  const t = process.cpuUsage();
  const out = f();
  const d = process.cpuUsage(t);
  return { ms: (d.user + d.system) / 1000, out };
};
const mine = await side(new URL("..", import.meta.url).pathname.replace(/\/$/, ""));
const base = await side(baseDir.replace(/\/$/, ""));
const times = { mine: [] as number[], base: [] as number[] };
let differing = 0;
const loadBefore = os.loadavg();
switchTo.forEach((p, i) => {
  const order = i % 2 === 0 ? (["mine", "base"] as const) : (["base", "mine"] as const);
  const outs: Record<string, unknown> = {};
  for (const who of order) {
    const r = cpu(() => (who === "mine" ? mine : base)(p));
    times[who].push(r.ms);
    outs[who] = r.out;
  }
  if (JSON.stringify(outs.mine) !== JSON.stringify(outs.base)) differing++;
});
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const report = Object.fromEntries(
  Object.entries(times).map(([k, xs]) => [k, { p50: percentile(xs, 50), p95: percentile(xs, 95), max: Math.max(...xs), sum: sum(xs), each: xs.map((x) => Math.round(x * 10) / 10) }]),
);
for (const [k, r] of Object.entries(report)) console.log(`${k.padEnd(5)} CPU ms p50 ${r.p50.toFixed(1)} p95 ${r.p95.toFixed(1)} max ${r.max.toFixed(1)} sum ${r.sum.toFixed(0)}`);
console.log(`lists differing: ${differing} of ${switchTo.length}; load ${loadBefore.map((x) => x.toFixed(1)).join(" ")} → ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
if (args.has("out")) writeFileSync(args.get("out")!, JSON.stringify({ notes: count, base: baseDir, loadBefore, loadAfter: os.loadavg(), differing, notesSwitched: switchTo, ...report }, null, 2));
