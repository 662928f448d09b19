import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LiveVault } from "../../src/cli/live-vault";
import { peekIndexModel } from "../../src/cli/node/saved-index";
import { DEFAULT_CONFIG_DIR, vaultLayout } from "../../src/cli/node/vault-config";
import { startFakeOllama, type FakeOllama } from "../fakes/fake-ollama";
import { captureIo, parseHits, runCli } from "./cli-harness";
import { writeFixtureVault } from "./mcp-fixture";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { OllamaHealth } from "../../src/core/ollama/ollama-breaker";

/** Retries a few ms apart and one request at a time, so a chain that can't embed gives up in milliseconds. */
const FAST = { indexOverrides: { embedRetries: 1, embedRetryMs: 5, embedConcurrency: 1 }, chainRecheckMs: 0, ollamaTimeoutMs: 1000 };

let home: FakeOllama;
let laptop: FakeOllama;
let vault: { dir: string; dispose: () => void };
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  [home, laptop] = await Promise.all([startFakeOllama(), startFakeOllama()]);
});
afterAll(async () => {
  await Promise.all([home.close(), laptop.close()]);
});
beforeEach(() => {
  home.reset();
  laptop.reset();
  vault = writeFixtureVault();
});
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  vault.dispose();
});

const sentTo = (f: FakeOllama, word: string): number => f.stats.inputs.filter((t) => t.includes(word)).length;

describe("a fallback chain of Ollama servers", () => {
  it("embeds through the second server while the first is away, says so, and goes back to the first when it answers", async () => {
    home.setFaults({ down: true });
    const chain = ["--ollama", `${home.url}@fake-embed`, "--ollama", laptop.url];
    // A server that is away either refuses at once or times out (then its breaker skips it until a probe answers).
    const health = new OllamaHealth({ firstProbeMs: 1, maxProbeMs: 5 });
    closers.push(async () => health.dispose());
    const res = await runCli(["index", "--vault", vault.dir, ...chain], { ollamaTimeoutMs: 1000, ollamaHealth: health });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/all embedded with fake-embed/);
    expect(res.stderr).toContain(`Embedding through the fallback ${laptop.url}`);
    expect(res.stderr).toContain(`Embedding through Ollama at ${laptop.url}: ${home.url} does not answer.`);
    expect(home.stats.embedInputs).toBe(0);
    expect(sentTo(laptop, "pg_basebackup")).toBe(1);

    // One long-running session: queries follow the chain both ways.
    const { io, err } = captureIo();
    const opened = await LiveVault.open(
      { vault: vault.dir, ollama: { url: home.url, model: "fake-embed", fallbacks: [`${laptop.url}@fake-embed`] }, configDir: DEFAULT_CONFIG_DIR },
      { ...io, chainRecheckMs: 0, ollamaTimeoutMs: 1000, ollamaHealth: health },
      { app: "cli mcp", log: () => undefined },
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const live = opened.value;
    closers.push(() => live.close());
    await live.whenReady();
    const ask = (query: string) => live.session.search({ query, mode: "semantic", limit: 3 });
    const away = await ask("sourdough starter feeding");
    expect(away.effectiveMode).toBe("semantic");
    expect(sentTo(laptop, "sourdough starter feeding")).toBe(1);
    expect(live.session.ollamaInUse()?.url).toBe(laptop.url);

    home.setFaults({ down: false });
    await until(() => health.breakerFor(home.url).openError === undefined, "the first server's breaker to close");
    const back = await ask("autumn leaves at the temple");
    expect(back.effectiveMode).toBe("semantic");
    expect(sentTo(home, "autumn leaves at the temple")).toBe(1);
    expect(sentTo(laptop, "autumn leaves at the temple")).toBe(0);
    expect(live.session.ollamaInUse()?.url).toBe(home.url);
    expect(err()).toContain(`Embedding through Ollama at ${home.url} again.`);
  });

  it("skips a server that failed for a while instead of waiting on it for every batch", async () => {
    home.setFaults({ down: true });
    const asked: string[] = [];
    const counting: typeof fetch = (input, init) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return globalThis.fetch(input, init);
    };
    const chain = ["--ollama", `${home.url}@fake-embed`, "--ollama", laptop.url];
    const res = await runCli(["index", "--vault", vault.dir, ...chain], {
      fetch: counting,
      ollamaTimeoutMs: 1000,
      indexOverrides: { embedConcurrency: 1, embedBatchSize: 1 },
    });
    expect(res.code, res.stderr).toBe(0);
    expect(laptop.stats.embedCalls).toBeGreaterThan(3);
    // The first server's model check (with its client's two retries when refused, one call when it times out), and
    // no more: every batch after it went straight to the laptop.
    const toHome = asked.filter((u) => u.startsWith(home.url)).length;
    expect(toHome).toBeGreaterThan(0);
    expect(toHome).toBeLessThanOrEqual(3);
  });

  it("never embeds with a server of another model: indexing waits, and search runs on keywords saying what to do", async () => {
    expect((await runCli(["index", "--vault", vault.dir, "--ollama", home.url, "--model", "fake-embed"])).code).toBe(0);
    const before = await peekIndexModel(vaultLayout(vault.dir).dataDir);
    home.setFaults({ down: true });
    writeFileSync(join(vault.dir, "Projects", "Quokka.md"), "# Quokka\n\nquokka sightings on Rottnest island\n");
    const chain = ["--ollama", `${home.url}@fake-embed`, "--ollama", `${laptop.url}@nomic-embed-text`];

    const res = await runCli(["index", "--vault", vault.dir, ...chain], FAST);
    expect(res.code).toBe(1);
    expect(laptop.stats.embedCalls).toBe(0);
    expect(res.stderr).toContain(`Only Ollama at ${laptop.url} answers, and it serves nomic-embed-text, not fake-embed`);
    expect(res.stderr).toContain("Run `ollama pull fake-embed` there");
    expect(res.stderr).toMatch(/1 chunk not embedded yet|1 missing embedding/);
    expect(await peekIndexModel(vaultLayout(vault.dir).dataDir)).toEqual(before);

    const search = await runCli(["search", "--vault", vault.dir, "--json", ...chain, "quokka island"], FAST);
    expect(search.code).toBe(0);
    expect(search.stderr).toMatch(/Keyword results only: Only Ollama at .* serves nomic-embed-text, not fake-embed/);
    expect(parseHits(search.stdout)[0]?.path).toBe("Projects/Quokka.md");
    expect(laptop.stats.embedCalls).toBe(0);
  });

  it("with every server of the model down, names them all", async () => {
    home.setFaults({ down: true });
    laptop.setFaults({ down: true });
    const res = await runCli(["index", "--vault", vault.dir, "--ollama", home.url, "--ollama", laptop.url, "--model", "fake-embed"], FAST);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("No Ollama server with model fake-embed answers.");
    expect(res.stderr).toContain(home.url);
    expect(res.stderr).toContain(laptop.url);
  });
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error(`gave up waiting for ${what}`);
}
