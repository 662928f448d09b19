import { table, writeJson, writeSection } from "./report";

/** Summary of a set of durations in ms. */
export interface Distribution {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles, rounded to 0.1 ms. */
export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  const round = (x: number): number => Math.round(x * 10) / 10;
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, p50: round(at(50)), p95: round(at(95)), max: round(at(100)), mean: round(mean) };
}

/** One typing cadence's keystroke latencies. */
export interface TypingResult {
  gapMs: number;
  /** Keydown → result list changed in the DOM. */
  toDom: Distribution;
  /** Keydown → next frame painted. The figure held against the target. */
  toPaint: Distribution;
  /** Keystrokes whose results were painted later than the target. */
  overTarget: number;
  /** The engine's keyword search alone (the rest is event handling and drawing the list). */
  search: Distribution;
  /** The input event's handling minus the engine's search: the plugin's own work and building the list's DOM. */
  handlerUi: Distribution;
  /** List changed → next frame painted: style, layout, paint and the wait for the frame. */
  afterDom: Distribution;
  /** Keydown → painted by where the key falls in its word: a one-letter prefix expands to the most words. */
  byPosition: Record<string, Distribution>;
}

/** Where each keystroke of `queries`, typed in order, falls in its word. */
export function keyPositions(queries: readonly string[]): string[] {
  const labels: string[] = [];
  for (const q of queries) {
    let inWord = 0;
    for (const ch of q) {
      if (ch === " ") {
        inWord = 0;
        labels.push("space");
        continue;
      }
      inWord += 1;
      labels.push(inWord === 1 ? "1st letter of a word" : inWord === 2 ? "2nd letter" : "3rd letter or later");
    }
  }
  return labels;
}

/** The JSON the UI benchmark writes (bench/results/ui.json). */
export interface UiBenchResult {
  date: string;
  notes: number;
  /** Vector length of the fake embedding model. */
  dims: number;
  chunks: number | null;
  machine: { cpu: string; cores: number; loadavgBefore: number[]; loadavgAfter: number[]; browser: string };
  setup: { bootMs: number; indexMs: number; embedCallsToIndex: number };
  targets: { keystrokeToResultsMs: number; relatedUpdateMs: number };
  typing: TypingResult[];
  related: {
    switches: number;
    /** The view's own update (neighbours computed, list drawn) → painted. The figure held against the target. */
    updateToPaint: Distribution;
    /** The synchronous part of the update alone. */
    updateWork: Distribution;
    /** Of that, computing the neighbours (the rest is drawing the list). */
    compute: Distribution;
    /** Switch started → list painted, including opening the note and the view's 300 ms debounce. */
    switchToPaint: Distribution;
    embedCalls: number;
  };
  /** Status bar changes during the measurements (0 means no indexing or saving overlapped them). */
  statusChangesDuringMeasurement: string[];
}

const ms = (x: number): string => `${x} ms`;
const verdict = (value: number, target: number): string => (value <= target ? "✅" : "❌");

/** Writes the JSON and, unless `docs` is false (a trial run), the docs/BENCHMARKS.md section. */
export function writeUiReport(file: string, r: UiBenchResult, docs = true): void {
  writeJson(file, r);
  const rows: (string | number)[][] = [];
  for (const t of r.typing) {
    const label = `keystroke → keyword results painted, ${t.gapMs} ms between keys`;
    rows.push([label, `p50 ${ms(t.toPaint.p50)} · p95 ${ms(t.toPaint.p95)} · max ${ms(t.toPaint.max)}`, `≤ ${r.targets.keystrokeToResultsMs} ms`, verdict(t.toPaint.p95, r.targets.keystrokeToResultsMs)]);
    rows.push([`… of which in the DOM (${t.toDom.n} keystrokes, ${t.overTarget} over target)`, `p50 ${ms(t.toDom.p50)} · p95 ${ms(t.toDom.p95)}`, "", ""]);
    rows.push(["… of which the engine's keyword search", `p50 ${ms(t.search.p50)} · p95 ${ms(t.search.p95)} · max ${ms(t.search.max)}`, "", ""]);
    rows.push(["… of which the input handler besides the engine (building the list)", `p50 ${ms(t.handlerUi.p50)} · p95 ${ms(t.handlerUi.p95)} · max ${ms(t.handlerUi.max)}`, "", ""]);
    rows.push(["… of which style, layout, paint and the wait for the frame", `p50 ${ms(t.afterDom.p50)} · p95 ${ms(t.afterDom.p95)} · max ${ms(t.afterDom.max)}`, "", ""]);
    for (const [label, d] of Object.entries(t.byPosition)) {
      rows.push([`… painted, keys on the ${label} (${d.n})`, `p50 ${ms(d.p50)} · p95 ${ms(d.p95)}`, "", ""]);
    }
  }
  const rel = r.related;
  rows.push([`related view update → painted (${rel.switches} note switches)`, `p50 ${ms(rel.updateToPaint.p50)} · p95 ${ms(rel.updateToPaint.p95)} · max ${ms(rel.updateToPaint.max)}`, `≤ ${r.targets.relatedUpdateMs} ms`, verdict(rel.updateToPaint.p95, r.targets.relatedUpdateMs)]);
  rows.push(["… of which the update's own work", `p50 ${ms(rel.updateWork.p50)} · p95 ${ms(rel.updateWork.p95)}`, "", ""]);
  rows.push(["… of which computing the neighbours", `p50 ${ms(rel.compute.p50)} · p95 ${ms(rel.compute.p95)}`, "", ""]);
  rows.push(["… switch → painted, with the view's 300 ms debounce", `p50 ${ms(rel.switchToPaint.p50)} · p95 ${ms(rel.switchToPaint.p95)}`, "", ""]);
  rows.push(["embedding calls during the switches (indexed notes)", rel.embedCalls, "0", rel.embedCalls === 0 ? "✅" : "❌"]);
  const m = r.machine;
  const load = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(" / ");
  const md = [
    `### UI speed: ${r.notes.toLocaleString("en-US")} notes${r.chunks === null ? "" : `, ${r.chunks.toLocaleString("en-US")} chunks`}, ${r.dims}-d vectors`,
    "",
    table(["measure", "result", "target", ""], rows),
    "",
    `Built main.js in headless Chromium (${m.browser}) on the e2e harness's stand-in for Obsidian, fake Ollama over HTTP ` +
      `(${r.dims}-d vectors); ` +
      `a synthetic vault (about 2 KB a note, 2 to 5 sections, Zipf-distributed words over 20,000 distinct ones) indexed by the plugin ` +
      `itself (${Math.round(r.setup.indexMs / 1000)} s, ${r.setup.embedCallsToIndex} embedding requests). Each query is typed key by key ` +
      `into a fresh modal in hybrid mode, and its fused results are awaited before the next. ` +
      `Times from the keydown event's timestamp to a task after the next painted frame; verdicts on p95. ` +
      `${m.cores} × ${m.cpu}, load average ${load(m.loadavgBefore)} before and ${load(m.loadavgAfter)} after ` +
      `(other work on the machine shows up in these times); ${r.date}. ` +
      `Status bar changes during the measurements: ${r.statusChangesDuringMeasurement.length === 0 ? "none" : r.statusChangesDuringMeasurement.join("; ")}.`,
    "",
    "Rerun: `npm run build && npx tsx bench/ui.ts` (options: `--notes N`, `--switches N`, `--dims D`, `--out FILE`, " +
      "`--no-docs` for a trial run, `--raw FILE` for every sample).",
  ].join("\n");
  if (docs) writeSection("ui", md);
}
