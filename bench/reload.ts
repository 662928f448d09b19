/**
 * Reader reload benchmark (issue 20, item 2): the memory of a read-only `mcp` server (a `LiveVault` without
 * `--watch`) across many reloads of the index another process saves, and whether a sync tool touching or
 * rewriting the meta file with the same bytes sets off reloads.
 *
 *   npm run bench:reload -- [--notes 3000] [--reloads 50] [--base DIR]
 *
 * A synthetic vault of `--notes` notes is written to a temp folder and indexed twice (keyword-only, no Ollama
 * needed), giving two real saves that differ by one note. The writer (this process, holding the writer lock as
 * "obsidian") lands them in turn, each the way a save lands: the vectors file, then the meta file renamed over.
 * The reader runs in a child process per code version (this checkout, and `--base`, a checkout of the commit
 * before the change), waits for each reload and reports heap used + external after a full GC.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { NodeFileStore } from "../src/cli/node/node-file-store";
import { run } from "../src/cli/run";
import { vaultLayout } from "../src/cli/node/vault-config";
import { indexFilePaths } from "../src/core/persist/index-files";
import { LOCK_HEARTBEAT_MS, WriterLock } from "../src/core/persist/lock/writer-lock";
import { parseArgs } from "./lib/args";
import { table, writeJson, writeSection } from "./lib/report";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 3_000);
const reloads = Number(args.get("reloads") ?? 50);
const base = args.get("base");
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

async function index(dir: string): Promise<[Buffer, Buffer]> {
  const quiet = { stdout: { write: () => true }, stderr: { write: () => true }, env: {} };
  if ((await run(["index", "--vault", dir], quiet)) !== 0) throw new Error("index failed");
  const paths = indexFilePaths(vaultLayout(dir).dataDir);
  return [readFileSync(paths.meta), readFileSync(paths.vectors)];
}

/** Runs the reader of one checkout in a child process, landing a save each time it asks for one. */
function runReader(code: string, repo: string, vault: string, saves: [Buffer, Buffer][]): Promise<ReaderRun> {
  const paths = indexFilePaths(vaultLayout(vault).dataDir);
  const land = (save: [Buffer, Buffer]): void => {
    writeFileSync(`${paths.vectors}.bench`, save[1]);
    renameSync(`${paths.vectors}.bench`, paths.vectors);
    writeFileSync(`${paths.meta}.bench`, save[0]);
    renameSync(`${paths.meta}.bench`, paths.meta);
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
        else if (line === "touch") utimesSync(paths.meta, new Date(), new Date(Date.now() + 1_000 * ++n));
        else if (line === "rewrite") land(saves[n % 2]!);
        else if (line.startsWith("{")) done({ code, ...(JSON.parse(line) as Omit<ReaderRun, "code">) });
        child.stdin.write("ok\n");
      }
    });
    child.on("exit", (status) => (status === 0 ? undefined : fail(new Error(`${code} reader exited ${status}`))));
  });
}

const tmp = mkdtempSync(join(tmpdir(), "hvs-bench-reload-"));
try {
  const vault = join(tmp, "vault");
  log(`writing ${notes} notes…`);
  writeVault(vault);
  const first = await index(vault);
  writeFileSync(join(vault, "F0", "Note 0.md"), "# Note 0\n\nquokka sightings on Rottnest\n");
  const second = await index(vault);
  const saves: [Buffer, Buffer][] = [first, second];
  log(`two saves of ${mb(first[0].length + first[1].length)} MB`);
  const writer = new WriterLock(new NodeFileStore(), vaultLayout(vault).dataDir, { app: "obsidian", pid: process.pid, host: hostname() });
  await writer.acquire();
  // A live writer beats, or the old reader would take its lock over as stale after a minute and stop reloading.
  const beating = setInterval(() => void writer.heartbeat(), LOCK_HEARTBEAT_MS);
  const load = () => loadavg()[0]!.toFixed(1);
  const runs: (ReaderRun & { loadBefore: string; loadAfter: string })[] = [];
  const versions: [string, string][] = [...(base ? ([["base", base]] as [string, string][]) : []), ["this", "."]];
  for (const [code, repo] of versions) {
    const loadBefore = load();
    log(`${code}: reader of ${repo}, ${reloads} reloads…`);
    const r = await runReader(code, repo, vault, saves);
    runs.push({ ...r, loadBefore, loadAfter: load() });
  }
  clearInterval(beating);
  await writer.release();
  const result = { notes, reloads, saveBytes: first[0].length + first[1].length, runs };
  writeJson("bench/results/reload.json", result);
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
  writeSection(
    "reload",
    [
      "## Issue 20: a read-only server across reloads",
      "",
      `\`npm run bench:reload -- --notes ${notes} --reloads ${reloads}${base ? " --base <checkout of the commit before>" : ""}\`: a reader (\`mcp\` without \`--watch\`) over a synthetic keyword-only vault of ${notes} notes (saved index ${mb(result.saveBytes)} MB), while the writer lands ${reloads} saves. Memory is heap used + external after a full GC, in MB, at start and after reload n. "Touch reloads": reloads set off by 10 touches and 10 same-bytes rewrites of the meta file, as a sync tool does.`,
      "",
      table(
        ["code", "reloads", "start", "after 10", "after 25", `after ${reloads}`, "max growth", "abort listeners", "MaxListeners warnings", "touch reloads", "load (1 min)"],
        rows,
      ),
    ].join("\n"),
  );
  log("wrote bench/results/reload.json and docs/BENCHMARKS.md");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
