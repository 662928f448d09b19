/**
 * Modules of another checkout, loaded from its own sources, so that a bench can run the same steps against a base
 * commit and this tree in turns. Benches that compared trees each spelt this out; they share it here.
 */
import { resolve } from "node:path";

/** Loads `path` (relative to the checkout's root) from the checkout at `root`, typed as this tree's module `T`. */
export function treeLoader(root: string): <T>(path: string) => Promise<T> {
  // Another checkout's modules, typed as this one's: the few calls benches make have kept their shape across versions.
  // eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
  return async <T>(path: string): Promise<T> => (await import(resolve(root, path))) as T;
}

/** What it takes to run a checkout's index service over a vault folder from Node. */
export interface TreeService {
  FolderNoteSource: typeof import("../../src/cli/node/folder-note-source").FolderNoteSource;
  NodeFileStore: typeof import("../../src/cli/node/node-file-store").NodeFileStore;
  IndexService: typeof import("../../src/core/sync/control/index-service").IndexService;
  resolveIndexSettings: typeof import("../../src/core/sync/rules/index-settings").resolveIndexSettings;
}

/** The index service and its Node adapters, from the checkout at `root`. */
export async function treeService(root: string): Promise<TreeService> {
  const load = treeLoader(root);
  const { FolderNoteSource } = await load<typeof import("../../src/cli/node/folder-note-source")>("src/cli/node/folder-note-source.ts");
  const { NodeFileStore } = await load<typeof import("../../src/cli/node/node-file-store")>("src/cli/node/node-file-store.ts");
  const { IndexService } = await load<typeof import("../../src/core/sync/control/index-service")>("src/core/sync/control/index-service.ts");
  const { resolveIndexSettings } = await load<typeof import("../../src/core/sync/rules/index-settings")>("src/core/sync/rules/index-settings.ts");
  return { FolderNoteSource, NodeFileStore, IndexService, resolveIndexSettings };
}
