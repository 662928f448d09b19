/**
 * bench:ui's start-up, by phase and at several vault sizes, to show how it grows with the note count: the fake app's
 * set-up (createTestApp over the vault), the plugin's load and Obsidian's start-up (`onload`, `create` for every
 * file, layout ready), and the first index through the fake Ollama. Each phase gets its wall time and the CPU time of
 * the browser's processes (and of this process, which serves the fake Ollama), so a loaded machine does not hide how
 * the work grows. Not a test: it never runs in `npm test`.
 *
 *   npm run build && npx tsx bench/ui-boot.ts [--notes 10000,20000,30000] [--dims 768] [--out FILE.json] [--profile]
 *
 * `--profile`: the page's CPU profile over the plugin's start and the first index, most sampled frames per phase.
 */
import { parseArgs } from "./lib/args";
import { writeJson } from "./lib/report";
import { openUiBenchPage } from "./lib/ui-page";
import { profileWindows, startPageProfile } from "./lib/ui-profile";
import { descendantsCpuMs } from "./lib/process-cpu";
import { syntheticVault } from "./lib/ui-vault";
import { waitForIndex } from "../test/e2e/harness/plugin-ui";

const args = parseArgs(process.argv.slice(2));
const sizes = (args.get("notes") ?? "10000,20000,30000").split(",").map(Number);
const dims = Number(args.get("dims") ?? 768);
const out = args.get("out");
if (sizes.some((n) => !Number.isInteger(n) || n < 20) || !Number.isInteger(dims) || dims < 2) {
  console.error("--notes must be whole numbers of at least 20, comma-separated; --dims at least 2.");
  process.exit(2);
}
const log = (msg: string): void => console.error(`[bench:ui-boot] ${msg}`);

/** One phase: wall time, CPU of the browser's processes and of this one (ms). */
interface Phase {
  wallMs: number;
  browserCpuMs: number;
  nodeCpuMs: number;
}

function meter(): () => Phase {
  const wall = performance.now();
  const browser = descendantsCpuMs(process.pid);
  const node = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(node);
    return {
      wallMs: Math.round(performance.now() - wall),
      browserCpuMs: Math.round(descendantsCpuMs(process.pid) - browser),
      nodeCpuMs: Math.round((used.user + used.system) / 1000),
    };
  };
}

const results: Record<string, unknown>[] = [];
for (const notes of sizes) {
  const vault = syntheticVault(notes);
  let stop = meter();
  const page = await openUiBenchPage(vault.files, 60 * 60_000, dims, { autostart: false });
  try {
    const setup = stop();
    log(`${notes} notes: fake app set up in ${setup.wallMs} ms (browser CPU ${setup.browserCpuMs} ms)`);
    const { h } = page;
    const profiling = args.has("profile") ? await startPageProfile(h.page) : undefined;
    const now = (): Promise<number> => h.page.evaluate(() => performance.now());
    const t0 = await now();
    stop = meter();
    await h.start();
    const start = stop();
    const t1 = await now();
    log(`${notes} notes: plugin loaded and started in ${start.wallMs} ms (browser CPU ${start.browserCpuMs} ms)`);
    stop = meter();
    await waitForIndex(h, { notes, timeoutMs: 60 * 60_000 });
    const index = stop();
    const t2 = await now();
    log(`${notes} notes: first index in ${index.wallMs} ms (browser CPU ${index.browserCpuMs} ms, node ${index.nodeCpuMs} ms)`);
    const profile = profiling
      ? profileWindows(await profiling.stop(), [
          { label: "start", from: t0, to: t1 },
          { label: "index", from: t1, to: t2 },
        ], 25)
      : undefined;
    results.push({ notes, setup, start, index, profile });
    h.assertNoErrors();
  } finally {
    await page.close();
  }
}
console.log(JSON.stringify(results.map(({ profile: _, ...r }) => r), null, 1));
if (out !== undefined) writeJson(out, results);
