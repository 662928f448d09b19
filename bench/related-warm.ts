/**
 * The first related list after a restart, on an index saved by `bench:sync --keep` (as bench/load-probe.ts uses):
 * that list counts how many notes share each chunk text (`ChunkTextShare`) for every chunk at once. This tree
 * counts them first in slices (`RelatedWarmth`, what the related view awaits while it says it is preparing); the
 * baseline (`--baseline DIR`, a checkout of an earlier commit) has no slices, so its first list does it all.
 *
 *   node --expose-gc --import tsx bench/related-warm.ts --vault KEPT [--baseline DIR] [--rounds 2] [--dims 768]
 *
 * Per tree and round: the index is loaded anew (the load is not measured), then for this tree the warm-up's wall
 * time and its longest stall (the stall probe; a stall is what a user feels as a frozen window); then the first
 * list's time (what the view's update blocks for), then a second list's, for the same note. The note is the first,
 * in path order, with at least 8 chunks. Works on KEPT in place and puts its index folder back after each load.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "./lib/args";
import { HashEmbedder } from "./lib/sync-embedder";
import { StallProbe } from "./lib/sync-stall";
import { treeLoader, treeService } from "./lib/tree-modules";

const args = parseArgs(process.argv.slice(2));
const vault = args.get("vault");
const rounds = Number(args.get("rounds") ?? 2);
const dims = Number(args.get("dims") ?? 768);
if (!vault || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: node --expose-gc --import tsx bench/related-warm.ts --vault KEPT [--baseline DIR] [--rounds 2] [--dims 768]");
  process.exit(2);
}
const dataDir = `${vault}/.obsidian/plugins/hybrid-vault-search`;
const aside = mkdtempSync(join(tmpdir(), "hvs-related-warm-"));
cpSync(dataDir, aside, { recursive: true });
process.on("exit", () => {
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(aside, dataDir, { recursive: true });
  rmSync(aside, { recursive: true, force: true });
});

type Related = typeof import("../src/core/search/related-notes");
type Warmth = typeof import("../src/core/session/related-warmth");
const here = join(import.meta.dirname, "..");
const trees = [{ label: "this checkout", root: here }];
const baseline = args.get("baseline");
if (baseline) trees.push({ label: baseline, root: baseline });
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const round1 = (x: number): number => Math.round(x * 10) / 10;
const results: Record<string, unknown>[] = [];

for (let r = 0; r < rounds; r++) {
  for (const tree of trees) {
    const load = treeLoader(tree.root);
    const { findRelatedNotes } = await load<Related>("src/core/search/related-notes.ts");
    const warmth = tree.root === here ? await load<Warmth>("src/core/session/related-warmth.ts") : undefined;
    const { FolderNoteSource, NodeFileStore, IndexService, resolveIndexSettings } = await treeService(tree.root);
    const service = new IndexService({
      source: new FolderNoteSource(vault),
      store: new NodeFileStore(),
      dataDir,
      settings: { ...resolveIndexSettings({}), idleSaveMs: 600_000 },
      embedder: new HashEmbedder(dims),
      notify: () => undefined,
    });
    await service.start();
    await service.whenIdle();
    const index = service.index;
    const path = [...index.notePaths()].sort().find((p) => index.chunkIdsOf(p).length >= 8) ?? "";
    gc();
    const out: Record<string, unknown> = { tree: tree.label, round: r, chunks: index.size, note: path };
    if (warmth) {
      const probe = new StallProbe(() => "warm", 5, 20);
      probe.start();
      const t0 = performance.now();
      const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
      await new warmth.RelatedWarmth({ index: () => index, stopped: () => false, pause }).warm();
      out.warmMs = round1(performance.now() - t0);
      // Let the probe's timer see the last slice.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const stalls = probe.stop();
      out.warmLongestStallMs = stalls.max;
      out.warmLongestStallMainMs = stalls.mainByPhase?.warm;
    }
    const opts = { limit: 15, rrfK: 60, weights: { vector: 1, bm25: 1 } };
    let t = performance.now();
    const first = findRelatedNotes(index, path, opts);
    out.firstListMs = round1(performance.now() - t);
    t = performance.now();
    findRelatedNotes(index, path, opts);
    out.secondListMs = round1(performance.now() - t);
    out.entries = first.entries.length;
    results.push(out);
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(aside, dataDir, { recursive: true });
  }
}
console.log(JSON.stringify({ vault, rounds, loadAverage: loadavg(), results }, null, 2));
