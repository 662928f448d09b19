/**
 * The cost of the path rules (`Exclusions.byPath`) over a vault's listing: every start asks them once for each
 * listed note (reconcile.ts), so at 50,000 notes their per-call garbage and time add up. Times this checkout's rules
 * and, with `--baseline DIR`, another checkout's, taking turns, and counts the paths on which the two disagree.
 *
 *   npx tsx bench/path-rules.ts --vault DIR [--baseline DIR] [--rounds 5]
 *
 * Two rule sets: the defaults (no rules) and a user's sort (folders, name and path globs, Obsidian's excluded files
 * as a prefix and as a regex). Not a figure of record for any target: it backs the change's own claim.
 */
import { readdirSync } from "node:fs";
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { treeLoader } from "./lib/tree-modules";

type Rules = typeof import("../src/core/sync/rules/exclusions");
type Settings = typeof import("../src/core/sync/rules/index-settings");

const args = parseArgs(process.argv.slice(2));
const vault = args.get("vault");
const rounds = Number(args.get("rounds") ?? 5);
if (!vault || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: npx tsx bench/path-rules.ts --vault DIR [--baseline DIR] [--rounds 5]");
  process.exit(2);
}
const load = async (dir: string): Promise<{ rules: Rules; settings: Settings }> => {
  const from = treeLoader(dir);
  return { rules: await from<Rules>("src/core/sync/rules/exclusions.ts"), settings: await from<Settings>("src/core/sync/rules/index-settings.ts") };
};
const trees = [{ label: "this checkout", ...(await load(".")) }];
const baseline = args.get("baseline");
if (baseline) trees.push({ label: baseline, ...(await load(baseline)) });
const paths = (readdirSync(vault, { recursive: true }) as string[]).map((p) => p.split("\\").join("/")).filter((p) => p.endsWith(".md") && !p.startsWith("."));
const sets = {
  defaults: {},
  "a user's rules": { excludeFolders: ["Templates", "Archive/old"], excludeGlobs: ["*.excalidraw.md", "Daily/**/x.md"], hostIgnore: ["Attachments/", "/^copy-9/"] },
};
for (const [name, over] of Object.entries(sets)) {
  const compiled = trees.map((t) => t.rules.compileExclusions(t.settings.resolveIndexSettings(over)));
  const answers = compiled.map((c) => paths.map((p) => c.byPath(p)));
  const differ = answers.slice(1).map((a) => a.filter((x, i) => x !== answers[0]?.[i]).length);
  const times = compiled.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    compiled.forEach((c, j) => {
      const t0 = performance.now();
      for (const p of paths) c.byPath(p);
      times[j]?.push(performance.now() - t0);
    });
  }
  const row = trees.map((t, j) => `${t.label} ${percentile(times[j] ?? [], 50).toFixed(1)} ms`).join(", ");
  console.log(`${name}: ${paths.length} paths, median of ${rounds} passes: ${row}${differ.length ? `; answers that differ: ${differ.join(", ")}` : ""}`);
}
