/**
 * Loads an index saved by `bench:sync --keep` (a vault copy with its index folder), reports the heap right after the
 * load, then edits one note and saves with the stall probe on: the first save after a load is the one that meets
 * keyword lists the load left encoded (issue 17). Runs against any tree with the same sources layout, so that a base
 * commit can be measured on the same saved index.
 *
 *   node --expose-gc --import tsx bench/load-probe.ts --vault DIR [--dims 768] [--min-chunks 64] [--heap-snapshot FILE]
 *     [--stall-profile] [--no-edit] [--dump FILE] [--load-profile FILE] [--alloc-profile FILE]
 *
 * The run works on DIR in place and puts it back at the end (the index folder from a copy, the edited note's text and
 * modification time), so every run, on any tree, starts from the same files: a copy of the vault would give every note
 * new file times, and the first save would then rewrite every note's record.
 * `--dump FILE`: after the edit and its save, keyword answers (modal results and the chunk list) to queries made of
 * notes' words, then the same from a second service that loads what that save wrote: compare the files of two trees.
 * `loadMs`/`loadCpuMs` end when the service is idle: the notes were listed and stat'ed against the index (reconcile)
 * and the int8 norms taken. `searchableMs`/`searchableCpuMs` end earlier, when the index is in place and answers
 * (the first progress past "loading", the point load-same.ts answers at): what a user waits for before a search.
 * `--tree ROOT`: the index service of another checkout (its `src/`), for a base commit without this measure.
 * `--load-profile FILE`: V8's CPU profile of the load alone (start to idle), for Chrome DevTools or a script; the
 * process-wide `node --cpu-prof` also takes in the probe's copying and the final save at stop.
 * `--alloc-profile FILE`: V8's sampled allocations over the same span, freed objects included (a `.heapprofile`).
 * `--min-chunks`: the edited note is the first (in path order) with at least this many chunks, so that its segment
 * carries keyword postings (smaller segments are analysed at load); 1 edits a note of any size.
 * `--saves N`: after that edit, N more one-note edits, each saved on its own (an afternoon of writing): each save's
 * time, CPU and bytes, the segments the manifest lists, and the stalls. Small segments are merged once there are 8 of them
 * (compaction-policy.ts), so N ≥ 8 includes a compaction.
 * `--bulk N`: then N notes edited at once (a find-and-replace, or a sync tool bringing a day's changes) and indexed,
 * then one save; with enough notes the save also compacts the segments whose rows died (25 % of all rows, or half of
 * a segment's). Its indexing and save figures, segment files before and after, and the stalls by phase.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { writeHeapSnapshot } from "node:v8";
import { SearchEngine } from "../src/core/search/search-engine";
import type { IndexService } from "../src/core/sync/control/index-service";
import { parseArgs } from "./lib/args";
import { treeService } from "./lib/tree-modules";
import { CountingStore } from "./lib/counting-store";
import type { FileStore } from "../src/core/persist/file-store";
import { segmentCounts, touchNotes } from "./lib/probe-edits";
import { HashEmbedder } from "./lib/sync-embedder";
import { collectGarbage, loadSettled } from "./lib/sync-measure";
import { StallProbe } from "./lib/sync-stall";
import { startAllocationProfile, startCpuProfile, startStallProfile } from "./lib/stall-profile";

const args = parseArgs(process.argv.slice(2));
const kept = args.get("vault");
if (!kept) {
  console.error("usage: node --expose-gc --import tsx bench/load-probe.ts --vault DIR [--dims 768] [--min-chunks 64] [--heap-snapshot FILE] [--stall-profile] [--no-edit]");
  process.exit(2);
}
const vault = kept;
const { FolderNoteSource, NodeFileStore, IndexService: Service, resolveIndexSettings } = await treeService(args.get("tree") ?? join(import.meta.dirname, ".."));
const dataDir = `${vault}/.obsidian/plugins/hybrid-vault-search`;
const aside = mkdtempSync(join(tmpdir(), "hvs-load-probe-"));
cpSync(dataDir, aside, { recursive: true });
const undo: (() => void)[] = [];
const putBack = (): void => {
  for (const back of undo.splice(0)) back();
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(aside, dataDir, { recursive: true });
  rmSync(aside, { recursive: true, force: true });
};
process.on("exit", putBack);
const dims = Number(args.get("dims") ?? 768);
const minChunks = Number(args.get("min-chunks") ?? 64);
const settings = resolveIndexSettings({});
const cpuMs = (start: ReturnType<typeof process.cpuUsage>): number => {
  const d = process.cpuUsage(start);
  return Math.round((d.user + d.system) / 100) / 10;
};

collectGarbage();
const before = process.memoryUsage();
const counting = new CountingStore(new NodeFileStore());
const makeService = (store: FileStore = new NodeFileStore()): IndexService => new Service({
  source: new FolderNoteSource(vault),
  store,
  dataDir,
  settings: { ...settings, idleSaveMs: 600_000 },
  embedder: new HashEmbedder(dims),
  notify: (m) => console.error(`[notice] ${m}`),
});
const service = makeService(counting);
let phase = "loading";
// Stalls are booked by the service's phase, under the step of the probe: "load-…", then "edit-…" (its save included).
let step = "load";
service.onProgress((p) => (phase = p.phase === "idle" ? phase : `${step}-${p.phase}`));
const probe = new StallProbe(() => phase, 5, 20);
const profiler = args.has("stall-profile") ? await startStallProfile() : undefined;
const loadProfileFile = args.get("load-profile");
const loadProfiler = loadProfileFile ? await startCpuProfile() : undefined;
const allocProfileFile = args.get("alloc-profile");
const allocProfiler = allocProfileFile ? await startAllocationProfile() : undefined;
probe.start();
let cpu = process.cpuUsage();
let t0 = performance.now();
let searchable: { ms: number; cpuMs: number } | undefined;
let loading = false;
const stopWatch = service.onProgress((p) => {
  if (p.phase === "loading") loading = true;
  if (searchable || !loading || p.phase === "loading") return;
  searchable = { ms: Math.round(performance.now() - t0), cpuMs: cpuMs(cpu) };
});
await service.start();
await service.whenIdle();
const loadMs = performance.now() - t0;
const loadCpuMs = cpuMs(cpu);
const loadStalls = probe.stop();
stopWatch();
if (loadProfiler && loadProfileFile) writeFileSync(loadProfileFile, JSON.stringify(await loadProfiler()));
if (allocProfiler && allocProfileFile) writeFileSync(allocProfileFile, JSON.stringify(await allocProfiler()));
await loadSettled(service.index.vectorStore);
collectGarbage();
const after = process.memoryUsage();
// An int8 store keeps its codes in WebAssembly memory (int8-arena.ts), which `arrayBuffers` does not count.
const arenaBytes = service.index.vectorStore?.arena?.byteLength ?? 0;
const out: Record<string, unknown> = {
  vault: kept,
  chunks: service.index.size,
  loadMs: Math.round(loadMs),
  loadCpuMs,
  searchableMs: searchable?.ms,
  searchableCpuMs: searchable?.cpuMs,
  heapAfterLoadMB: Math.round(after.heapUsed / 1e5) / 10,
  arrayBuffersAfterLoadMB: Math.round(after.arrayBuffers / 1e5) / 10,
  vectorArenaMB: Math.round(arenaBytes / 1e5) / 10,
  heapPlusBuffersMB: Math.round((after.heapUsed + after.arrayBuffers + arenaBytes) / 1e5) / 10,
  heapBeforeLoadMB: Math.round(before.heapUsed / 1e5) / 10,
  loadStalls,
};
const snapshotFile = args.get("heap-snapshot");
if (snapshotFile) out.heapSnapshot = writeHeapSnapshot(snapshotFile);

if (!args.has("no-edit")) {
  const index = service.index;
  const paths = [...index.notePaths()].sort();
  const target = paths.find((p) => index.chunkIdsOf(p).length >= minChunks) ?? paths[0] ?? "";
  touchNotes(vault, [target], undo, "Edited by load-probe zqxloadprobe");
  step = "edit";
  phase = "edit-indexing";
  probe.start();
  cpu = process.cpuUsage();
  t0 = performance.now();
  service.enqueue({ kind: "upsert", path: target });
  // The edit waits out the debounce, then is indexed; the stall probe stays on throughout.
  await new Promise((resolve) => setTimeout(resolve, settings.debounceMs + 100));
  await service.whenIdle();
  const editCpuMs = cpuMs(cpu);
  phase = "edit-saving";
  cpu = process.cpuUsage();
  t0 = performance.now();
  const saved = await service.save();
  const saveMs = performance.now() - t0;
  const saveCpuMs = cpuMs(cpu);
  const editStalls = probe.stop();
  Object.assign(out, {
    editedNote: target,
    editedChunks: index.chunkIdsOf(target).length,
    editCpuMs,
    firstSave: { ok: saved.ok, ms: Math.round(saveMs), cpuMs: saveCpuMs },
    editStalls,
  });
}
const savesWanted = Number(args.get("saves") ?? 0);
const bulkWanted = Number(args.get("bulk") ?? 0);
// Notes not edited yet, in path order: the saves take the first ones, the bulk edit the next.
const untouched = [...service.index.notePaths()].sort().filter((p) => p !== out.editedNote);
/**
 * Indexes `paths`, edited on disk just before, once the debounce is waited out, then saves. Bytes and segment counts
 * are taken from before the indexing: a long indexing run saves checkpoints (and may compact) on its own.
 */
