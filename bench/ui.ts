/**
 * UI speed benchmark, in a real browser: keystroke → rendered keyword results in the search modal, and the related
 * view's update after a note switch (with the embedding requests it makes), on a synthetic vault the plugin indexes
 * itself through the fake Ollama. Not a test: it never runs in `npm test`. See docs/BENCHMARKS.md.
 *
 *   npm run build && npx tsx bench/ui.ts [--notes 10000] [--switches 30] [--out bench/results/ui.json] [--no-docs] [--raw FILE.json]
 *                                        [--related-only] [--profile FILE.json]
 *
 * `--related-only` skips the typing runs: only the related view's updates are measured (a side-by-side run of two
 * commits for the related view takes half the time). `--profile FILE.json`: the page's CPU profile over the note
 switches, split by related update (start → paint), slowest first, with the garbage collection in each.
 * `--profile-typing FILE.json`: the same over the first typing run (120 ms between keys), split by keystroke
 * (keydown → paint), slowest first.
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { statusBar, waitForIndex } from "../test/e2e/harness/plugin-ui";
import { parseArgs } from "./lib/args";
import { writeJson } from "./lib/report";
import { measureRelated, measureTyping } from "./lib/ui-measure";
import { openUiBenchPage } from "./lib/ui-page";
import { profileWindows, startPageProfile } from "./lib/ui-profile";
import { installProbes } from "./lib/ui-probes";
import { type Distribution, distribution, keyPositions, type TypingResult, writeUiReport } from "./lib/ui-report";
import { syntheticVault, uiDraws } from "./lib/ui-vault";

const KEYSTROKE_TARGET_MS = 50;
const RELATED_TARGET_MS = 100;
/** A fast typist (the full search waits for the pause after the last key) and a slow one (it runs between keys). */
const GAPS_MS = [120, 300];
const CALIBRATION_FILE = ".vault-config/plugins/hybrid-vault-search/calibration.json";

const args = parseArgs(process.argv.slice(2));
if (args.has("help")) {
  console.log("usage: npx tsx bench/ui.ts [--notes N] [--switches N] [--dims D] [--out FILE.json] [--no-docs] [--raw FILE.json] [--related-only]");
  process.exit(0);
}
const notes = Number(args.get("notes") ?? 10_000);
const switches = Number(args.get("switches") ?? 30);
/** Vector length of the fake embedding model: 768 by default, like nomic-embed-text, so vector scans cost what they will. */
const dims = Number(args.get("dims") ?? 768);
const out = args.get("out") ?? "bench/results/ui.json";
/** A trial run writes its JSON only and leaves docs/BENCHMARKS.md alone. */
const docs = !args.has("no-docs");
/** Every keystroke sample and related update, for looking into outliers. */
const raw = args.get("raw");
if (!Number.isInteger(notes) || notes < 20 || !Number.isInteger(switches) || switches < 1 || !Number.isInteger(dims) || dims < 2) {
  console.error("--notes must be a whole number of at least 20, --switches at least 1, --dims at least 2.");
  process.exit(2);
}
const log = (msg: string): void => console.error(`[bench:ui] ${msg}`);
const since = (t: number): number => Math.round(performance.now() - t);

const loadavgBefore = loadavg();
const vault = syntheticVault(notes);
const { queries, switchTo } = uiDraws(vault, switches);

