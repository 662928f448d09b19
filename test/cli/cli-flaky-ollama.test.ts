import { describe, expect, it } from "vitest";
import { runCli, useDemoVaultWithOllama } from "./cli-harness";

/**
 * Two retries a few ms apart, so the budget is spent in milliseconds instead of a minute; one request at a time, so
 * that which call fails is fixed.
 */
const FAST_RETRIES = { indexOverrides: { embedRetries: 2, embedRetryMs: 5, embedConcurrency: 1 } };

const ctx = useDemoVaultWithOllama();
const withModel = () => ["--ollama", ctx.fake.url, "--model", "fake-embed"];
const chunksOf = (stderr: string): number => Number(/22 notes, (\d+) chunks/.exec(stderr)?.[1] ?? NaN);

describe("the CLI's index with a flaky Ollama", () => {
  it("retries failed batches with backoff and ends with every chunk embedded once", async () => {
    // Each failure is three failed calls (the client retries twice itself): the model check at start-up, then the
    // first batch; its retry goes through.
    ctx.fake.setFaults({ status500: 6 });
    const res = await runCli(["index", "--vault", ctx.vault.dir, ...withModel()], FAST_RETRIES);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/all embedded with fake-embed/);
    const chunks = chunksOf(res.stderr);
    expect(res.stderr).toMatch(new RegExp(`Embedded ${chunks} chunks in this run`));
    const sent = ctx.fake.stats.embedInputs;

    const again = await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/Nothing needed embedding in this run/);
    expect(ctx.fake.stats.embedInputs).toBe(sent);
  });

  it("exits non-zero with the error and the count once the budget runs out, and a later run embeds only the rest", async () => {
    // The model check, the first batch and both its retries fail: the budget of two retries is spent.
    ctx.fake.setFaults({ status500: 12 });
    const res = await runCli(["index", "--vault", ctx.vault.dir, ...withModel()], FAST_RETRIES);
    expect(res.code).toBe(1);
    const chunks = chunksOf(res.stderr);
    expect(res.stderr).toMatch(new RegExp(`${chunks} chunks not embedded yet`));
    expect(res.stderr).toMatch(/Ollama failed on \/api\/show \(tried 3 times\)/);
    expect(res.stderr).toMatch(new RegExp(`run "index" again to add the ${chunks} missing embeddings`));

    // "Embedded N chunks" counts index texts only (the fake also sees the calibration's probes).
    const again = await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(new RegExp(`Embedded ${chunks} chunks in this run`));
  });
});
