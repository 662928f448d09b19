// Counts the source files a keystroke's keyword search and a note edit run code in, with V8's precise coverage:
// counters are reset just before the action and read just after it, so a file counts when at least one of its
// functions ran during the action (files merely imported before don't). Runs against the tree given (before or
// after the re-rooming: both spellings of the moved paths are tried).
// Usage (from the repo): node --import tsx scripts/hops.mts <repo>
import { Session } from "node:inspector/promises";
import { existsSync, mkdtempSync, mkdirSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = resolve(process.argv[2] ?? ".");

// The shapes this script uses of the checkout it loads: an older commit has the same ones (the engine three getters
// deep instead of the session's searchKeyword), so they are written out here rather than imported from this tree.
type KeywordSearch = (req: { query: string; prefixLast: boolean }) => unknown;
interface HopService {
  start(): Promise<void>;
  whenIdle(): Promise<void>;
  save(): Promise<void>;
  flush(): Promise<void>;
  stop(): Promise<void>;
  enqueue(e: { kind: "upsert"; path: string }): void;
  engine?: { searchKeyword: KeywordSearch };
}
interface HopSession {
  service: HopService;
  searchKeyword?: KeywordSearch;
}

async function exported<T>(name: string, ...cands: string[]): Promise<T> {
  const hit = cands.map((c) => join(repo, c)).find((p) => existsSync(p));
  if (!hit) throw new Error(`none of ${cands.join(", ")}`);
  // eslint-disable-next-line no-unsanitized/method -- a measurement loads the checkout named on its own command line
  const loaded = (await import(pathToFileURL(hit).href)) as Record<string, unknown>;
  return loaded[name] as T;
}
const openVaultSearch = await exported<(opts: Record<string, unknown>) => HopSession>("openVaultSearch", "src/core/session/vault-search.ts");
const FolderNoteSource = await exported<new (dir: string) => unknown>("FolderNoteSource", "src/cli/node/folder-note-source.ts", "src/cli/folder-note-source.ts");
const NodeFileStore = await exported<new () => unknown>("NodeFileStore", "src/cli/node/node-file-store.ts", "src/cli/node-file-store.ts");
const normalizeSettings = await exported<(raw: unknown) => { settings: unknown }>("normalizeSettings", "src/core/settings/normalize-settings.ts");

const dir = mkdtempSync(join(tmpdir(), "hvs-hops-"));
const vault = join(dir, "vault");
mkdirSync(vault);
const words = ["tomato", "garden", "water", "seedling", "compost", "harvest", "sourdough", "starter", "backup", "restore"];
for (let i = 0; i < 40; i++) {
  writeFileSync(join(vault, `n${i}.md`), `# Note ${i}\n\n${words.map((w, j) => (i + j) % 3 === 0 ? w : "").join(" ")} text ${i}.\n\n## Part\n\nMore about ${words[i % 10]}.\n`);
}
const session = openVaultSearch({
  source: new FolderNoteSource(vault),
  store: new NodeFileStore(),
  dataDir: join(dir, "data"),
  settings: normalizeSettings(undefined).settings,
  hostIgnore: [],
  offline: { embedder: undefined },
  indexOverrides: { debounceMs: 0 },
});
const service = session.service;
await service.start();
await service.whenIdle();
await service.save();
const keyword = (q: string): unknown => {
  const search = session.searchKeyword?.bind(session) ?? service.engine?.searchKeyword.bind(service.engine);
  if (!search) throw new Error("this checkout has neither session.searchKeyword nor service.engine");
  return search({ query: q, prefixLast: true });
};
for (const q of ["gar", "garden wat", "tomato"]) keyword(q);

const inspector = new Session();
inspector.connect();
await inspector.post("Profiler.enable");
await inspector.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
const ran = async (): Promise<string[]> => {
  const { result } = await inspector.post("Profiler.takePreciseCoverage");
  const files = new Set<string>();
  for (const s of result) {
    if (!s.url.startsWith("file:")) continue;
    const path = fileURLToPath(s.url.split("?")[0] ?? s.url);
    const rel = relative(repo, path);
    if (!rel.startsWith("src/")) continue;
    if (s.functions.some((f) => f.ranges.some((r) => r.count > 0))) files.add(rel);
  }
  return [...files].sort();
};
const report = (name: string, files: string[]): void => {
  const folders = new Set(files.map((f) => f.split("/").slice(0, -1).join("/")));
  console.log(`${name}: ${files.length} files in ${folders.size} folders`);
  for (const f of files) console.log(`  ${f}`);
};

await ran();
keyword("seedling comp");
report("keystroke (session keyword search, results out)", await ran());

appendFileSync(join(vault, "n7.md"), "\n\nAn edit about zucchini.\n");
await ran();
service.enqueue({ kind: "upsert", path: "n7.md" });
await service.flush();
await service.save();
report("note edit (vault event in, index saved)", await ran());
await service.stop();
