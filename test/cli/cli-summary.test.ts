import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOllama, type FakeOllama } from "../fakes/fake-ollama";
import { runCli } from "./cli-harness";

describe("the CLI's index summary", () => {
  let fake: FakeOllama;
  let vault = "";
  beforeAll(async () => {
    // A small input window, as a model run with a short context would have.
    fake = await startFakeOllama({ contextLength: 24 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    vault = mkdtempSync(join(tmpdir(), "hvs-summary-"));
  });
  afterEach(() => rmSync(vault, { recursive: true, force: true }));
  const put = (path: string, text: string | Uint8Array): void => {
    mkdirSync(join(vault, path, ".."), { recursive: true });
    writeFileSync(join(vault, path), text);
  };
  const index = () => runCli(["index", "--vault", vault, "--ollama", fake.url, "--model", "fake-embed"]);

  it("says when the vault has no notes", async () => {
    put("picture.png", "not a note");
    const res = await index();
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/The vault has no notes to index: no \.md files were found in /);
  });

  it("counts excluded notes, skips binary files named .md with a warning, and warns about cut chunks", async () => {
    put("plain.md", "# Plain\n\nA short note about gardens.\n");
    put("long.md", `# Long\n\n${Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ")}\n`);
    put("secret.md", "---\ntags: [private]\n---\n# Secret\n\nHidden.\n");
    put("image.md", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    const res = await index();
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/1 file\(s\) named \.md are not text, so they are skipped: image\.md\./);
    expect(res.stderr).toMatch(/Index: 2 notes, \d+ chunks, all embedded with fake-embed\./);
    expect(res.stderr).toMatch(/2 notes excluded by the plugin's settings \(folders, patterns, tags, length\) or not text\./);
    expect(res.stderr).toMatch(/Warning: Chunks cut to fit fake-embed's input window of \d+ tokens: \d+\. Their ends are found by keyword only\. Set a smaller "Chunk size"/);
    expect(fake.stats.inputs.some((t) => t.includes("PNG"))).toBe(false);

    // The binary file is recorded, not read again: a second run warns no more.
    const again = await index();
    expect(again.stderr).not.toMatch(/named \.md are not text/);
    expect(again.stderr).toMatch(/Nothing needed embedding in this run/);
  });
});
