/**
 * Whether a change to the load left its answers as they were: each checkout loads the same saved index (a vault
 * whose index a `bench:sync`/`index` run saved, e.g. /tmp/s10-vault) in a fresh process, through its own
 * IndexService, and answers at once (before any work a load leaves for later), then again once idle: keyword lists
 * (engine results and the index's chunk list, scores included), vector lists (the query's hash vector, every score)
 * and related lists of notes drawn from the vault. The answers are compared as JSON, bit for bit.
 *
 *   npx tsx bench/load-same.ts --vault /tmp/s10-vault --base /work/wt-base13 [--queries 60] [--related 40] [--out F]
 *
 * `--answer ROOT` (internal): the child mode, printing one checkout's answers as JSON.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { treeLoader, treeService } from "./lib/tree-modules";

const args = parseArgs(process.argv.slice(2));
const vault = resolve(args.get("vault") ?? "/tmp/s10-vault");
const queries = Number(args.get("queries") ?? 60);
const related = Number(args.get("related") ?? 40);

/** Deterministic draws from the loaded notes: words of titles (whole, typed half-way, misspelt) and note paths. */
function draws(paths: string[], titles: string[]): { queries: string[]; sources: string[] } {
  let seed = 17;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const words = titles.flatMap((t) => t.split(/\s+/)).filter((w) => w.length > 3);
  const out: string[] = [];
  for (let i = 0; out.length < queries && words.length > 0; i++) {
    const w = words[Math.floor(rand() * words.length)]!;
    const v = words[Math.floor(rand() * words.length)]!;
    out.push([w, `${w} ${v}`, w.slice(0, Math.ceil(w.length / 2)), `${w.slice(0, -2)}${w.at(-1)}${w.at(-2)}`][i % 4]!);
  }
  const sources = Array.from({ length: related }, () => paths[Math.floor(rand() * paths.length)]!);
  return { queries: out, sources };
}

async function answer(root: string): Promise<void> {
  const load = treeLoader(root);
  const { FolderNoteSource, NodeFileStore, IndexService, resolveIndexSettings } = await treeService(root);
  const { SearchEngine } = await load<typeof import("../src/core/search/search-engine")>("src/core/search/search-engine.ts");
  const { defaultSettings, searchOptionsOf } = await load<typeof import("../src/core/settings/plugin-settings")>("src/core/settings/plugin-settings.ts");
  const { findRelatedNotes } = await load<typeof import("../src/core/search/related-notes")>("src/core/search/related-notes.ts");
  const { HashEmbedder } = await load<typeof import("./lib/sync-embedder")>("bench/lib/sync-embedder.ts");
  const settings = resolveIndexSettings({});
  const embedder = new HashEmbedder(768);
  const dataDir = `${vault}/.obsidian/plugins/hybrid-vault-search`;
  const service = new IndexService({ source: new FolderNoteSource(vault), store: new NodeFileStore(), dataDir, settings: { ...settings, idleSaveMs: 600_000 }, embedder, notify: () => undefined });
  // Answers the moment the load has put the index in place: the first progress past loading.
  const atLoad = new Promise<void>((done) => {
    const stop = service.onProgress((p) => {
      if (p.phase !== "scanning" && p.phase !== "indexing") return;
      stop();
      done();
    });
  });
  const started = service.start();
  await atLoad;
  const plugin = defaultSettings();
  const options = searchOptionsOf(plugin);
  const vectors = new Map<string, Float32Array>();
  const index = service.index;
  const paths = [...index.notePaths()].sort();
  const titles = paths.map((p) => index.get(index.chunkIdsOf(p)[0] ?? "")?.title ?? "");
  const { queries: qs, sources } = draws(paths, titles);
  for (const q of qs) {
    const v = await embedder.embedQuery(q);
    if (v.ok) vectors.set(q, v.value);
  }
  const ask = (): unknown => {
    const ix = service.index;
    const engine = new SearchEngine({ index: ix });
    engine.setOptions(options);
    const keyword = qs.map((query) => {
      const modal = engine.searchKeyword({ query, limit: plugin.search.limit, prefixLast: true }).results.map((r) => [r.path, r.score]);
      const list = ix.keywordSearch(query, { limit: 240, prefixLast: true, maxEdits: options.typoTolerance, chunksPerNote: options.chunksPerNote });
      return [modal, list];
    });
    const vector = qs.map((q) => ix.vectorSearch(vectors.get(q)!, { limit: 60, similarity: -1 }));
    const rel = sources.map((p) => findRelatedNotes(ix, p, { limit: 10, rrfK: 5, weights: { vector: 1, bm25: 1 }, learnt: { vector: 1, bm25: 1, body: 1 } }));
    return { keyword, vector, related: rel };
  };
  // Nothing awaited between the load and these answers but the query vectors (the hash embedder answers at once).
  const first = ask();
  await started;
  await service.whenIdle();
  const idle = ask();
  await service.stop();
  process.stdout.write(JSON.stringify({ notes: paths.length, queries: qs, sources, first, idle }));
}

if (args.get("answer")) {
  await answer(args.get("answer")!);
} else {
  const base = resolve(args.get("base") ?? "/work/wt-base13");
  type Answers = { notes: number; queries: string[]; sources: string[]; first: unknown; idle: unknown };
  const run = (root: string): Answers =>
    <Answers>JSON.parse(execFileSync(process.execPath, ["--import", "tsx", resolve("bench/load-same.ts"), "--answer", root, "--vault", vault, "--queries", String(queries), "--related", String(related)], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 }));
  const ours = run(process.cwd());
  const theirs = run(base);
  const parts = ["keyword", "vector", "related"] as const;
  const report: Record<string, string> = {};
  let differ = 0;
  for (const when of ["first", "idle"] as const) {
    for (const part of parts) {
      const a = (ours[when] as Record<string, unknown[]>)[part]!;
      const b = (theirs[when] as Record<string, unknown[]>)[part]!;
      const same = a.filter((x, i) => JSON.stringify(x) === JSON.stringify(b[i])).length;
      differ += a.length - same;
      report[`${when} ${part}`] = `${same} of ${a.length} identical`;
    }
  }
  const sameDraws = JSON.stringify([ours.queries, ours.sources]) === JSON.stringify([theirs.queries, theirs.sources]);
  const summary = { vault, base, notes: [ours.notes, theirs.notes], sameDraws, report, differ };
  console.log(JSON.stringify(summary, null, 1));
  if (args.get("out")) writeFileSync(args.get("out")!, JSON.stringify(summary, null, 1));
  process.exitCode = differ === 0 && sameDraws ? 0 : 1;
}
