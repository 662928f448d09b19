import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/run";
import { captureIo, copyDemoVault, parseHits, runCli } from "./cli-harness";

const RUNBOOK = "Runbooks/Postgres backup and restore.md";
let vault: { dir: string; dispose: () => void };

beforeAll(async () => {
  vault = copyDemoVault();
  const indexed = await runCli(["index", "--vault", vault.dir]);
  expect(indexed.code).toBe(0);
  expect(indexed.stderr).toMatch(/Keyword index: 22 notes/);
});

afterAll(() => vault.dispose());

const search = (...args: string[]) => runCli(["search", "--vault", vault.dir, "--json", ...args]);

describe("search --json on the demo vault, keyword only", () => {
  it("finds the note that contains an exact command name, with every field the JSON promises", async () => {
    const res = await search("pg_basebackup");
    expect(res.code).toBe(0);
    const [top] = parseHits(res.stdout);
    expect(top).toMatchObject({
      path: RUNBOOK,
      title: "Postgres backup and restore",
      heading: "Postgres backup and restore > Base backup and WAL archiving",
      ranks: { bm25: 1 },
    });
    // 1-based: the heading is on line 20 of the file, as an editor or `get` numbers it.
    expect(top?.startLine).toBe(20);
    expect(top?.endLine).toBeGreaterThanOrEqual(20);
    expect(top?.snippet).toContain("pg_basebackup");
    expect(top?.score).toBeGreaterThan(0);
  });

  it("finds a quoted phrase and leaves out notes that only have the words apart", async () => {
    const hits = parseHits((await search(`"point-in-time recovery"`)).stdout);
    expect(hits.map((h) => h.path)).toEqual([RUNBOOK]);
  });

  it("applies path: and tag: filters", async () => {
    const byPath = parseHits((await search("path:Cooking", "flour")).stdout);
    expect(byPath[0]?.path).toBe("Cooking/Sourdough starter.md");
    expect(byPath.every((h) => h.path.startsWith("Cooking/"))).toBe(true);
    const byTag = parseHits((await search("tag:#books habits")).stdout);
    expect(byTag.length).toBeGreaterThan(0);
    expect(byTag.every((h) => h.tags.includes("books"))).toBe(true);
  });

  it("finds the Chinese note with a Chinese query", async () => {
    expect(parseHits((await search("乌龙茶 水温")).stdout)[0]?.path).toBe("Notes/乌龙茶冲泡笔记.md");
  });

  it("never indexes the #private note", async () => {
    expect(parseHits((await search("quillfeather")).stdout)).toEqual([]);
  });

  it("answers hybrid searches by keyword without --ollama, says so on stderr, and keeps stdout pure JSON", async () => {
    const res = await search("sourdough");
    expect(res.code).toBe(0);
    expect(parseHits(res.stdout)[0]?.path).toBe("Cooking/Sourdough starter.md");
    expect(res.stderr).toMatch(/Keyword results only: no --ollama given/);
  });

  it("prints readable text without --json", async () => {
    const res = await runCli(["search", "--vault", vault.dir, "--mode", "keyword", "pg_basebackup"]);
    expect(res.stdout).toMatch(/^1\. Postgres backup and restore {2}Runbooks\/Postgres backup and restore\.md:\d+$/m);
    expect(res.stdout).toMatch(/§ Base backup and WAL archiving/);
    expect(res.stderr).toBe("");
  });

  it("picks up notes changed since the last index before searching", async () => {
    appendFileSync(join(vault.dir, "Inbox/Ideas.md"), "\n- Build a xylophonic doorbell.\n");
    writeFileSync(join(vault.dir, "Inbox/New idea.md"), "# New idea\n\nA zeppelinlike kite for the garden.\n");
    expect(parseHits((await search("xylophonic")).stdout)[0]?.path).toBe("Inbox/Ideas.md");
    expect(parseHits((await search("zeppelinlike")).stdout)[0]?.path).toBe("Inbox/New idea.md");
  });
});

describe("bad input", () => {
  it.each([
    [["search", "q"], /Missing --vault DIR/],
    [["index", "--vault", "/no/such/folder/anywhere"], /does not exist/],
    [["search", "--vault", "VAULT_FILE", "q"], /must be a folder/],
    [["search", "--vault", "VAULT", "--mode", "fuzzy", "q"], /Unknown --mode "fuzzy"/],
    [["search", "--vault", "VAULT", ""], /Missing the query/],
    [["reindex", "--vault", "VAULT"], /Unknown command "reindex"/],
    [[], /Usage:/],
  ])("%j exits non-zero with a clear message", async (argv, message) => {
    const real = argv.map((a) => (a === "VAULT" ? vault.dir : a === "VAULT_FILE" ? join(vault.dir, "Welcome.md") : a));
    const res = await runCli(real);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(message);
    expect(res.stdout).toBe("");
  });

  it("stops without indexing and exits 1 when cancelled before it starts", async () => {
    const { io, err } = captureIo();
    const controller = new AbortController();
    controller.abort();
    const fresh = copyDemoVault();
    try {
      expect(await run(["index", "--vault", fresh.dir], { ...io, signal: controller.signal })).toBe(1);
      expect(err()).toMatch(/Keyword index: 0 notes/);
    } finally {
      fresh.dispose();
    }
  });

  it("shows help on --help, with success", async () => {
    const res = await runCli(["--help"]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/hybrid-vault-search search --vault DIR/);
  });
});
