import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IndexService } from "../../src/core/sync/control/index-service";
import type { SearchEngine } from "../../src/core/search/search-engine";
import type { HashEmbedder } from "./sync-embedder";
import { treeLoader, treeService } from "./tree-modules";

/** A service over an index kept by `bench:sync --keep`, built from checkout `root`'s src/ (not yet started). */
export interface KeptIndex {
  service: IndexService;
  embedder: HashEmbedder;
  /** `root`'s search engine class, to search the service's index with. */
  SearchEngine: typeof SearchEngine;
}

/**
 * Opens `vault`'s kept index with checkout `root`'s modules (another checkout's, typed as this one's: the calls made
 * here have kept their shape across versions). The index folder is copied aside first and put back at exit, so that
 * whatever the run saves leaves the kept index as it was.
 */
export async function openKeptIndex(root: string, vault: string, dims: number, tag: string): Promise<KeptIndex> {
  const load = treeLoader(root);
  const { FolderNoteSource, NodeFileStore, IndexService, resolveIndexSettings } = await treeService(root);
  const { SearchEngine } = await load<typeof import("../../src/core/search/search-engine")>("src/core/search/search-engine.ts");
  const { HashEmbedder } = await load<typeof import("./sync-embedder")>("bench/lib/sync-embedder.ts");
  const dataDir = `${vault}/.obsidian/plugins/hybrid-vault-search`;
  const aside = mkdtempSync(join(tmpdir(), `hvs-${tag}-`));
  cpSync(dataDir, aside, { recursive: true });
  process.on("exit", () => {
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(aside, dataDir, { recursive: true });
    rmSync(aside, { recursive: true, force: true });
  });
  const embedder = new HashEmbedder(dims);
  const service = new IndexService({
    source: new FolderNoteSource(vault),
    store: new NodeFileStore(),
    dataDir,
    settings: { ...resolveIndexSettings({}), idleSaveMs: 600_000 },
    embedder,
    notify: () => undefined,
  });
  return { service, embedder, SearchEngine };
}
