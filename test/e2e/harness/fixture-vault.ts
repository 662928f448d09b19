import { afterAll, beforeAll } from "vitest";
import { startHarness, type Harness } from "./harness";
import type { HarnessPage } from "./harness-page";
import { repoPath } from "./paths";
import { waitForIndex } from "./plugin-ui";
import { readVaultFolder } from "./vault-fixture";

/** One harness over the fixture vault for a describe block, and pages on it that are ready to test. */
export interface FixtureVault {
  /** The running harness (its fake Ollama included); set once `beforeAll` has run. */
  readonly harness: Harness;
  /** The fixture vault's note paths. */
  readonly notes: string[];
  /** A fresh page with the fake Ollama reset, every note indexed and embedded, and Welcome.md open. */
  readonly indexedPage: (pluginData?: Record<string, unknown>) => Promise<HarnessPage>;
}

/** Call inside a `describe`: starts the harness before its tests and closes it after them. */
export function useFixtureVault(): FixtureVault {
  let harness: Harness | undefined;
  let notes: string[] = [];
  beforeAll(async () => {
    notes = Object.keys(await readVaultFolder(repoPath("test/e2e/fixtures/vault")));
    harness = await startHarness();
  });
  afterAll(() => harness?.close());
  const started = (): Harness => {
    if (!harness) throw new Error("The harness starts in beforeAll; use it inside a test.");
    return harness;
  };
  return {
    get harness() {
      return started();
    },
    get notes() {
      return notes;
    },
    indexedPage: async (pluginData = {}) => {
      const hs = started();
      hs.ollama.reset();
      const h = await hs.newPage({ pluginData: { ollamaUrl: hs.ollama.url, ...pluginData } });
      await waitForIndex(h, { notes: notes.length });
      await h.openFile("Welcome.md");
      return h;
    },
  };
}
