import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { CliIo } from "../../src/cli/cli-io";
import { run } from "../../src/cli/run";
import { DEFAULT_CONFIG_DIR } from "../../src/cli/node/vault-config";
import { startFakeOllama, type FakeOllama } from "../fakes/fake-ollama";

/** The sample vault in the repo; tests only ever read it, through a copy. */
export const DEMO_VAULT = fileURLToPath(new URL("../../examples/demo-vault", import.meta.url));

/** A temp copy of the demo vault without its config folder (a local `npm run demo` may have left an index there). */
export function copyDemoVault(): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "hvs-cli-test-"));
  cpSync(DEMO_VAULT, dir, { recursive: true, filter: (src) => relative(DEMO_VAULT, src).split(sep)[0] !== DEFAULT_CONFIG_DIR });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What one in-process CLI run printed. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Captured streams, not a terminal: so no progress line, as when piped. */
export function captureIo(): { io: CliIo; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  const io: CliIo = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: {},
  };
  return { io, out: () => out, err: () => err };
}

/** Runs the CLI in-process; `extra` adds to its io (e.g. `indexOverrides` for short retry delays). */
export async function runCli(argv: string[], extra: Partial<CliIo> = {}): Promise<CliRun> {
  const { io, out, err } = captureIo();
  const code = await run(argv, { ...io, ...extra });
  return { code, stdout: out(), stderr: err() };
}

/** One result of `search --json`, as far as the tests look at it. */
export interface JsonHit {
  path: string;
  title: string;
  heading: string;
  startLine: number;
  endLine: number;
  score: number;
  snippet: string;
  ranks: { bm25?: number; vector?: number; hyde?: number };
  tags: string[];
}

/** Parses stdout of `search --json`, failing the test when it isn't exactly one JSON array. */
export function parseHits(stdout: string): JsonHit[] {
  const parsed: unknown = JSON.parse(stdout);
  if (!Array.isArray(parsed)) throw new Error(`expected a JSON array, got: ${stdout}`);
  return parsed as JsonHit[];
}

/** What a CLI test works on: a fake Ollama shared by the file, and a fresh copy of the demo vault for each test. */
export interface DemoVaultContext {
  fake: FakeOllama;
  vault: { dir: string; dispose: () => void };
}

/** Registers the hooks that start the fake Ollama once, reset it and copy the demo vault before each test. */
export function useDemoVaultWithOllama(): DemoVaultContext {
  const ctx = {} as DemoVaultContext;
  beforeAll(async () => {
    ctx.fake = await startFakeOllama();
  });
  afterAll(async () => {
    await ctx.fake.close();
  });
  beforeEach(() => {
    ctx.fake.reset();
    ctx.vault = copyDemoVault();
    return () => ctx.vault.dispose();
  });
  return ctx;
}
