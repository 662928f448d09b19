/**
 * Whether two checkouts write the same keyword postings into a save's segments: each indexes bench:ui's synthetic
 * vault in its own ChunkIndex and, every 500 notes, encodes the postings of the newest notes in three groups (what a
 * checkpoint of a first index saves) and of older notes spread over the vault (what a compaction rewrites); at the
 * end, of a note edited after it was saved. The bytes of every export are hashed and compared. Changes meant to make a
 * save cheaper without changing what it writes are checked with it.
 *
 *   npx tsx bench/save-parts-same.ts --base DIR [--notes 3000]
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { parseArgs } from "./lib/args";
import { syntheticVault } from "./lib/ui-vault";

const args = parseArgs(process.argv.slice(2));
const notes = Number(args.get("notes") ?? 3000);
const base = args.get("base");
if (!base || !Number.isInteger(notes) || notes < 500) {
  console.error("usage: npx tsx bench/save-parts-same.ts --base DIR [--notes N ≥ 500]");
  process.exit(2);
}

async function exports(dir: string): Promise<{ hash: string; bytes: number; failed: number }> {
  // Another checkout's modules, typed as this one's: the few calls made here have kept their shape.
  const load = async <T>(path: string): Promise<T> =>
    // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
    (await import(resolve(dir, "src", path))) as T;
  const { chunkNote } = await load<typeof import("../src/core/chunk/chunker")>("core/chunk/chunker.ts");
  const { ChunkIndex } = await load<typeof import("../src/core/index/chunk-index")>("core/index/chunk-index.ts");
  const { defaultSettings } = await load<typeof import("../src/core/settings/plugin-settings")>("core/settings/plugin-settings.ts");
  const { runAll } = await load<typeof import("../src/core/shared/slices")>("core/shared/slices.ts");
  const settings = defaultSettings();
  const entries = Object.entries(syntheticVault(notes).files);
  const index = new ChunkIndex(0);
  const hash = createHash("sha256");
  let [bytes, failed] = [0, 0];
  const take = (groups: string[][]): void => {
    const parts = runAll(index.exportKeywordPartsSteps(groups));
    if (!parts) failed++;
    for (const p of parts ?? []) {
      hash.update(p);
      bytes += p.length;
    }
    hash.update("|");
  };
  const ids: string[][] = [];
  entries.forEach(([path, md], i) => {
    const note = chunkNote(path, md, settings.chunk);
    index.addNote(note);
    ids.push(note.chunks.map((c) => c.id));
    if ((i + 1) % 500 !== 0) return;
    const recent = ids.slice(-500);
    take([recent.slice(0, 100).flat(), recent.slice(100, 300).flat(), recent.slice(300).flat(), ids.filter((_, k) => k % 7 === 3).slice(0, 200).flat()]);
  });
  const [path, md] = entries[10] ?? ["", ""];
  index.addNote(chunkNote(path, `${md}\nextra words garden`, settings.chunk));
  take([ids[10] ?? [], ids[ids.length - 1] ?? []]);
  return { hash: hash.digest("hex"), bytes, failed };
}

const [ours, theirs] = [await exports("."), await exports(base)];
const same = ours.hash === theirs.hash;
console.log(`${same ? "same" : "DIFFER"}: ${ours.bytes.toLocaleString("en-US")} bytes here (${ours.failed} exports failed), ${theirs.bytes.toLocaleString("en-US")} in ${base} (${theirs.failed} failed); ${notes} notes`);
if (!same) process.exit(1);
