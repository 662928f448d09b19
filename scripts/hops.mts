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
const mod = async (...cands: string[]): Promise<any> => {
  const hit = cands.map((c) => join(repo, c)).find((p) => existsSync(p));
  if (!hit) throw new Error(`none of ${cands.join(", ")}`);
  return import(pathToFileURL(hit).href);
};
const { openVaultSearch } = await mod("src/core/session/vault-search.ts");
const { FolderNoteSource } = await mod("src/cli/node/folder-note-source.ts", "src/cli/folder-note-source.ts");
const { NodeFileStore } = await mod("src/cli/node/node-file-store.ts", "src/cli/node-file-store.ts");
const { normalizeSettings } = await mod("src/core/settings/normalize-settings.ts");

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
const keyword = (q: string) =>
  typeof session.searchKeyword === "function" ? session.searchKeyword({ query: q, prefixLast: true }) : service.engine.searchKeyword({ query: q, prefixLast: true });
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
    if (s.functions.some((f: any) => f.ranges.some((r: any) => r.count > 0))) files.add(rel);
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
