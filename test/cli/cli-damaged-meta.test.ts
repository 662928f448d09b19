import { readFileSync, statSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { vaultLayout } from "../../src/cli/vault-config";
import { indexFilePaths } from "../../src/core/persist/index-files";
import { decodeVectorsFile } from "../../src/core/persist/vectors-file";
import { runSliced } from "../../src/core/persist/slices";
import { runCli, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();
const withModel = (model: string) => ["--ollama", ctx.fake.url, "--model", model];

/** Rows of the saved vectors file that hold a vector. */
async function savedVectors(vault: string): Promise<{ model: string; rows: number }> {
  const decoded = await runSliced(decodeVectorsFile(readFileSync(indexFilePaths(vaultLayout(vault).dataDir).vectors)));
  if (!decoded.ok) throw new Error(decoded.error.message);
  return { model: decoded.value.model, rows: decoded.value.hasVector.filter((h) => h === 1).length };
}

/**
 * Flips 64 bytes of the meta file, as a torn sync or a bad disk would: its checksum no longer holds. `at`: "middle"
 * leaves its header readable, "start" does not.
 */
function damageMeta(vault: string, at: "middle" | "start" = "middle"): void {
  const meta = indexFilePaths(vaultLayout(vault).dataDir).meta;
  const bytes = readFileSync(meta);
  const from = at === "start" ? 0 : Math.floor(bytes.length / 2);
  for (let i = 0; i < 64; i++) bytes.writeUInt8((bytes.readUInt8(from + i) ^ 0xff) & 0xff, from + i);
  writeFileSync(meta, bytes);
}

describe("a damaged meta file", () => {
  it("with a mistyped model loses no vector; the right model then brings every vector back without embedding", async () => {
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")])).code).toBe(0);
    const before = await savedVectors(ctx.vault.dir);
    const vectorsPath = indexFilePaths(vaultLayout(ctx.vault.dir).dataDir).vectors;
    const bytesBefore = statSync(vectorsPath).size;
    expect(before.rows).toBeGreaterThan(0);
    const embedded = ctx.fake.stats.embedInputs;

    damageMeta(ctx.vault.dir);
    const typo = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embd")]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/Model fake-embd is not installed/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(statSync(vectorsPath).size).toBeGreaterThanOrEqual(bytesBefore * 0.9);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);

    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(back.code, back.stderr).toBe(0);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(back.stderr).toMatch(/all embedded with fake-embed\.\nNothing needed embedding in this run/);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);
  });

  it("without --model and with an unreadable meta header keeps the vectors; the model then embeds nothing", async () => {
    expect((await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")])).code).toBe(0);
    const before = await savedVectors(ctx.vault.dir);
    const embedded = ctx.fake.stats.embedInputs;

    damageMeta(ctx.vault.dir, "start");
    const offline = await runCli(["index", "--vault", ctx.vault.dir]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stderr).toMatch(/embeddings in it were intact and are reused/);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);

    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(back.code, back.stderr).toBe(0);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);
  });
});
