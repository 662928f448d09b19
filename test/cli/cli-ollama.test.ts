import { describe, expect, it } from "vitest";
import { parseHits, runCli, useDemoVaultWithOllama } from "./cli-harness";

/** Two retries, a few ms apart, so that a run against a dead Ollama gives up at once. */
const FAST_RETRIES = { indexOverrides: { embedRetries: 2, embedRetryMs: 5 } };

const CODEWORD = "quillfeather";
const ctx = useDemoVaultWithOllama();

const withModel = () => ["--ollama", ctx.fake.url, "--model", "fake-embed"];

describe("the CLI with an Ollama", () => {
  it("embeds on the first index, makes no embedding call on the second, and never sends the #private note", async () => {
    const first = await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/22 notes, \d+ chunks, all embedded with fake-embed\.\nEmbedded \d+ chunks in this run/);
    expect(ctx.fake.stats.embedCalls).toBeGreaterThan(0);
    expect(ctx.fake.stats.inputs.some((t) => t.includes("Sourdough"))).toBe(true);
    expect(ctx.fake.stats.inputs.some((t) => t.toLowerCase().includes(CODEWORD))).toBe(false);

    const callsAfterFirst = ctx.fake.stats.embedCalls;
    const second = await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/Nothing needed embedding in this run/);
    expect(ctx.fake.stats.embedCalls).toBe(callsAfterFirst);
  });

  it("searches with both lists and reports each list's rank", async () => {
    await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    const before = ctx.fake.stats.embedInputs;
    const res = await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--json", "sourdough starter feeding"]);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe("");
    const [top] = parseHits(res.stdout);
    expect(top?.path).toBe("Cooking/Sourdough starter.md");
    expect(top?.ranks.bm25).toBeDefined();
    expect(top?.ranks.vector).toBeDefined();
    // Only the query was embedded: the index was up to date.
    expect(ctx.fake.stats.embedInputs - before).toBe(1);
  });

  it("adds a HyDE list with --hyde MODEL", async () => {
    await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    const plain = await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--json", "how do I keep a starter alive"]);
    expect(parseHits(plain.stdout).some((h) => h.ranks.hyde !== undefined)).toBe(false);
    expect(ctx.fake.stats.generateCalls).toBe(0);
    const res = await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--hyde", "fake-llm", "--json", "how do I keep a starter alive"]);
    expect(res.code).toBe(0);
    expect(ctx.fake.stats.generateCalls).toBe(1);
    expect(parseHits(res.stdout).some((h) => h.ranks.hyde !== undefined)).toBe(true);
  });

  it("keeps the saved vectors when run without --ollama, and falls back to keywords", async () => {
    await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    const keywordOnly = await runCli(["search", "--vault", ctx.vault.dir, "--json", "sourdough"]);
    expect(keywordOnly.code).toBe(0);
    expect(keywordOnly.stderr).toMatch(/Keyword results only: no --ollama given/);
    const before = ctx.fake.stats.embedInputs;
    const again = await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    expect(again.stderr).toMatch(/Nothing needed embedding in this run/);
    expect(ctx.fake.stats.embedInputs).toBe(before);
  });

  it("answers by keyword when Ollama is down, with the engine's message", async () => {
    ctx.fake.setFaults({ down: true });
    const res = await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--json", "pg_basebackup"]);
    expect(res.code).toBe(0);
    expect(parseHits(res.stdout)[0]?.path).toBe("Runbooks/Postgres backup and restore.md");
    expect(res.stderr).toMatch(/Keyword results only: Can't reach Ollama at http:\/\/127\.0\.0\.1:\d+\. Is it running\?/);
  });

  it("fails index with the engine's message when Ollama is down, after saving the keyword index", async () => {
    ctx.fake.setFaults({ down: true });
    const res = await runCli(["index", "--vault", ctx.vault.dir, ...withModel()], FAST_RETRIES);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/Can't reach Ollama at http:\/\/127\.0\.0\.1:\d+\. Is it running\?/);
    expect(res.stderr).toMatch(/The keyword index is up to date/);
  });
});
