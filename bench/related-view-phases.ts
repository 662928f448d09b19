/**
 * Where the related view's compute goes on bench:ui's own vault (the synthetic 10,000 notes, the fake model's 768
 * hash vectors, int8 as the plugin keeps them), in Node: the notes bench:ui switches to, each list timed apart, and
 * the whole `findRelatedNotes`. Also a long note (the vault's notes joined) for the distinctive-words cost. Scratch tool.
 *
 *   npx tsx bench/related-view-phases.ts [--notes 10000] [--rounds 3] [--profile FILE.cpuprofile] [--no-long] [--out FILE.json] [--cpu] [--long-only]
 *                                      [--base COMMIT]
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { Session } from "node:inspector/promises";
import { chunkNote } from "../src/core/chunk/chunker";
import { ChunkIndex } from "../src/core/index/chunk-index";
import { embeddingInput } from "../src/core/index/embedding-input";
import type { FileStore } from "../src/core/persist/file-store";
import { ok } from "../src/core/result";
import { bodyList, titleList, vectorList } from "../src/core/search/related-lists";
import { findRelatedNotes } from "../src/core/search/related-notes";
import { bestPair, sourceVectors, SHARED_TEXT_NOTES } from "../src/core/search/related-pairing";
import { RelatedWeightsKeeper } from "../src/core/search/related-weights";
import { fakeEmbedding } from "../test/fakes/fake-ollama-models";
import { parseArgs } from "./lib/args";
import { commitSources } from "./lib/commit-sources";
import { percentile } from "./lib/metrics";
import { phaseTimer } from "./lib/phase-timer";
import { syntheticVault, uiDraws } from "./lib/ui-vault";

const args = parseArgs(process.argv.slice(2));
const count = Number(args.get("notes") ?? 10_000);
const rounds = Number(args.get("rounds") ?? 3);
const vault = syntheticVault(count);
// Notes the index never holds, in the same words (the vocabulary comes first from the seed): a long note's text.
const extra = syntheticVault(count + 300);
const index = new ChunkIndex(768, undefined, undefined, "int8");
for (const path of vault.paths) {
  const note = chunkNote(path, vault.files[path] ?? "");
  index.addNote(note, note.chunks.map((c) => Float32Array.from(fakeEmbedding(embeddingInput(c), 768))));
}
// A long note, as the vaults bench:related reads hold (a 300-chunk plugin list): 300 notes' bodies in one.
const longPath = "Long/All in one.md";
const longText = extra.paths.slice(count).map((p) => (extra.files[p] ?? "").replace(/^---[\s\S]*?---\n/, "").replace(/^# /m, "## ")).join("\n");
const longNote = chunkNote(longPath, `# All in one\n\n${longText}`);
index.addNote(longNote, longNote.chunks.map((c) => Float32Array.from(fakeEmbedding(embeddingInput(c), 768))));
const none: Pick<FileStore, "read" | "write"> = { read: () => Promise.resolve(ok(null)), write: () => Promise.resolve(ok(undefined)) };
await new RelatedWeightsKeeper(none as FileStore, "w.json").refresh(index, 5, () => Promise.resolve());
process.stderr.write(`index: ${index.size} chunks, long note ${longNote.chunks.length} chunks\n`);

// The notes bench/ui.ts switches to: the same draws from the same seed.
const { switchTo } = uiDraws(vault);
const OPTS = { limit: 15, rrfK: 5, weights: { vector: 1, bm25: 1 } };
// `--base COMMIT`: that commit's findRelatedNotes (its src unpacked under .cache/, as bench:related does) is timed in
// turns with this tree's, on the same index.
type Find = (index: unknown, path: string, opts: unknown) => unknown;
const base = args.get("base");
let baseFind: Find | undefined;
if (base) {
  const dir = commitSources(base);
  // eslint-disable-next-line no-unsanitized/method -- a fixed path under .cache/, written by this script
  baseFind = ((await import(new URL(`../${dir}/src/core/search/related-notes.ts`, import.meta.url).href)) as { findRelatedNotes: Find }).findRelatedNotes;
}
// `--cpu`: CPU milliseconds instead of wall time (see phase-timer.ts).
const { phases, time } = phaseTimer(args.has("cpu"));
findRelatedNotes(index, switchTo[0]!, OPTS);
// With --base: how many of the lists came out different from the base's, compared whole.
let compared = 0;
let differing = 0;
const same = (a: unknown, b: unknown): void => {
  compared++;
  if (JSON.stringify(a) !== JSON.stringify(b)) differing++;
};
const session = args.has("profile") ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
for (let round = 0; round < rounds; round++) {
  for (const s of args.has("long-only") ? [] : switchTo) {
    const ids = index.chunkIdsOf(s);
    const skip = new Set([s]);
    const src = time("sourceVectors", () => sourceVectors(index, ids));
    const pairs = new Map<string, unknown>();
    time("vectorList (scan+pairs)", () => vectorList(index, src, skip, 60, 1, (p) => { if (!pairs.has(p)) pairs.set(p, bestPair(index, src, p)); return pairs.get(p) as never; }));
    time("titleList", () => titleList(index, ids, skip, 60));
    const own = ids.filter((id) => index.textShare.notesSharing(id) <= SHARED_TEXT_NOTES);
    time("distinctiveWords", () => index.distinctiveWords(own, 25, undefined, 0.01));
    time("bodyList", () => bodyList(index, own, skip, 60));
    time("findRelatedNotes", () => findRelatedNotes(index, s, OPTS));
    if (baseFind) same(findRelatedNotes(index, s, OPTS), time(`findRelatedNotes (${base})`, () => baseFind(index, s, OPTS)));
  }
  if (args.has("no-long")) continue;
  const longIds = index.chunkIdsOf(longPath);
  time("long: distinctiveWords", () => index.distinctiveWords(longIds, 25, undefined, 0.01));
  time("long: findRelatedNotes", () => findRelatedNotes(index, longPath, OPTS));
  if (baseFind) same(findRelatedNotes(index, longPath, OPTS), time(`long: findRelatedNotes (${base})`, () => baseFind(index, longPath, OPTS)));
}
if (session) writeFileSync(args.get("profile")!, JSON.stringify((await session.post("Profiler.stop")).profile));
const report: Record<string, { p50: number; p95: number; mean: number }> = {};
for (const [k, ts] of Object.entries(phases)) {
  report[k] = { p50: percentile(ts, 50), p95: percentile(ts, 95), mean: ts.reduce((a, b) => a + b, 0) / ts.length };
  console.log(`${k.padEnd(26)} p50 ${report[k].p50.toFixed(2).padStart(7)}  p95 ${report[k].p95.toFixed(2).padStart(7)}  mean ${report[k].mean.toFixed(2).padStart(7)}`);
}
console.log(`load ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
if (baseFind) console.log(`lists compared with ${base}: ${compared}, differing ${differing}`);
if (args.has("out")) writeFileSync(args.get("out")!, JSON.stringify({ notes: count, rounds, loadavg: os.loadavg(), phases: report }, null, 2));
const f = phases.findRelatedNotes ?? [];
const n = switchTo.length;
const slow = f.map((t, i) => [t, i] as const).sort((a, b) => b[0] - a[0]).slice(0, 8);
for (const [t, i] of slow) {
  const at = (k: string) => phases[k]![i]!.toFixed(1);
  console.log(`slow: ${t.toFixed(1)} ms ${switchTo[i % n]} chunks ${index.chunkIdsOf(switchTo[i % n]!).length} vec ${at("vectorList (scan+pairs)")} title ${at("titleList")} body ${at("bodyList")}`);
}
