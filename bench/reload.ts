/**
 * Reader reload benchmark (issue 20, item 2): the memory of a read-only `mcp` server (a `LiveVault` without
 * `--watch`) across many reloads of the index another process saves, and whether a sync tool touching or
 * rewriting the meta file with the same bytes sets off reloads.
 *
 *   npm run bench:reload -- [--notes 3000] [--reloads 50] [--base DIR] [--out FILE.json] [--no-docs]
 *
 * For each code version (this checkout, and `--base`, a checkout of the commit before the change), a synthetic vault
 * of `--notes` notes is written to a temp folder and indexed twice by that version's own CLI (keyword-only, no
 * Ollama needed), giving two real saves that differ by one note in the layout that version writes (segments and a
 * manifest, or the older meta and vectors files). The writer (this process, holding the writer lock as "obsidian")
 * lands them in turn, each the way a save lands: every other index file first, then the file a reader watches
 * (the manifest, or the meta file) renamed over last. The reader runs in a child process of that version, waits for
 * each reload and reports heap used + external after a full GC. --out (default bench/results/reload.json) names the
 * result file; --no-docs leaves docs/BENCHMARKS.md alone.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { NodeFileStore } from "../src/cli/node/node-file-store";
import { vaultLayout } from "../src/cli/node/vault-config";
import { MANIFEST_FILE } from "../src/core/persist/segments/segment-names";
import { LOCK_HEARTBEAT_MS, WriterLock } from "../src/core/persist/lock/writer-lock";
import { parseArgs } from "./lib/args";
import { table, writeJson, writeSection } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 3_000);
const reloads = Number(args.get("reloads") ?? 50);
const base = args.get("base");
const outFile = args.get("out") ?? "bench/results/reload.json";
const docs = !args.has("no-docs");
const log = (m: string): void => void process.stderr.write(`[bench:reload] ${m}\n`);
const mb = (bytes: number): number => Math.round(bytes / 1e5) / 10;

/** What one reader reported (see bench/lib/reload-reader.ts). */
interface ReaderRun {
  code: string;
  /** Heap used + external (incl. array buffers) after a full GC, MB: at start, then after each reload. */
  memoryMb: number[];
  reloads: number;
  /** Reloads set off by 10 touches and 10 same-bytes rewrites of the meta file. */
  reloadsFromTouches: number;
  abortListeners: number;
  maxListenerWarnings: number;
}

/** Words from several languages, so the analyzer does its usual work. */
const WORDS = "backup restore garden tomato frost seedling database drill sourdough starter Roggenmehl Sauerteig jardin tomate sauvegarde 京都 紅葉 retrieval vector keyword ranking journal meeting project deadline invoice travel train ticket museum river mountain".split(" ");

function writeVault(dir: string): void {
  let seed = 7;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < notes; i++) {
    const folder = join(dir, `F${i % 20}`);
    mkdirSync(folder, { recursive: true });
    const sections = [0, 1, 2].map((s) => {
      const words = Array.from({ length: 80 }, () => WORDS[Math.floor(rand() * WORDS.length)]);
      return `## Part ${s}\n\n${words.join(" ")} note${i}.`;
    });
    writeFileSync(join(folder, `Note ${i}.md`), `# Note ${i}\n\n${sections.join("\n\n")}\n`);
  }
}

/** Every index file of a save by name (segments and manifest, or meta and vectors); not the lock or request files. */
type Save = Map<string, Buffer>;

/** The file a reader watches for a new save: the manifest where the layout has one, else the older meta file. */
const KEY_FILES = [MANIFEST_FILE, "index-meta.bin"];
const keyOf = (save: Save): string => {
  const key = KEY_FILES.find((n) => save.has(n));
  if (!key) throw new Error(`no manifest or meta file among ${[...save.keys()].join(", ")}`);
  return key;
};

/** Indexes `dir` with `repo`'s own CLI, so each version saves in the layout it reads, and returns the save. */
function index(repo: string, dir: string): Save {
  const cli = resolve(repo, "src/cli/main.ts");
  const r = spawnSync(process.execPath, ["--import", "tsx", cli, "index", "--vault", dir], { cwd: resolve(repo), encoding: "utf8" });
  if (r.status !== 0) throw new Error(`index with ${repo} exited ${r.status}: ${r.stderr}`);
  const dataDir = vaultLayout(dir).dataDir;
  const names = readdirSync(dataDir).filter((n) => n.startsWith("index-") && !n.endsWith(".tmp"));
  return new Map(names.map((n) => [n, readFileSync(join(dataDir, n))]));
}

