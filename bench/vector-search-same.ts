/**
 * Whether the search's vector list (`vectorSearch`, which an int8 store answers through the bounded prefilter) gives
 * exactly what ranking every stored vector gives (`rankVectorsSteps(…).take(limit)`): ids, scores and order, on a
 * kept index (`bench:sync --keep`), for queries made of its notes' words and titles at limits 10–960 and floors −1
 * and 0.2. The index folder is copied aside and put back at exit.
 *
 *   node --expose-gc --import tsx bench/vector-search-same.ts --vault DIR [--dims 768]
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FolderNoteSource } from "../src/cli/node/folder-note-source";
import { NodeFileStore } from "../src/cli/node/node-file-store";
import { runAll } from "../src/core/shared/slices";
import { IndexService } from "../src/core/sync/control/index-service";
import { resolveIndexSettings } from "../src/core/sync/rules/index-settings";
import { parseArgs } from "./lib/args";
import { HashEmbedder } from "./lib/sync-embedder";

const args = parseArgs(process.argv.slice(2));
const vault = args.get("vault");
if (!vault) {
  console.error("usage: node --expose-gc --import tsx bench/vector-search-same.ts --vault DIR [--dims 768]");
  process.exit(2);
}
const dataDir = `${vault}/.obsidian/plugins/hybrid-vault-search`;
const aside = mkdtempSync(join(tmpdir(), "hvs-vector-same-"));
cpSync(dataDir, aside, { recursive: true });
process.on("exit", () => {
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(aside, dataDir, { recursive: true });
  rmSync(aside, { recursive: true, force: true });
});
const embedder = new HashEmbedder(Number(args.get("dims") ?? 768));
const settings = { ...resolveIndexSettings({}), idleSaveMs: 600_000 };
const service = new IndexService({ source: new FolderNoteSource(vault), store: new NodeFileStore(), dataDir, settings, embedder, notify: () => undefined });
await service.start();
await service.whenIdle();
const index = service.index;
const paths = [...index.notePaths()].sort();
let compared = 0;
const differ: string[] = [];
for (let i = 0; i < paths.length; i += Math.max(1, Math.floor(paths.length / 150))) {
  const path = paths[i] ?? "";
  const words = index.get(index.chunkIdsOf(path)[0] ?? "")?.chunk.text.match(/[\p{L}]{3,}/gu) ?? [];
  for (const q of [words.slice(0, 2).join(" "), words.slice(0, 10).join(" "), path.split("/").pop()?.replace(/\.md$/, "") ?? ""]) {
    const v = q === "" ? undefined : await embedder.embedQuery(q);
    if (!v?.ok) continue;
    for (const limit of [10, 60, 240, 960]) {
      for (const similarity of [-1, 0.2]) {
        const fast = index.vectorSearch(v.value, { limit, similarity });
        const all = runAll(index.rankVectorsSteps(v.value, { similarity, limit: Infinity })).take(limit);
        compared++;
        if (JSON.stringify(fast) !== JSON.stringify(all.map((h) => ({ id: h.id, score: h.score })))) differ.push(`${q} @${limit} ≥${similarity}`);
      }
    }
  }
}
await service.stop();
console.log(JSON.stringify({ vault, chunks: index.size, compared, differ: differ.length, first: differ.slice(0, 5) }, null, 2));
process.exit(0);
