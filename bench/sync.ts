/**
 * Sync and persistence benchmark: cold indexing, event-loop stalls, save, load, heap, a no-change restart and
 * edit-to-searchable latency, through the real IndexService on a copy of a real vault, plus Orama's own
 * save/load as the baseline. See docs/BENCHMARKS.md.
 *
 *   npm run bench:sync -- --vault DIR [--notes N] [--dims D] [--out FILE.json]
 *     [--no-devices] skip the two-device scenario
 *     [--stall-profile] sample the main thread (V8 profiler) and name what ran in the longest stalls
 *     [--live-profile FILE] V8's sampled allocations of the cold index still alive at its end (a `.heapprofile`)
 *     [--stall-list] print every stall of 20 ms or more, with when it ended (performance.now(), the clock node's
 *       --trace-gc lines are close to) and its main-thread time
 *     [--slow-sets] list the inserts into a map of 16,384 entries or more (at a power of two) that took 2 ms or more
 *       during the cold index, with the map's size, when each started and its callers; it slows every insert, so
 *       take no other figure from such a run
 *     [--no-baseline] skip Orama's save/load and write neither the JSON file nor the docs (stdout only)
 *     [--keep] leave the vault copy and its saved index in place (for bench/load-probe.ts) and print where
 *
 * Run node with --expose-gc (the npm script does) so heap figures are taken after a full collection.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { FolderNoteSource } from "../src/cli/node/folder-note-source";
import { NodeFileStore } from "../src/cli/node/node-file-store";
import { SearchEngine } from "../src/core/search/search-engine";
import { IndexService } from "../src/core/sync/control/index-service";
import { resolveIndexSettings } from "../src/core/sync/rules/index-settings";
import { parseArgs } from "./lib/args";
import { writeJson } from "./lib/report";
import { measureOramaBaseline } from "./lib/sync-baseline";
import { HashEmbedder } from "./lib/sync-embedder";
import { baselineDocs, chunkTextBytes, collectGarbage, indexFileBytes, loadSettled, phaseTimes, since, timeUntil } from "./lib/sync-measure";
import { writeSyncReport, type SyncBenchResult } from "./lib/sync-report";
import { watchSlowSets } from "./lib/slow-sets";
import { StallProbe } from "./lib/sync-stall";
import { makeBenchVault } from "./lib/sync-vault";
import { CountingStore } from "./lib/counting-store";
import { twoDevices } from "./lib/sync-devices";
import { startAllocationProfile, startStallProfile, type ProfiledStall } from "./lib/stall-profile";

const args = parseArgs(process.argv.slice(2));
if (args.has("help")) {
  console.log("usage: npm run bench:sync -- --vault DIR [--notes N] [--dims D] [--out FILE.json]");
  process.exit(0);
}
const source = args.get("vault") ?? "../shared/vaults/obsidian-hub";
const notesArg = args.has("notes") ? Number(args.get("notes")) : undefined;
const dims = Number(args.get("dims") ?? 768);
if ((notesArg !== undefined && !(Number.isInteger(notesArg) && notesArg > 0)) || !(Number.isInteger(dims) && dims > 0)) {
  console.error("--notes and --dims must be whole numbers above 0.");
  process.exit(2);
}
if (!collectGarbage()) console.error("note: run node with --expose-gc for heap figures after a full collection.");

const log = (msg: string): void => console.error(`[bench:sync] ${msg}`);
log(`copying ${source} (${notesArg ?? "all"} notes) to a temp folder…`);
const vault = makeBenchVault(source, notesArg);
const dataDir = `${vault.dir.split("\\").join("/")}/.obsidian/plugins/hybrid-vault-search`;
const embedder = new HashEmbedder(dims);
const settings = resolveIndexSettings({});
const store = new CountingStore(new NodeFileStore());
const notices: string[] = [];
// `idleMs`: the idle save's delay; the edit step saves by hand, so that its save is the one measured.
const makeService = (idleMs = settings.idleSaveMs): IndexService =>
  new IndexService({
    source: new FolderNoteSource(vault.dir),
    store,
    dataDir,
    settings: { ...settings, idleSaveMs: idleMs },
    embedder,
    notify: (m) => notices.push(m),
  });

try {
  // 0. The stall probe on an idle loop: on a shared machine, descheduling alone shows up as "stalls".
  let phase = "idle";
  // A stall during which the edit step's poll searched is booked as "edit-search-poll" (see step 4).
  let polled = false;
  const profiling = args.has("stall-profile");
  const probe = new StallProbe(
    () => {
      const label = polled ? "edit-search-poll" : phase;
      polled = false;
      return label;
    },
    5,
    profiling || args.has("stall-list") ? 20 : Infinity,
  );
  probe.start();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleStallMs = probe.stop().max;

  // 1. Cold index, with the stall probe running the whole time.
  log(`cold index of ${vault.notes.length} notes at ${dims} dims…`);
  // `let`, so the cold run's index can be dropped before the restart: a real restart has no earlier instance in memory.
  let cold: IndexService | undefined = makeService();
  cold.onProgress((p) => (phase = p.phase));
  const profiler = profiling ? await startStallProfile() : undefined;
  const liveProfileFile = args.get("live-profile");
  const liveProfiler = liveProfileFile ? await startAllocationProfile(64 * 1024, false) : undefined;
  const slowSets = args.has("slow-sets") ? watchSlowSets() : undefined;
  probe.start();
  let cpu = process.cpuUsage();
  let t0 = performance.now();
  await cold.start();
  await cold.whenIdle();
  const coldIndexMs = since(t0);
  const slowSetList = slowSets?.stop();
  const stalls = probe.stop();
  const maxStallMs = stalls.max;
  const coldCpuMs = cpuMs(cpu);
  const chunks = cold.index.size;
  const textBytes = chunkTextBytes(cold.index);
  // What the freshly built index holds, before the save: a cold index's notes come from files read, not from segments.
  collectGarbage();
  const heapAfterColdBytes = process.memoryUsage().heapUsed;
  // After the collection, so that only what the index keeps is in it.
  if (liveProfiler && liveProfileFile) writeFileSync(liveProfileFile, JSON.stringify(await liveProfiler()));

  // 2. Save.
  cpu = process.cpuUsage();
  t0 = performance.now();
  const bytesBeforeSave = store.bytesWritten;
  phase = "final-save";
  probe.start();
  const saved = await cold.save();
  const saveMs = since(t0);
  const finalSaveStalls = probe.stop();
  const fullSaveBytes = store.bytesWritten - bytesBeforeSave;
  const saveCpuMs = cpuMs(cpu);
  if (!saved.ok) throw new Error(`save failed: ${saved.error.message}`);
  const fileBytes = indexFileBytes(dataDir);
  await cold.stop();
  cold = undefined;

  // 3. Restart with nothing changed: load, then reconcile; heap after load.
  collectGarbage();
  const callsBefore = embedder.documentCalls;
  const warm = makeService(600_000);
  cpu = process.cpuUsage();
  t0 = performance.now();
  const phases = phaseTimes(warm, t0);
  await warm.start();
  const startMs = since(t0);
  await warm.whenIdle();
  const restartMs = since(t0);
  const restartCpuMs = cpuMs(cpu);
  phases.stop();
  const loadedAt = phases.firstAt.get("scanning") ?? phases.firstAt.get("indexing") ?? startMs;
  const loadMs = Math.round(loadedAt * 10) / 10;
  const reconcileMs = Math.round((restartMs - loadedAt) * 10) / 10;
  const reconcileEmbedCalls = embedder.documentCalls - callsBefore;
  const loadedChunks = warm.index.size;
  const loadedVectors = warm.index.vectorCount;
  await loadSettled(warm.index.vectorStore);
  collectGarbage();
  const memory = process.memoryUsage();
  const arenaBytes = warm.index.vectorStore?.arena?.byteLength ?? 0;
  const heapAfterLoadBytes = memory.heapUsed;

  // 4. One edit: write the file, send the event, poll keyword search until the new word is found.
  const target = vault.notes[Math.floor(vault.notes.length / 2)] ?? "";
  const marker = `zqxbenchmark${Date.now().toString(36)}`;
  appendFileSync(join(vault.dir, target), `\n\nEdited by the benchmark: ${marker}\n`);
  // The edit's indexing and its save, both with the probe on: the first save after a load is the one that meets
  // keyword lists the load left encoded.
  phase = "edit-indexing";
  probe.start();
  t0 = performance.now();
  warm.enqueue({ kind: "upsert", path: target });
  // The poll's own searches are booked apart: they are the cost of a search, not of indexing the edit.
  const found = (): boolean => {
    polled = true;
    return new SearchEngine({ index: warm.index }).searchKeyword({ query: marker, limit: 5 }).results.some((r) => r.path === target);
  };
  const editToSearchableMs = await timeUntil(found, t0, settings.debounceMs + 60_000);
  await warm.whenIdle();
  // The save of that one edit: bytes written and time, with the stall probe on.
  const bytesBeforeEditSave = store.bytesWritten;
  phase = "edit-saving";
  cpu = process.cpuUsage();
  t0 = performance.now();
  const editSaved = await warm.save();
  const editSaveMs = since(t0);
  const editSaveCpuMs = cpuMs(cpu);
  const editStalls = probe.stop();
  const editSaveStallMs = editStalls.byPhase["edit-saving"] ?? 0;
  const gcPauses = profiler?.gcPauses();
  const profiled: ProfiledStall[] | undefined = profiler ? await profiler.stop(probe.long) : undefined;
  if (!editSaved.ok) throw new Error(`save after the edit failed: ${editSaved.error.message}`);
  const editSaveBytes = store.bytesWritten - bytesBeforeEditSave;

  // 5. Search still works at this size.
  t0 = performance.now();
  const probeQuery = firstWords(readFileSync(join(vault.dir, target), "utf8"));
  const hits = (await new SearchEngine({ index: warm.index, embedder }).search({ query: probeQuery, mode: "hybrid", limit: 10 })).results.length;
  const searchMs = since(t0);

  // 6. Orama's own save/load on the same chunks and vectors, once our services are gone.
  const docs = baselineDocs(warm.index);
  const indexedNotes = warm.status().notes;
  await warm.stop();

  // 7. Two devices sharing the index through a sync tool (not with --no-baseline, which stops here).
  if (args.has("no-baseline")) {
    console.log(JSON.stringify({ notes: vault.notes.length, chunks, coldIndexMs, coldCpuMs, heapAfterColdBytes, maxStallMs, stallCpuMax: stalls.cpuMax, stallByPhaseMs: stalls.byPhase, stallMainThreadByPhaseMs: stalls.mainByPhase, stallWaitByPhaseMs: stalls.waitByPhase, saveMs, finalSaveStalls, saveCpuMs, fullSaveBytes, loadMs, restartCpuMs, heapAfterLoadBytes, arrayBuffersAfterLoadBytes: memory.arrayBuffers + arenaBytes, editToSearchableMs, editSaveMs, editSaveCpuMs, editSaveBytes, editStalls, idleStallMs, loadAverage: loadavg(), gcPauses, profiled, ...(args.has("stall-list") ? { stallList: probe.long } : {}), ...(slowSetList ? { slowSets: slowSetList } : {}) }, null, 2));
    if (args.has("keep")) log(`kept the vault and its index at ${vault.dir}`);
    else vault.dispose();
    process.exit(0);
  }
  if (!args.has("no-devices")) log("two-device scenario…");
  const devices = args.has("no-devices") ? undefined : await twoDevices(vault.dir, dataDir.slice(vault.dir.split("\\").join("/").length + 1), vault.notes, settings, embedder, indexedNotes);
  collectGarbage();
  log(`Orama baseline on ${docs.length} chunks…`);
  const baseline = measureOramaBaseline(docs, dims);

  const result: SyncBenchResult = {
    notes: vault.notes.length,
    chunks,
    dims,
    coldIndexMs,
    maxStallMs,
    saveMs,
    loadMs,
    fileBytes,
    rawVectorBytes: chunks * dims * 4,
    textBytes,
    heapAfterColdBytes,
    heapAfterLoadBytes,
    reconcileMs,
    reconcileEmbedCalls,
    editToSearchableMs,
    debounceMs: settings.debounceMs,
    baseline,
  };
  const extra = {
    // An int8 store's codes lie in WebAssembly memory (int8-arena.ts), which `arrayBuffers` does not count.
    arrayBuffersAfterLoadBytes: memory.arrayBuffers + arenaBytes,
    searchHits: hits,
    searchMs,
    probeQuery,
    notices,
    loadedChunks,
    loadedVectors,
    idleStallMs,
    stallByPhaseMs: stalls.byPhase,
    ...(stalls.mainByPhase ? { stallMainThreadByPhaseMs: stalls.mainByPhase, stallWaitByPhaseMs: stalls.waitByPhase } : {}),
    cpuMs: { coldIndex: coldCpuMs, save: saveCpuMs, restart: restartCpuMs },
    loadAverage: loadavg().map((x) => Math.round(x * 10) / 10),
    fullSaveBytes,
    editSaveBytes,
    editSaveMs,
    editSaveStallMs,
    editStallByPhaseMs: editStalls.byPhase,
    finalSaveStallMs: finalSaveStalls.max,
    ...(profiled ? { profiled } : {}),
    ...(devices ? { devices } : {}),
  };
  console.log(JSON.stringify({ ...result, extra }, null, 2));
  writeJson(args.get("out") ?? `bench/results/sync-${result.notes}-${dims}.json`, result);
  writeSyncReport(result, extra);
} finally {
  if (args.has("keep")) log(`kept the vault and its index at ${vault.dir}`);
  else vault.dispose();
}

/** CPU time (user + system) of this process since `start`, in ms: unlike wall time, not inflated by other processes. */
function cpuMs(start: ReturnType<typeof process.cpuUsage>): number {
  const d = process.cpuUsage(start);
  return Math.round((d.user + d.system) / 100) / 10;
}

function firstWords(text: string): string {
  const words = text.replace(/^---[\s\S]*?---/, "").match(/[\p{L}]{4,}/gu) ?? ["note"];
  return words.slice(0, 3).join(" ");
}