const indexAndSave = async (paths: string[]) => {
  const [bytes0, segments0] = [counting.bytesWritten, await segmentCounts(dataDir)];
  phase = `${step}-indexing`;
  let c = process.cpuUsage();
  let t = performance.now();
  for (const path of paths) service.enqueue({ kind: "upsert", path });
  await new Promise((resolve) => setTimeout(resolve, settings.debounceMs + 100));
  await service.whenIdle();
  const indexMs = performance.now() - t - settings.debounceMs - 100;
  const indexCpuMs = cpuMs(c);
  const indexBytes = counting.bytesWritten - bytes0;
  phase = `${step}-saving`;
  c = process.cpuUsage();
  t = performance.now();
  const saved = await service.save();
  const row = { ok: saved.ok, indexMs: Math.max(0, Math.round(indexMs)), indexCpuMs, indexBytes, saveMs: Math.round(performance.now() - t), saveCpuMs: cpuMs(c) };
  const segments1 = await segmentCounts(dataDir);
  return { ...row, saveBytes: counting.bytesWritten - bytes0 - indexBytes, segmentsBefore: segments0.listed, segmentsAfter: segments1.listed, segmentFiles: segments1.files };
};
/** Edits `paths` on disk with the probe off (the bench's own file writes are not the index's stalls), then indexes. */
const editAndSave = async (paths: string[]) => {
  touchNotes(vault, paths, undo, `Edited by load-probe zqxloadprobe ${step}`);
  probe.start();
  const row = await indexAndSave(paths);
  return { ...row, stalls: probe.stop() };
};
if (savesWanted > 0) {
  step = "saves";
  const rows = [];
  for (const path of untouched.splice(0, savesWanted)) rows.push(await editAndSave([path]));
  out.saves = { rows, longestStallMs: Math.max(...rows.map((r) => r.stalls.max)) };
}
if (bulkWanted > 0) {
  step = "bulk";
  out.bulk = { notes: bulkWanted, ...(await editAndSave(untouched.splice(0, bulkWanted))) };
}
if (profiler) {
  out.gcPauses = profiler.gcPauses();
  out.profiled = await profiler.stop(probe.long);
}
const dumpFile = args.get("dump");
const answers = (s: IndexService): string[] => {
  const paths = [...s.index.notePaths()].sort();
  const queries: string[] = [];
  for (let i = 0; i < paths.length; i += Math.max(1, Math.floor(paths.length / 150))) {
    const ids = s.index.chunkIdsOf(paths[i] ?? "");
    const words = (s.index.get(ids[0] ?? "")?.chunk.text ?? "").match(/[\p{L}]{3,}/gu) ?? [];
    if (words.length > 1) queries.push(`${words[0]} ${words[1]}`, `${words[words.length - 1]?.slice(0, 4)}`);
  }
  const engine = new SearchEngine({ index: s.index });
  return queries.map((q) => JSON.stringify([q, engine.searchKeyword({ query: q, limit: 20 }).results.map((r) => [r.path, r.score]), s.index.keywordSearch(q, { limit: 100, prefixLast: true })]));
};
// The edited index in memory, then what a second service loads from the files that the save wrote.
const dumped = dumpFile ? ["# after the edit, in memory", ...answers(service)] : [];
await service.stop();
if (dumpFile) {
  const reloaded = makeService();
  await reloaded.start();
  await reloaded.whenIdle();
  dumped.push("# loaded from the save", ...answers(reloaded));
  writeFileSync(dumpFile, dumped.join("\n"));
  await reloaded.stop();
}
out.loadAverage = loadavg().map((x) => Math.round(x * 10) / 10);
console.log(JSON.stringify(out, null, 2));
