import { describe, expect, it } from "vitest";
import { parseHits, runCli, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();
const withModel = () => ["--ollama", ctx.fake.url, "--model", "fake-embed"];
const QUERY = "how do I keep a sourdough starter alive and bubbly";

describe("search --rerank MODEL", () => {
  it("asks the judge about the fused top and prints its relevance and the fused rank", async () => {
    await runCli(["index", "--vault", ctx.vault.dir, ...withModel()]);
    const plain = parseHits((await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--json", QUERY])).stdout);
    expect(ctx.fake.stats.generateCalls).toBe(0);
    const res = await runCli(["search", "--vault", ctx.vault.dir, ...withModel(), "--rerank", "fake-judge", "--json", QUERY]);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe("");
    const hits = parseHits(res.stdout) as (ReturnType<typeof parseHits>[number] & { relevance?: number; fusedRank?: number })[];
    expect(ctx.fake.stats.generateCalls).toBe(Math.min(plain.length, 20));
    expect(hits.map((h) => h.path).sort()).toEqual(plain.map((h) => h.path).sort());
    for (const h of hits) expect(h.relevance).toBeGreaterThan(0);
    expect(hits.map((h) => h.fusedRank).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(plain.map((_, i) => i + 1));
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
