import { describe, expect, it } from "vitest";
import { parseHits, runCli, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();
const withModel = (model: string) => ["--ollama", ctx.fake.url, "--model", model];

describe("the CLI with a mistyped model", () => {
  it("fails index without discarding the vectors, search keeps the index's model; the right name then re-embeds nothing", async () => {
    const first = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(first.code).toBe(0);
    const embedded = ctx.fake.stats.embedInputs;

    const typo = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embd")]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).not.toMatch(/rebuilt/);
    expect(typo.stderr).toMatch(/it keeps its vectors of fake-embed, because fake-embd can't be used/);
    expect(typo.stderr).toMatch(/Model fake-embd is not installed\. Run `ollama pull fake-embd`\./);

    const search = await runCli(["search", "--vault", ctx.vault.dir, ...withModel("fake-embd"), "--json", "sourdough"]);
    expect(search.code).toBe(0);
    expect(parseHits(search.stdout).length).toBeGreaterThan(0);
    // search never writes, so it keeps to the model the saved index was built with, says so, and embeds the query only.
    expect(search.stderr).toMatch(/the saved index was built with fake-embed, so this run searches with fake-embed instead of fake-embd/);
    expect(search.stderr).not.toMatch(/another process/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded + 1);

    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(back.code).toBe(0);
    expect(back.stderr).toMatch(/all embedded with fake-embed\.\nNothing needed embedding in this run/);
  });
});
