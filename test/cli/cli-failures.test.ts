import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChunkIndex } from "../../src/core/index/chunk-index";
import { SearchEngine } from "../../src/core/search/search-engine";
import type { ChunkedNote } from "../../src/core/types";
import { runCli } from "./cli-harness";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hvs-cli-failures-"));
  writeFileSync(join(dir, "Bread.md"), "# Bread\n\nSourdough bread needs a starter fed every day.\n");
  writeFileSync(join(dir, "Broken.md"), "# Broken\n\nA note the index fails on.\n");
  writeFileSync(join(dir, "Garden.md"), "# Garden\n\nTomatoes want sun and water.\n");
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with the index as `this`, in the mock
const original = ChunkIndex.prototype.addNoteSteps;

describe("index when a note can't be indexed", () => {
  it("indexes the others, names the note and exits 1", async () => {
    vi.spyOn(ChunkIndex.prototype, "addNoteSteps").mockImplementation(function* (
      this: ChunkIndex,
      note: ChunkedNote,
      vectors?: readonly (Float32Array | undefined)[],
      perStep?: number,
    ) {
      if (note.path === "Broken.md") throw new TypeError("Cannot assign to read only property '5' of string 'сравнения'");
      return yield* original.call(this, note, vectors, perStep);
    });
    const run = await runCli(["index", "--vault", dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Keyword index: 2 notes, 2 chunks.");
    expect(run.stderr).toContain("1 note could not be indexed, so search can't find them:\n  Broken.md: Cannot assign to read only property");
    vi.restoreAllMocks();
    // Not recorded as indexed: the next run picks it up.
    const again = await runCli(["index", "--vault", dir]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("Keyword index: 3 notes, 3 chunks.");
  });
});

describe("search when the engine fails on a query", () => {
  it("says so in one line, exits 1, and leaves the index saved and unlocked", async () => {
    expect((await runCli(["index", "--vault", dir])).code).toBe(0);
    vi.spyOn(SearchEngine.prototype, "search").mockRejectedValue(new TypeError("boom"));
    const failed = await runCli(["search", "--vault", dir, "--mode", "keyword", "bread"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("The search failed on an unexpected error (boom). Nothing was changed; please report this as a bug.");
    expect(failed.stderr).not.toContain("Unexpected error:");
    vi.restoreAllMocks();
    const lockFiles = readdirSync(join(dir, ".obsidian/plugins/hybrid-vault-search")).filter((f) => f.includes("lock"));
    expect(lockFiles).toEqual([]);
    const ok = await runCli(["search", "--vault", dir, "--mode", "keyword", "--json", "bread"]);
    expect(ok.code).toBe(0);
    expect(ok.stderr).not.toMatch(/read-only|another process/i);
    expect((JSON.parse(ok.stdout) as { path: string }[])[0]?.path).toBe("Bread.md");
  });

  it("answers a failed search with its notice and exits 1, output shape unchanged", async () => {
    expect((await runCli(["index", "--vault", dir])).code).toBe(0);
    vi.spyOn(ChunkIndex.prototype, "keywordSearch").mockImplementation(() => {
      throw new TypeError("boom in the index");
    });
    const failed = await runCli(["search", "--vault", dir, "--mode", "keyword", "--json", "bread"]);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toEqual([]);
    expect(failed.stderr).toContain("This search failed on an unexpected error (boom in the index).");
  });
});
