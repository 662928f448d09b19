import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { VaultOptions } from "../../src/cli/args";
import type { CliIo } from "../../src/cli/cli-io";
import { LiveVault, type LiveVaultOptions } from "../../src/cli/live-vault";
import { DEFAULT_CONFIG_DIR } from "../../src/cli/node/vault-config";
import { startFakeOllama, type FakeOllama } from "../fakes/fake-ollama";
import { captureIo } from "./cli-harness";
import { writeFixtureVault } from "./mcp-fixture";

/** What a test file of live vaults works with; `fake` and `vault` are read inside tests (they change per test). */
export interface LiveVaultSetup {
  /** The fake Ollama of the file, reset before each test. */
  readonly fake: FakeOllama;
  /** The fixture vault of the current test, disposed after it. */
  readonly vault: { dir: string; dispose: () => void };
  /** Runs `close` after the current test (in the order given), before the live vaults close and the vault goes. */
  afterTest(close: () => Promise<void>): void;
  /**
   * Opens a `LiveVault` in this process over the current vault (default config folder, no Ollama unless `cmd` says),
   * and waits until its index is ready. After the test, once the `afterTest` closers ran, the live vaults close in
   * the order they were opened.
   */
  open(cmd: Partial<VaultOptions>, io: Partial<CliIo>, options: LiveVaultOptions): Promise<LiveVault>;
}

/**
 * Registers the set-up the live-vault tests share: one fake Ollama for the file, a fresh fixture vault per test, and
 * the live vaults a test opened closed after it. Call it at the top of the file; hooks a file registers earlier run
 * after these at the end of a test (vitest runs "after" hooks as a stack).
 */
export function liveVaultSetup(): LiveVaultSetup {
  let fake: FakeOllama | undefined;
  let vault: { dir: string; dispose: () => void } | undefined;
  const closers: (() => Promise<void>)[] = [];
  const lives: LiveVault[] = [];
  beforeAll(async () => {
    fake = await startFakeOllama();
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    fake?.reset();
    vault = writeFixtureVault();
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    for (const live of lives.splice(0)) await live.close();
    vault?.dispose();
  });
  const setup: LiveVaultSetup = {
    get fake() {
      if (!fake) throw new Error("the fake Ollama starts in beforeAll");
      return fake;
    },
    get vault() {
      if (!vault) throw new Error("the vault is written in beforeEach");
      return vault;
    },
    afterTest: (close) => void closers.push(close),
    async open(cmd, io, options) {
      const opened = await LiveVault.open({ vault: setup.vault.dir, ollama: undefined, configDir: DEFAULT_CONFIG_DIR, ...cmd }, { ...captureIo().io, ...io }, options);
      if (!opened.ok) throw new Error(opened.error.message);
      const live = opened.value;
      lives.push(live);
      await live.whenReady();
      return live;
    },
  };
  return setup;
}
