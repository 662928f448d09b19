/**
 * What issue 8's keyword features cost (see docs/BENCHMARKS.md, "Keyword index costs"):
 * - the character-pair field of unspaced scripts: build time and saved bytes, measured by building that field
 *   alone over every chunk of each vault, next to the whole keyword index's build time and saved size;
 * - typo tolerance: the time to find the corrections of a misspelt word in the text vocabulary of a large vault,
 *   and of a whole keyword search for it, against the same search without corrections.
 * Misspellings are made by one fixed rule: a seeded pick of words of 5–12 letters from the notes, each given one
 * random edit (drop, insert, substitute, or swap two neighbours).
 *
 *   npm run bench:keyword-costs -- [--vaults ../shared/vaults] [--typos 400] [--out FILE.json] [--no-doc]
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { chunkNote } from "../src/core/chunk/chunker";
import { ChunkIndex } from "../src/core/index/chunk-index";
import { FieldPostings } from "../src/core/keyword/field-postings";
import { fuzzyTerms } from "../src/core/keyword/fuzzy-terms";
import { encodePostings } from "../src/core/keyword/postings-codec";
import { runAll } from "../src/core/shared/slices";
import { Analyzer } from "../src/core/text/analyzer";
import { bigramCounts } from "../src/core/text/bigrams";
import type { ChunkedNote } from "../src/core/types";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { table, writeJson, writeSection } from "./lib/report";
import { listNotes } from "./lib/sync-vault";
import { seededRandom } from "./lib/ui-vault";

const args = parseArgs(process.argv.slice(2));
const root = args.get("vaults") ?? "../shared/vaults";
const typoCount = Number(args.get("typos") ?? 400);
const stage = (msg: string) => process.stderr.write(`[keyword-costs] ${msg}\n`);
const ms = (t0: number) => performance.now() - t0;
const r2 = (x: number) => Math.round(x * 100) / 100;

function load(dir: string): ChunkedNote[] {
  return listNotes(dir).map((path) => chunkNote(path, readFileSync(join(dir, path), "utf8")));
}

/** Build time and saved size of the whole keyword index, and of the pair field built alone. */
function indexCost(name: string, notes: readonly ChunkedNote[]) {
  const t0 = performance.now();
  const idx = new ChunkIndex(0);
  for (const n of notes) idx.addNote(n);
  const buildMs = ms(t0);
  const ids = notes.flatMap((n) => n.chunks.map((c) => c.id));
  const bytes = runAll(idx.exportKeywordSteps(ids))?.length ?? 0;
  const t1 = performance.now();
  const grams = new FieldPostings();
  let id = 1;
  for (const n of notes) {
    for (const c of n.chunks) {
      const counts = bigramCounts(`${c.text}\n${n.meta.title}`.toLowerCase());
      let length = 0;
      for (const v of counts.values()) length += v;
      grams.add(id++, counts, length);
    }
  }
  const gramMs = ms(t1);
  const ordinalOf = Int32Array.from({ length: id }, (_, i) => i - 1);
  const gramBytes = runAll(encodePostings({ grams }, ordinalOf, id - 1))?.length ?? 0;
  stage(`${name}: ${ids.length} chunks, build ${buildMs.toFixed(0)} ms, pairs ${gramMs.toFixed(0)} ms`);
  return { vault: name, notes: notes.length, chunks: ids.length, buildMs: r2(buildMs), postingsBytes: bytes, gramBuildMs: r2(gramMs), gramBytes, gramTerms: grams.termCount, idx };
}

/** One random edit of a word (seeded): drop, insert, substitute or swap two neighbours. */
function misspell(word: string, rnd: () => number): string {
  const chars = [...word];
  const at = Math.floor(rnd() * chars.length);
  const letter = "abcdefghijklmnopqrstuvwxyz"[Math.floor(rnd() * 26)] ?? "e";
  const kind = Math.floor(rnd() * 4);
  if (kind === 0) chars.splice(at, 1);
  else if (kind === 1) chars.splice(at, 0, letter);
  else if (kind === 2) chars[at] = letter === chars[at] ? "q" : letter;
  else if (at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1] ?? "", chars[at] ?? ""];
  else chars.splice(at, 1);
  return chars.join("");
}

