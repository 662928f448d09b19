import { describe, expect, it } from "vitest";
import { parseHits, runCli, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();
const withModel = () => ["--ollama", ctx.fake.url, "--model", "fake-embed"];
const QUERY = "how do I keep a sourdough starter alive and bubbly";

describe("search --rerank MODEL", () => {
  it("asks the judge about the fused top 20 whatever --limit is, and prints the top --limit with relevance and fused rank", async () => {
    await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    const plain = parseHits((await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--json", QUERY])).stdout);
    expect(ctx.fake.stats.generateCalls).toBe(0);
    const res = await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--rerank", "fake-judge", "--json", QUERY]);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe("");
    const hits = parseHits(res.stdout) as (ReturnType<typeof parseHits>[number] & { relevance?: number; fusedRank?: number })[];
    expect(plain).toHaveLength(10);
    expect(ctx.fake.stats.generateCalls).toBe(20);
    expect(hits).toHaveLength(10);
    for (const h of hits) expect(h.relevance).toBeGreaterThan(0);
    const ranks = hits.map((h) => h.fusedRank ?? 0);
    expect(new Set(ranks).size).toBe(10);
    expect(ranks.every((r) => r >= 1 && r <= 20)).toBe(true);
    const text = await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--rerank", "fake-judge", QUERY]);
    expect(text.stdout).toMatch(/relevance 0\.\d\d \(fused #\d+\)/);
  });

  it("keeps the fused order, with a notice on stderr, when the model can't judge", async () => {
    await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    const plain = parseHits((await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--json", QUERY])).stdout);
    const res = await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--rerank", "fake-embed", "--json", QUERY]);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("Rerank left out, results keep their fused order: Model fake-embed can't judge relevance");
    expect(parseHits(res.stdout).map((h) => h.path)).toEqual(plain.map((h) => h.path));
  });
});
