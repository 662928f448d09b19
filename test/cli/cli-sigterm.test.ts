import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOllama, type FakeOllama } from "../fakes/fake-ollama";
import { runCli } from "./cli-harness";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const NOTES = 120;

/** Runs the real CLI in a child process; sends SIGTERM once `ready` says so. */
function indexUntilTerminated(args: string[], ready: () => boolean): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: REPO });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const poll = setInterval(() => {
    if (ready()) {
      clearInterval(poll);
      child.kill("SIGTERM");
    }
  }, 20);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearInterval(poll);
      resolve({ code, stderr });
    }),
  );
}

describe("the CLI's index under SIGTERM (timeout, systemd, docker stop)", () => {
  let fake: FakeOllama;
  let vault = "";
  beforeAll(async () => {
    fake = await startFakeOllama();
    vault = mkdtempSync(join(tmpdir(), "hvs-sigterm-"));
    for (let i = 0; i < NOTES; i++) writeFileSync(join(vault, `note-${i}.md`), `# Note ${i}\n\nThe ${i}th of many small notes.\n`);
  });
  afterAll(async () => {
    await fake.close();
    rmSync(vault, { recursive: true, force: true });
  });

  it("saves what was embedded, and the next run embeds only the rest", async () => {
    // Slow answers, so that the signal lands while embedding is under way.
    fake.setFaults({ slowMs: 150 });
    const args = ["index", "--vault", vault, "--ollama", fake.url, "--model", "fake-embed"];
    const killed = await indexUntilTerminated(args, () => fake.stats.embedCalls >= 3);
    expect(killed.stderr).toMatch(/Stopping and saving what is indexed so far/);
    expect(killed.code).toBe(1);
    // The summary comes after the final save (it names the size of the files written).
    expect(killed.stderr).toMatch(/Done in [\d.]+ s\. Index: .+ \(\d+ (B|KB|MB)\)/);
    // The signal may land before every note was read: the summary counts what the saved index holds.
    const summary = /Index: (\d+) notes?, (\d+) chunks?(?:; ([\d,]+) chunks? not embedded yet)?/.exec(killed.stderr);
    expect(summary).not.toBeNull();
    const [notes, chunks] = [Number(summary?.[1]), Number(summary?.[2])];
    expect(chunks).toBe(notes); // one chunk per note
    const unembedded = Number((summary?.[3] ?? "0").replace(/,/g, ""));
    // Some batches were answered before the signal and were saved.
    expect(unembedded).toBeLessThan(chunks);
    const left = unembedded + (NOTES - notes);

    fake.setFaults({ slowMs: 0 });
    const resumed = await runCli(args);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(left === 0 ? /Nothing needed embedding/ : new RegExp(`Embedded ${left} chunks? in this run`));
  }, 60_000);
});
