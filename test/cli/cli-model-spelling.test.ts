import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { NodeFileStore } from "../../src/cli/node/node-file-store";
import { vaultLayout } from "../../src/cli/node/vault-config";
import { toSingleFileLayout } from "../core/sync/helpers/single-file-layout";
import { WriterLock } from "../../src/core/persist/lock/writer-lock";
import { parseHits, runCli, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();
const withModel = (model: string) => ["--ollama", ctx.fake.url, "--model", model];
const indexWith = (model: string) => runCli(["index", "--vault", ctx.vault.dir, ...withModel(model)]);

/** Saves the vault's index again with its header naming `model`, as a version before canonical names wrote it. */
async function respellSavedModel(vault: string, model: string): Promise<void> {
  // Such a version saved the single-file layout.
  await toSingleFileLayout(new NodeFileStore(), vaultLayout(vault).dataDir, (s) => ({ ...s, header: { ...s.header, model } }));
}

describe("one model, two spellings", () => {
  it("an index built with one spelling is reopened with the other without embedding anything", async () => {
    expect((await indexWith("fake-embed")).code).toBe(0);
    const embedded = ctx.fake.stats.embedInputs;
    expect(embedded).toBeGreaterThan(0);

    const latest = await indexWith("fake-embed:latest");
    expect(latest.code, latest.stderr).toBe(0);
    expect(latest.stderr).not.toMatch(/rebuilt/);
    expect(latest.stderr).toMatch(/all embedded with fake-embed\.\nNothing needed embedding in this run/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
  }, 60_000);

  it("an index an older version saved as \"fake-embed:latest\" keeps every vector under either spelling", async () => {
    expect((await indexWith("fake-embed")).code).toBe(0);
    const embedded = ctx.fake.stats.embedInputs;

    for (const model of ["fake-embed", "fake-embed:latest"]) {
      await respellSavedModel(ctx.vault.dir, "fake-embed:latest");
      const run = await indexWith(model);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/rebuilt/);
      expect(ctx.fake.stats.embedInputs).toBe(embedded);
    }
    // Without --model the saved spelling is read, and the vectors stay too.
    await respellSavedModel(ctx.vault.dir, "fake-embed:latest");
    const offline = await runCli(["index", "--vault", ctx.vault.dir]);
    expect(offline.stderr).toMatch(/all embedded with fake-embed\./);
  }, 60_000);

  it("a reader (another process writes) started with the other spelling embeds only its query", async () => {
    expect((await indexWith("fake-embed")).code).toBe(0);
    const writer = new WriterLock(new NodeFileStore(), vaultLayout(ctx.vault.dir).dataDir, { app: "obsidian", pid: process.pid, host: hostname() });
    expect((await writer.acquire()).ok && writer.held).toBe(true);
    try {
      ctx.fake.reset();
      const search = await runCli(["search", "--vault", ctx.vault.dir, ...withModel("fake-embed:latest"), "--json", "sourdough starter"]);
      expect(search.code, search.stderr).toBe(0);
      expect(parseHits(search.stdout)[0]?.ranks.vector).toBeDefined();
      expect(ctx.fake.stats.embedInputs).toBe(1);
    } finally {
      await writer.release();
    }
  }, 60_000);

  it("a reader asked for another model searches with the index's model, says so, and embeds only its query", async () => {
    expect((await indexWith("fake-embed")).code).toBe(0);
    const writer = new WriterLock(new NodeFileStore(), vaultLayout(ctx.vault.dir).dataDir, { app: "obsidian", pid: process.pid, host: hostname() });
    expect((await writer.acquire()).ok && writer.held).toBe(true);
    try {
      ctx.fake.reset();
      const search = await runCli(["search", "--vault", ctx.vault.dir, ...withModel("nomic-embed-text"), "--json", "sourdough starter"]);
      expect(search.code, search.stderr).toBe(0);
      expect(search.stderr).toMatch(/obsidian .*writes this index with fake-embed, so this run searches with fake-embed instead of nomic-embed-text/);
      expect(parseHits(search.stdout)[0]?.ranks.vector).toBeDefined();
      expect(ctx.fake.stats.embedInputs).toBe(1);
      expect(ctx.fake.stats.inputs.every((i) => !i.startsWith("search_document: "))).toBe(true);
    } finally {
      await writer.release();
    }
  }, 60_000);
});
