import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NodeFileStore } from "../../../src/cli/node/node-file-store";
import { peekSavedModel } from "../../../src/cli/node/saved-index";
import { indexFilePaths, saveIndexFiles } from "../../../src/core/persist/index-files";
import { buildSnapshot } from "../../core/persist/snapshot-fixtures";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hvs-peek-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("peekSavedModel", () => {
  it("reads the model and dimensions of an index the persist code saved", async () => {
    const snapshot = buildSnapshot([{ path: "a.md", chunks: [{ text: "alpha" }] }], { model: "nomic-embed-text", dims: 8 });
    const saved = await saveIndexFiles(new NodeFileStore(), dir, snapshot);
    expect(saved.ok).toBe(true);
    expect(await peekSavedModel(indexFilePaths(dir).meta)).toEqual({ model: "nomic-embed-text", dims: 8 });
  });

  it("returns undefined for a missing, foreign or truncated file", async () => {
    const meta = indexFilePaths(dir).meta;
    expect(await peekSavedModel(meta)).toBeUndefined();
    writeFileSync(meta, "not an index at all, just text");
    expect(await peekSavedModel(meta)).toBeUndefined();
    writeFileSync(meta, new Uint8Array([0x48, 0x56, 0x53, 0x4d, 1, 0, 0, 0, 200, 0, 0, 0, 0x7b]));
    expect(await peekSavedModel(meta)).toBeUndefined();
  });
});
