/**
 * The reader side of bench/reload.ts, run in its own process against one checkout:
 *
 *   node --expose-gc --import tsx bench/lib/reload-reader.ts REPO VAULT RELOADS
 *
 * Opens REPO's `LiveVault` over VAULT as `mcp` without `--watch` would, then asks the parent (a line on stdout,
 * answered by a line on stdin) to land a new save, waits for the reload, and measures memory after a full GC.
 * Ends with one JSON line of results.
 */
import { getEventListeners } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { DEFAULT_CONFIG_DIR } from "../../src/cli/node/vault-config";

interface Live {
  reloads: number;
  whenReady(): Promise<void>;
  close(): Promise<void>;
}
interface LiveModule {
  LiveVault: {
    open(cmd: unknown, io: unknown, opts: unknown): Promise<{ ok: true; value: Live } | { ok: false; error: { message: string } }>;
  };
}

const [repo = ".", vault = "", count = "50"] = process.argv.slice(2);
const reloads = Number(count);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
let warnings = 0;
process.on("warning", (w) => {
  if (w.name === "MaxListenersExceededWarning") warnings++;
});

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
/** Asks the parent to do `what` to the saved files, and waits for it to be done. */
async function ask(what: string): Promise<void> {
  process.stdout.write(`${what}\n`);
  await lines.next();
}
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
function memoryMb(): number {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return Math.round((m.heapUsed + m.external) / 1e5) / 10;
}

// eslint-disable-next-line no-unsanitized/method -- a benchmark loads the checkout named on its own command line
const { LiveVault } = (await import(pathToFileURL(join(repo, "src/cli/live-vault.ts")).href)) as LiveModule;
const abort = new AbortController();
const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, signal: abort.signal };
const cmd = { vault, ollama: undefined, configDir: DEFAULT_CONFIG_DIR };
const opened = await LiveVault.open(cmd, io, { app: "cli mcp", watch: false, reloadPollMs: 25, log: () => undefined });
if (!opened.ok) throw new Error(opened.error.message);
const live = opened.value;
await live.whenReady();
const memory = [memoryMb()];
for (let i = 0; i < reloads; i++) {
  const before = live.reloads;
  await ask("save");
  const end = Date.now() + 120_000;
  while (live.reloads === before) {
    if (Date.now() > end) throw new Error(`reload ${i + 1} never came`);
    await sleep(10);
  }
  memory.push(memoryMb());
  if ((i + 1) % 10 === 0) process.stderr.write(`[bench:reload] ${i + 1} reloads, ${memory.at(-1)} MB\n`);
}
// A sync tool touching the meta file, then rewriting it with the same bytes: each given a few polls to react.
const beforeTouches = live.reloads;
for (const what of ["touch", "rewrite"]) {
  for (let i = 0; i < 10; i++) {
    await ask(what);
    await sleep(250);
  }
}
const result = {
  memoryMb: memory,
  reloads: beforeTouches,
  reloadsFromTouches: live.reloads - beforeTouches,
  abortListeners: getEventListeners(abort.signal, "abort").length,
  maxListenerWarnings: warnings,
};
await live.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
