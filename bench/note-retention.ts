/**
 * What a vault's prepared notes keep alive: every note of `--vault` is read and prepared (`prepareNote`: capped,
 * chunked, its embedding inputs hashed) by this checkout and, with `--baseline DIR`, by another checkout, each in a
 * process of its own; the chunks and metadata are kept (as the index keeps them) and the file texts dropped, and the
 * heap they hold after a full collection is reported. A kept substring that is a view into the file's text keeps the
 * whole text alive.
 *
 *   node --expose-gc --import tsx bench/note-retention.ts --vault DIR [--baseline DIR]
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { treeLoader } from "./lib/tree-modules";

const args = parseArgs(process.argv.slice(2));
const vault = args.get("vault");
if (!vault) {
  console.error("usage: node --expose-gc --import tsx bench/note-retention.ts --vault DIR [--baseline DIR]");
  process.exit(2);
}
const tree = args.get("tree");
if (tree) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run node with --expose-gc");
  type Prep = typeof import("../src/core/sync/notes/note-prep");
  type Settings = typeof import("../src/core/sync/rules/index-settings");
  const from = treeLoader(tree);
  const { prepareNote } = await from<Prep>("src/core/sync/notes/note-prep.ts");
  const { resolveIndexSettings } = await from<Settings>("src/core/sync/rules/index-settings.ts");
  const settings = resolveIndexSettings({});
  const files = (readdirSync(vault, { recursive: true }) as string[]).filter((f) => f.endsWith(".md") && !f.startsWith("."));
  const kept: unknown[] = [];
  let chars = 0;
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const f of files) {
    const text = readFileSync(join(vault, f), "utf8");
    chars += text.length;
    const p = await prepareNote(f, text, "", settings, () => Promise.resolve());
    kept.push({ chunks: p.note.chunks, meta: p.note.meta });
  }
  gc();
  gc();
  const heldMB = (process.memoryUsage().heapUsed - before) / 1e6;
  console.log(JSON.stringify({ notes: files.length, fileChars: chars, chunks: kept.length > 0 ? kept.reduce((n: number, k) => n + (k as { chunks: unknown[] }).chunks.length, 0) : 0, heldMB: Math.round(heldMB * 10) / 10 }));
} else {
  const trees = [{ label: "this checkout", dir: "." }, ...(args.get("baseline") ? [{ label: args.get("baseline") ?? "", dir: args.get("baseline") ?? "" }] : [])];
  for (const t of trees) {
    const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "bench/note-retention.ts", "--vault", vault, "--tree", resolve(t.dir)], { encoding: "utf8", maxBuffer: 1 << 20 });
    console.log(`${t.label}: ${out.trim()}`);
  }
}
