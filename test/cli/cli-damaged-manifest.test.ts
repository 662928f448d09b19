import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NodeFileStore } from "../../src/cli/node/node-file-store";
import { vaultLayout } from "../../src/cli/node/vault-config";
import { loadSegments } from "../../src/core/persist/segments/segment-load";
import { MANIFEST_FILE } from "../../src/core/persist/segments/segment-names";
import { runCli, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();
const withModel = (model: string) => ["--ollama", ctx.fake.url, "--model", model];

/** The saved index's model and how many of its rows hold a vector. */
async function savedVectors(vault: string): Promise<{ model: string; rows: number }> {
  const loaded = await loadSegments(new NodeFileStore(), vaultLayout(vault).dataDir, { model: "\u0000", chunkingHash: "\u0000" });
  if (loaded.kind !== "discarded" || !loaded.reusable) throw new Error(`no readable index (${loaded.kind})`);
  return { model: loaded.reusable.header.model, rows: loaded.reusable.hasVector.filter((h) => h === 1).length };
}

/**
 * Flips 64 bytes of the manifest, as a torn sync or a bad disk would: its checksum no longer holds, while the
 * segments it listed are intact beside it. `at`: "middle" leaves its header (and the model it names) readable,
 * "start" does not.
 */
function damageManifest(vault: string, at: "middle" | "start" = "middle"): void {
  const file = join(vaultLayout(vault).dataDir, MANIFEST_FILE);
  const bytes = readFileSync(file);
  const from = at === "start" ? 0 : Math.floor(bytes.length / 2) - 32;
  for (let i = 0; i < 64; i++) bytes.writeUInt8((bytes.readUInt8(from + i) ^ 0xff) & 0xff, from + i);
  writeFileSync(file, bytes);
}

// The segmented index's counterpart of cli-damaged-meta.test.ts (issue 20 item 7): the manifest is what the meta file
// was, and the segments hold the vectors with their texts' hashes.
describe("a damaged manifest", () => {
  it("with a mistyped model loses no vector; the right model then brings every vector back without embedding", async () => {
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")])).code).toBe(0);
    const before = await savedVectors(ctx.vault.dir);
    expect(before.rows).toBeGreaterThan(0);
    const embedded = ctx.fake.stats.embedInputs;

    damageManifest(ctx.vault.dir);
    const typo = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embd")]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/Model fake-embd is not installed/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);

    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).toMatch(/Nothing needed embedding in this run/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);
  }, 60_000);

  it("with the right model reuses every vector of the intact segments and embeds nothing", async () => {
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")])).code).toBe(0);
    const before = await savedVectors(ctx.vault.dir);
    const embedded = ctx.fake.stats.embedInputs;

    damageManifest(ctx.vault.dir);
    const again = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/embeddings in it were intact and are reused/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);
  }, 60_000);

  it("without --model and with an unreadable manifest header keeps the vectors; the model then embeds nothing", async () => {
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")])).code).toBe(0);
    const before = await savedVectors(ctx.vault.dir);
    const embedded = ctx.fake.stats.embedInputs;

    damageManifest(ctx.vault.dir, "start");
    const offline = await runCli(["index", "--vault", ctx.vault.dir]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stderr).toMatch(/embeddings in it were intact and are reused/);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);

    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(back.code, back.stderr).toBe(0);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);
  }, 60_000);
});

// Another device's index arrives by a sync tool file by file, its manifest last; a device that starts in between saw
// "no index" and embedded the whole vault again, what the segments beside it already held.
describe("segments with no manifest beside them", () => {
  it("give their vectors to the rebuild: nothing is embedded again", async () => {
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")])).code).toBe(0);
    const before = await savedVectors(ctx.vault.dir);
    expect(before.rows).toBeGreaterThan(0);
    const embedded = ctx.fake.stats.embedInputs;

    rmSync(join(vaultLayout(ctx.vault.dir).dataDir, MANIFEST_FILE));
    const again = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/segments but no manifest yet .* embeddings in them are reused/);
    expect(again.stderr).toMatch(/Nothing needed embedding in this run/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);
  }, 60_000);

  it("of another model give nothing to a rebuild with this one", async () => {
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")])).code).toBe(0);
    const embedded = ctx.fake.stats.embedInputs;

    rmSync(join(vaultLayout(ctx.vault.dir).dataDir, MANIFEST_FILE));
    const other = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("nomic-embed-text")]);
    expect(other.stderr).not.toMatch(/embeddings in them are reused/);
    expect(ctx.fake.stats.embedInputs).toBeGreaterThan(embedded);
  }, 60_000);
});