log(`booting the page on ${notes.toLocaleString("en-US")} synthetic notes…`);
let t = performance.now();
const page = await openUiBenchPage(vault.files, 15 * 60_000, dims);
const { h, ollama } = page;
try {
  const bootMs = since(t);
  t = performance.now();
  log(`booted in ${bootMs} ms; indexing through the fake Ollama…`);
  await waitForIndex(h, { notes, timeoutMs: 30 * 60_000 });
  const indexMs = since(t);
  const embedCallsToIndex = ollama.stats.embedCalls;
  log(`indexed in ${indexMs} ms (${embedCallsToIndex} embedding requests); waiting for calibration and a quiet index…`);
  const exists = (path: string) => h.page.evaluate((p) => window.__harness?.testApp?.fake.vault.adapter.exists(p) ?? false, path);
  await h.waitFor(() => exists(CALIBRATION_FILE), { message: "the weight calibration", timeoutMs: 10 * 60_000 });
  // The index saves itself 10 s after its last change; measure only once the status bar has been ready for longer.
  let quietSince = performance.now();
  let last = "";
  await h.waitFor(
    async () => {
      const bar = await statusBar(h);
      const text = `${bar.state} ${bar.text}`;
      if (text !== last || bar.state !== "ready") [last, quietSince] = [text, performance.now()];
      return performance.now() - quietSince > 12_000;
    },
    { message: "a quiet index", timeoutMs: 5 * 60_000 },
  );
  const chunksLabel = await h.page.evaluate(() => document.querySelector(".hvs-status-bar")?.getAttribute("aria-label") ?? "");
  const chunks = /([\d,]+) chunks/.exec(chunksLabel)?.[1];

  await h.page.evaluate(installProbes);
  await h.openFile(vault.paths[0] ?? "");
  const typing: TypingResult[] = [];
  const rawSamples: Record<string, unknown> = {};
  for (const gapMs of args.has("related-only") ? [] : GAPS_MS) {
    log(`typing ${queries.length} queries, ${gapMs} ms between keys…`);
    const profilingKeys = args.has("profile-typing") && typing.length === 0 ? await startPageProfile(h.page) : undefined;
    const samples = await measureTyping(h, { queries, gapMs });
    if (profilingKeys) {
      const windows = samples.map((s, k) => ({ label: `#${k} "${s.key}" engine ${s.search.toFixed(1)} ms, painted ${(s.paint - s.t0).toFixed(1)} ms`, from: s.t0, to: s.paint }));
      writeJson(args.get("profile-typing") ?? "", profileWindows(await profilingKeys.stop(), windows).sort((a, b) => b.ms - a.ms).slice(0, 40));
    }
    rawSamples[`typing-${gapMs}`] = samples;
    const positions = keyPositions(queries);
    const toPaint = samples.map((s) => s.paint - s.t0);
    const byPosition: Record<string, Distribution> = {};
    for (const label of new Set(positions)) byPosition[label] = distribution(toPaint.filter((_, k) => positions[k] === label));
    typing.push({
      gapMs,
      toDom: distribution(samples.map((s) => s.dom - s.t0)),
      toPaint: distribution(toPaint),
      overTarget: toPaint.filter((x) => x > KEYSTROKE_TARGET_MS).length,
      search: distribution(samples.map((s) => s.search)),
      handlerUi: distribution(samples.map((s) => s.dom - s.input - s.search)),
      afterDom: distribution(samples.map((s) => s.paint - s.dom)),
      byPosition,
    });
  }

  log(`switching notes ${switches} times with the related view open…`);
  const profiling = args.has("profile") ? await startPageProfile(h.page) : undefined;
  const related = await measureRelated(h, switchTo, () => ollama.stats.embedCalls);
  if (profiling) {
    const windows = related.samples.map((s) => ({ label: `${s.path} ${(s.paint - s.start).toFixed(1)} ms`, from: s.start, to: s.paint }));
    const slowest = profileWindows(await profiling.stop(), windows).sort((a, b) => b.ms - a.ms);
    writeJson(args.get("profile") ?? "", slowest);
  }
  if (raw !== undefined) writeJson(raw, { ...rawSamples, related: related.samples });
  const status = await h.page.evaluate(() => window.__hvsBench?.status.map((s) => s.text) ?? []);
  h.assertNoErrors();

  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  writeUiReport(out, {
    date: new Date().toISOString().slice(0, 10),
    notes,
    dims,
    chunks: chunks === undefined ? null : Number(chunks.replace(/,/g, "")),
    machine: { cpu, cores: availableParallelism(), loadavgBefore, loadavgAfter: loadavg(), browser: page.browserVersion },
    setup: { bootMs, indexMs, embedCallsToIndex },
    targets: { keystrokeToResultsMs: KEYSTROKE_TARGET_MS, relatedUpdateMs: RELATED_TARGET_MS },
    typing,
    related: {
      switches: related.samples.length,
      updateToPaint: distribution(related.samples.map((s) => s.paint - s.start)),
      updateWork: distribution(related.samples.map((s) => s.end - s.start)),
      compute: distribution(related.samples.map((s) => s.compute)),
      switchToPaint: distribution(related.samples.map((s) => s.paint - s.switchStart)),
      embedCalls: related.embedCalls,
    },
    statusChangesDuringMeasurement: status,
  }, docs);
  log(`wrote ${out}${docs ? " and the ui section of docs/BENCHMARKS.md" : ""}`);
} finally {
  await page.close();
}