function fuzzyCost(notes: readonly ChunkedNote[], idx: ChunkIndex) {
  const analyzer = new Analyzer();
  const vocab = new Set<string>();
  const words: string[] = [];
  for (const n of notes) {
    for (const c of n.chunks) {
      const lang = analyzer.detect(c.text);
      for (const w of analyzer.words(c.text).keys()) {
        const t = analyzer.normalize(w, lang);
        if (t !== "") vocab.add(t);
        if (/^[a-z]{5,12}$/.test(w)) words.push(w);
      }
    }
  }
  const real = [...vocab].sort();
  const rnd = seededRandom(8);
  const typos = Array.from({ length: typoCount }, () => {
    const word = words[Math.floor(rnd() * words.length)] ?? "garden";
    return { word, typo: misspell(word, rnd) };
  });
  const row = (maxEdits: number, sorted: readonly string[], withSearch: boolean) => {
    const times: number[] = [];
    let found = 0;
    for (const { word, typo } of typos) {
      const t0 = performance.now();
      const edits = typo.length >= 8 ? maxEdits : 1;
      const matches = fuzzyTerms(sorted, analyzer.normalize(typo), edits);
      times.push(ms(t0));
      if (matches.some((m) => m.term === analyzer.normalize(word))) found++;
    }
    const search = (e: number) => typos.map(({ typo }) => {
      const t0 = performance.now();
      idx.keywordSearch(typo, { limit: 80, maxEdits: e });
      return ms(t0);
    });
    const plain = withSearch ? search(0) : [NaN];
    const fuzzy = withSearch ? search(maxEdits) : [NaN];
    return {
      maxEdits,
      vocabulary: sorted.length,
      walkP50: r2(percentile(times, 50)),
      walkP95: r2(percentile(times, 95)),
      walkMax: r2(Math.max(...times)),
      foundShare: r2(found / typos.length),
      searchP50: r2(percentile(fuzzy, 50)),
      searchP95: r2(percentile(fuzzy, 95)),
      plainSearchP95: r2(percentile(plain, 95)),
    };
  };
  // A vault ten times as wordy: the real vocabulary plus 300,000 made-up words of 4–12 letters, for the walk alone.
  const made = new Set(real);
  const syllables = ["ka", "lo", "mer", "tin", "sa", "vel", "dor", "ri", "pan", "que", "lu", "shi", "bor", "na", "tec", "fa", "gri", "om", "zel", "wu", "st", "en", "ar", "ion"];
  while (made.size < real.length + 300_000) {
    const n = 2 + Math.floor(rnd() * 4);
    made.add(Array.from({ length: n }, () => syllables[Math.floor(rnd() * syllables.length)] ?? "a").join(""));
  }
  const large = [...made].sort();
  return [row(1, real, true), row(2, real, true), row(1, large, false), row(2, large, false)];
}

const load1 = loadavg()[0] ?? 0;
const vaults = [["obsidian-hub", join(root, "obsidian-hub")], ["obsidian-help-en", join(root, "obsidian-help/en")], ["obsidian-help-zh", join(root, "obsidian-help/zh")]] as const;
const costs = vaults.map(([name, dir]) => ({ ...indexCost(name, load(dir)), notes: load(dir) }));
const hub = costs[0];
const fuzzy = hub ? fuzzyCost(hub.notes, hub.idx) : [];
const loadAfter = loadavg()[0] ?? 0;
const indexRows = costs.map((c) => ({ vault: c.vault, notes: c.notes.length, chunks: c.chunks, buildMs: c.buildMs, postingsBytes: c.postingsBytes, gramBuildMs: c.gramBuildMs, gramBytes: c.gramBytes, gramTerms: c.gramTerms }));
const result = { load: [r2(load1), r2(loadAfter)], index: indexRows, fuzzy };
writeJson(args.get("out") ?? "bench/results/keyword-costs.json", result);
console.log(JSON.stringify(result, null, 2));
if (!args.has("no-doc")) {
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
  writeSection(
    "keyword-costs",
    `### Keyword index costs (\`npm run bench:keyword-costs\`, load ${r2(load1)}–${r2(loadAfter)})

Character pairs of unspaced scripts: the pair field built alone over every chunk, next to the whole keyword index.

${table(["vault", "notes", "chunks", "index build ms", "saved postings", "pair field ms", "pair field saved", "pair terms"], indexRows.map((c) => [c.vault, c.notes, c.chunks, c.buildMs, kb(c.postingsBytes), c.gramBuildMs, kb(c.gramBytes), c.gramTerms]))}

Typo tolerance on the obsidian-hub text vocabulary: ${typoCount} seeded misspellings (one edit in a word of 5–12 letters). "walk" is finding
the corrections of one word; "search" a whole keyword search for it (limit 80), against the same search without corrections.

${table(["max edits", "vocabulary", "walk p50 ms", "walk p95 ms", "walk max ms", "intended word found", "search p50 ms", "search p95 ms", "search p95 ms, no corrections"], fuzzy.map((f) => [f.maxEdits, f.vocabulary, f.walkP50, f.walkP95, f.walkMax, f.foundShare, f.searchP50 || "–", f.searchP95 || "–", f.plainSearchP95 || "–"]))}

The rows with the larger vocabulary add 300,000 seeded made-up words to obsidian-hub's, to show how the walk grows
with a wordier vault (walk only).`,
  );
}
