import { describe, expect, it } from "vitest";
import { PLAIN_PROGRESS_EVERY_MS, ProgressPrinter } from "../../src/cli/progress-printer";
import { INITIAL_PROGRESS, type SyncProgress } from "../../src/core/sync/control/sync-progress";

const embedding = (done: number): SyncProgress => ({ ...INITIAL_PROGRESS, phase: "embedding", done, total: 1000, etaMs: undefined });

describe("ProgressPrinter when stderr is not a terminal", () => {
  it("prints a plain line every few seconds, none in a short run, and never a carriage return", () => {
    let t = 0;
    let out = "";
    const printer = new ProgressPrinter({ write: (s: string) => (out += s) }, () => t);
    for (t = 0; t < PLAIN_PROGRESS_EVERY_MS; t += 500) printer.onProgress(embedding(t / 10));
    expect(out).toBe("");
    t = PLAIN_PROGRESS_EVERY_MS;
    printer.onProgress(embedding(500));
    t += 1000;
    printer.onProgress(embedding(600));
    t += PLAIN_PROGRESS_EVERY_MS;
    printer.onProgress(embedding(900));
    expect(out).toBe("Embedding 500 / 1,000\nEmbedding 900 / 1,000\n");
  });

  it("writes notices with control characters from note names neutralised", () => {
    let out = "";
    const printer = new ProgressPrinter({ write: (s: string) => (out += s) });
    printer.notice("1 note(s) are cut: \u001b[31mred\u0007.md\nnext line");
    expect(out).toBe("1 note(s) are cut: \uFFFD[31mred\uFFFD.md\nnext line\n");
  });
});