/** Runs the reader of one checkout in a child process, landing a save each time it asks for one. */
function runReader(code: string, repo: string, vault: string, saves: Save[]): Promise<ReaderRun> {
  const dataDir = vaultLayout(vault).dataDir;
  const key = keyOf(saves[0]!);
  const put = (name: string, bytes: Buffer): void => {
    writeFileSync(join(dataDir, `${name}.bench`), bytes);
    renameSync(join(dataDir, `${name}.bench`), join(dataDir, name));
  };
  const land = (save: Save): void => {
    for (const [name, bytes] of save) if (name !== key) put(name, bytes);
    put(key, save.get(key)!);
  };
  land(saves[0]!);
  const script = resolve("bench/lib/reload-reader.ts");
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", script, resolve(repo), vault, String(reloads)], {
    cwd: resolve(repo),
    stdio: ["pipe", "pipe", "inherit"],
  });
  let n = 0;
  let out = "";
  return new Promise((done, fail) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      let nl: number;
      while ((nl = out.indexOf("\n")) >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        if (line === "save") land(saves[++n % 2]!);
        else if (line === "touch") utimesSync(join(dataDir, key), new Date(), new Date(Date.now() + 1_000 * ++n));
        else if (line === "rewrite") land(saves[n % 2]!);
        else if (line.startsWith("{")) done({ code, ...(JSON.parse(line) as Omit<ReaderRun, "code">) });
        child.stdin.write("ok\n");
      }
    });
    child.on("exit", (status) => (status === 0 ? undefined : fail(new Error(`${code} reader exited ${status}`))));
  });
}

const tmp = mkdtempSync(join(tmpdir(), "hvs-bench-reload-"));
const load = () => loadavg()[0]!.toFixed(1);
const runs: (ReaderRun & { loadBefore: string; loadAfter: string; saveBytes: number; layout: string })[] = [];
try {
  const versions: [string, string][] = [...(base ? ([["base", base]] as [string, string][]) : []), ["this", "."]];
  for (const [code, repo] of versions) {
    const vault = join(tmp, `vault-${code}`);
    log(`${code}: writing ${notes} notes and indexing them twice with ${repo}…`);
    writeVault(vault);
    const first = index(repo, vault);
    writeFileSync(join(vault, "F0", "Note 0.md"), "# Note 0\n\nquokka sightings on Rottnest\n");
    const second = index(repo, vault);
    const saves = [first, second];
    const saveBytes = [...first.values()].reduce((a, b) => a + b.length, 0);
    const layout = keyOf(first) === MANIFEST_FILE ? "segments" : "single file";
    log(`${code}: two saves (${layout}) of ${mb(saveBytes)} MB`);
    const writer = new WriterLock(new NodeFileStore(), vaultLayout(vault).dataDir, { app: "obsidian", pid: process.pid, host: hostname() });
    if (!(await writer.acquire()).ok) throw new Error("the writer lock of the bench vault is taken");
    // A live writer beats, or the old reader would take its lock over as stale after a minute and stop reloading.
    const beating = setInterval(() => void writer.heartbeat(), LOCK_HEARTBEAT_MS);
    const loadBefore = load();
    log(`${code}: reader of ${repo}, ${reloads} reloads…`);
    try {
      const r = await runReader(code, repo, vault, saves);
      runs.push({ ...r, loadBefore, loadAfter: load(), saveBytes, layout });
    } finally {
      clearInterval(beating);
      await writer.release();
    }
  }
  const result = { notes, reloads, runs };
  writeJson(outFile, result);
  const at = (r: ReaderRun, i: number): string => (r.memoryMb[i] ?? Number.NaN).toFixed(1);
  const rows = runs.map((r) => [
    r.code,
    r.reloads,
    at(r, 0),
    at(r, 10),
    at(r, 25),
    at(r, r.memoryMb.length - 1),
    (Math.max(...r.memoryMb) - (r.memoryMb[0] ?? 0)).toFixed(1),
    r.abortListeners,
    r.maxListenerWarnings,
    r.reloadsFromTouches,
    `${r.loadBefore}–${r.loadAfter}`,
  ]);
  if (docs) {
    writeSection(
      "reload",
      [
        "## Issue 20: a read-only server across reloads",
        "",
        `\`npm run bench:reload -- --notes ${notes} --reloads ${reloads}${base ? " --base <checkout of the commit before>" : ""}\`: a reader (\`mcp\` without \`--watch\`) over a synthetic keyword-only vault of ${notes} notes (saved index ${runs.map((r) => `${r.code} ${mb(r.saveBytes)} MB, ${r.layout}`).join("; ")}), while the writer lands ${reloads} saves. Memory is heap used + external after a full GC, in MB, at start and after reload n. "Touch reloads": reloads set off by 10 touches and 10 same-bytes rewrites of the file a reader watches (the manifest, or the meta file of the older layout), as a sync tool does.`,
        "",
        table(
          ["code", "reloads", "start", "after 10", "after 25", `after ${reloads}`, "max growth", "abort listeners", "MaxListeners warnings", "touch reloads", "load (1 min)"],
          rows,
        ),
      ].join("\n"),
    );
  }
  log(`wrote ${outFile}${docs ? " and docs/BENCHMARKS.md" : ""}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
