import { afterAll, afterEach, beforeAll } from "vitest";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { writeFixtureVault } from "../mcp-fixture";

/** The MCP `search` tool's and the CLI's JSON answer, as the tests read it. */
export interface SearchOut {
  effectiveMode: string;
  notices: string[];
  results: { path: string; ranks: Record<string, number> }[];
}

export interface FakeOllamaSuite {
  /** The file's fake Ollama (started before the first test). */
  readonly fake: FakeOllama;
  /** Servers and clients a test started, closed after it. */
  readonly closers: (() => Promise<void>)[];
  /** A fresh fixture vault for this test, removed after it; returns its folder. */
  newVault(): string;
  /** `--ollama URL --model fake-embed` for the CLI. */
  ollamaArgs(): string[];
}

/**
 * One fake Ollama for a test file, and what each test leaves behind cleaned up after it. The fake is reset before
 * the closers run, so that a request it still holds can't keep a server from closing, and again after, so that the
 * next test's counts don't hold what closing sent.
 */
export function fakeOllamaSuite(): FakeOllamaSuite {
  let fake: FakeOllama | undefined;
  let vault: ReturnType<typeof writeFixtureVault> | undefined;
  const closers: (() => Promise<void>)[] = [];
  const started = (): FakeOllama => {
    if (!fake) throw new Error("the fake Ollama starts in beforeAll");
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeOllama();
  });
  afterAll(() => started().close());
  afterEach(async () => {
    started().reset();
    for (const close of closers.splice(0)) await close();
    vault?.dispose();
    vault = undefined;
    started().reset();
  });
  return {
    get fake() {
      return started();
    },
    closers,
    newVault() {
      vault = writeFixtureVault();
      return vault.dir;
    },
    ollamaArgs: () => ["--ollama", started().url, "--model", "fake-embed"],
  };
}
