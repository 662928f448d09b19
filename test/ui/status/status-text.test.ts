import { describe, expect, it } from "vitest";
import { indexStatusLines, statusBarText } from "../../../src/ui/status/status-text";
import { progress } from "../fixtures";

const unreachable = { code: "OLLAMA_UNREACHABLE" as const, message: "Can't reach Ollama at http://127.0.0.1:11434. Is it running?" };

describe("statusBarText", () => {
  it("shows indexing progress with the time left", () => {
    const t = statusBarText(progress({ phase: "indexing", done: 1234, total: 6571, etaMs: 120_000 }), false, "en-US");
    expect(t.text).toBe("Indexing 1,234 / 6,571 · 2 min left");
    expect(t.state).toBe("busy");
  });

  it("leaves out an unknown time left and an unknown total", () => {
    expect(statusBarText(progress({ phase: "embedding", done: 5, total: 90 }), false, "en-US").text).toBe("Embedding 5 / 90");
    expect(statusBarText(progress({ phase: "loading" }), false, "en-US").text).toBe("Loading index…");
  });

  it("says the model is being checked, not that the old index is ready, until Ollama answers", () => {
    const t = statusBarText(progress({ phase: "checking", notes: 6571, chunks: 20000, done: 3, total: 9 }), false, "en-US");
    expect(t).toMatchObject({ text: "Checking model…", state: "busy" });
    expect(t.tooltip).toMatch(/embedding model/);
    expect(t.tooltip).toContain("Click to pause");
    expect(statusBarText(progress({ phase: "checking" }), true, "en-US").text).toBe("Paused");
  });

  it("says the index is ready, with pending embeddings when there are some", () => {
    expect(statusBarText(progress({ notes: 6571, chunks: 20000 }), false, "en-US")).toMatchObject({
      text: "Index ready · 6,571 notes",
      state: "ready",
    });
    expect(statusBarText(progress({ notes: 1, pendingEmbeddings: 3 }), false, "en-US").text).toBe("Index ready · 1 note · 3 to embed");
  });

  it("shows Paused whatever the phase, and says a click resumes", () => {
    const t = statusBarText(progress({ phase: "indexing", done: 1, total: 2 }), true, "en-US");
    expect(t.text).toBe("Paused");
    expect(t.tooltip).toContain("Click to resume");
    expect(statusBarText(progress({ phase: "paused" }), false).text).toBe("Paused");
  });

  it("puts an unreachable Ollama first, and other errors as an index error", () => {
    expect(statusBarText(progress({ phase: "indexing", total: 9, lastError: unreachable }), false)).toMatchObject({
      text: "Ollama unreachable: keyword search only",
      state: "error",
    });
    const other = statusBarText(progress({ phase: "error", lastError: { code: "IO", message: "Disk full." } }), false);
    expect(other.text).toBe("Index error");
    expect(other.tooltip).toContain("Disk full.");
  });
});

describe("indexStatusLines", () => {
  it("lists the state, counts, size and last error", () => {
    const lines = indexStatusLines({ ...progress({ notes: 10, chunks: 40, pendingEmbeddings: 2, lastError: unreachable }), fileBytes: 2048 }, false, "en-US");
    expect(lines).toEqual([
      "State: Ollama unreachable: keyword search only",
      "Notes: 10",
      "Chunks: 40",
      "Waiting for embeddings: 2",
      "Index files: 2 KB",
      `Last error: ${unreachable.message}`,
    ]);
    expect(indexStatusLines(progress(), false, "en-US")).toContain("Last error: none");
    expect(indexStatusLines(progress(), false, "en-US").join("\n")).not.toContain("Chunks cut");
  });

  it("adds chunks cut to the model's input window to the tooltip and the status lines, in any phase", () => {
    const inputsCut = { count: 1234, windowTokens: undefined, model: "all-minilm" };
    const message = "Chunks cut to fit all-minilm's input window: 1,234.";
    expect(statusBarText(progress({ notes: 5, inputsCut }), false, "en-US")).toMatchObject({ text: "Index ready · 5 notes", state: "ready" });
    expect(statusBarText(progress({ notes: 5, inputsCut }), false, "en-US").tooltip).toContain(message);
    expect(statusBarText(progress({ phase: "indexing", inputsCut }), false, "en-US").tooltip).toContain(message);
    expect(indexStatusLines(progress({ inputsCut }), false, "en-US").at(-1)).toMatch(/^Chunks cut to fit all-minilm's input window: 1,234\. /);
  });
});
