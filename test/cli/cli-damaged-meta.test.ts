import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { vaultLayout } from "../../src/cli/node/vault-config";
import { indexFilePaths } from "../../src/core/persist/index-files";
import { decodeVectorsFile } from "../../src/core/persist/vectors-file";
import { runSliced } from "../../src/core/shared/slices";
import { runCli, useDemoVaultWithOllama } from "./cli-harness";
import { NodeFileStore } from "../../src/cli/node/node-file-store";
import { loadSegments } from "../../src/core/persist/segments/segment-load";
import { toSingleFileLayout } from "../core/sync/helpers/single-file-layout";

const ctx = useDemoVaultWithOllama();
const withModel = (model: string) => ["--ollama", ctx.fake.url, "--model", model];

/** The saved index's model and how many of its rows hold a vector (segments, else the single-file layout). */
async function savedVectors(vault: string): Promise<{ model: string; rows: number }> {
  const dataDir = vaultLayout(vault).dataDir;
  const segments = await loadSegments(new NodeFileStore(), dataDir, { model: "\u0000", chunkingHash: "\u0000" });
  if (segments.kind === "discarded" && segments.reusable) {
    return { model: segments.reusable.header.model, rows: segments.reusable.hasVector.filter((h) => h === 1).length };
  }
  const decoded = await runSliced(decodeVectorsFile(readFileSync(indexFilePaths(dataDir).vectors)));
  if (!decoded.ok) throw new Error(decoded.error.message);
  return { model: decoded.value.model, rows: decoded.value.hasVector.filter((h) => h === 1).length };
}

/** `index` with `model`, then the index as an older version saved it (the single-file layout these tests damage). */
async function indexedByOlderVersion(model: string): Promise<void> {
  expect((await runCli(["index", "--vault", ctx.vault.dir, ...withModel(model)])).code).toBe(0);
  await toSingleFileLayout(new NodeFileStore(), vaultLayout(ctx.vault.dir).dataDir);
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
    await indexedByOlderVersion("fake-embed");
    const before = await savedVectors(ctx.vault.dir);
    expect(before.rows).toBeGreaterThan(0);
    const embedded = ctx.fake.stats.embedInputs;

    damageMeta(ctx.vault.dir);
    const typo = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embd")]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/Model fake-embd is not installed/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);

    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(back.code, back.stderr).toBe(0);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(back.stderr).toMatch(/all embedded with fake-embed\.\nNothing needed embedding in this run/);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);
  }, 60_000);

  it("without --model and with an unreadable meta header keeps the vectors; the model then embeds nothing", async () => {
    await indexedByOlderVersion("fake-embed");
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
  }, 60_000);

  it("with another installed model keeps the old vectors aside; going back to their model embeds nothing", async () => {
    // The vector weight is measured again for each new model (26 query embeddings here); only indexing is counted.
    const dataDir = vaultLayout(ctx.vault.dir).dataDir;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "data.json"), JSON.stringify({ search: { autoWeights: false } }));
    await indexedByOlderVersion("fake-embed");
    const paths = indexFilePaths(vaultLayout(ctx.vault.dir).dataDir);
    const before = await savedVectors(ctx.vault.dir);
    const oldVectors = readFileSync(paths.vectors);

    damageMeta(ctx.vault.dir);
    const other = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("nomic-embed-text")]);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toMatch(/The vectors file is kept as index-vectors\.bin\.bak/);
    expect(readFileSync(paths.vectorsBackup).equals(oldVectors)).toBe(true);
    expect((await savedVectors(ctx.vault.dir)).model).toBe("nomic-embed-text");

    const embedded = ctx.fake.stats.embedInputs;
    const back = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).toMatch(/embeddings of fake-embed kept in index-vectors\.bin\.bak are reused/);
    expect(ctx.fake.stats.embedInputs).toBe(embedded);
    expect(await savedVectors(ctx.vault.dir)).toEqual(before);
  }, 60_000);

  it("with a damaged vectors file too keeps that file aside, byte for byte, before a new save", async () => {
    await indexedByOlderVersion("fake-embed");
    const paths = indexFilePaths(vaultLayout(ctx.vault.dir).dataDir);
    damageMeta(ctx.vault.dir, "start");
    const vectors = readFileSync(paths.vectors);
    vectors.writeUInt8(vectors.readUInt8(0) ^ 0xff, 0);
    writeFileSync(paths.vectors, vectors);
    expect(existsSync(paths.vectorsBackup)).toBe(false);

    const run = await runCli(["index", "--vault", ctx.vault.dir, ...withModel("fake-embed")]);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(paths.vectorsBackup).equals(vectors)).toBe(true);
  }, 60_000);
});
